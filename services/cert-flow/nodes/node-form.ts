import type { Transaction } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { badRequest } from '#domain/errors.ts';
import { isPrincipal, loadNode, lockNodeInProgress, type CheckedNode, type NodeAtWork } from '../node-work.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

/**
 * The form store of the node screens: one cert_node_form row per flow and node, holding a summary,
 * a conclusion and attachments (aptitude, meeting conclusions, sample certification) and, for a node
 * with a form of its own shape, its structured values (the CERT node's certificate rows).
 */

export interface NodeFormValues {
  accessStatus?: number | null;
  description?: string | null;
  documents: DocumentItem[];
  /** The node's own structured values, stored as one JSON object. */
  fields?: Record<string, unknown>;
}

/** The node's saved form and its principal, as the screen shows it to this user. */
export async function nodeFormDetail(db: Db, flowNo: string, nodeCode: NodeCode, staff: StaffPrincipal): Promise<NodeFormDetail & { node: NodeAtWork }> {
  const node = await loadNode(db, flowNo, nodeCode);
  const row = await db.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).executeTakeFirst();
  const principalName = node.task
    ? ((await db.selectFrom('staff').select('name').where('job_number', '=', node.task.principalJobNumber).executeTakeFirst())?.name ?? null)
    : null;
  const principal = isPrincipal(node, staff);
  return {
    node,
    flowNo,
    nodeCode,
    accessStatus: row?.access_status == null ? null : Number(row.access_status),
    description: row?.description ?? '',
    documentList: row?.documents ?? [],
    nodeStatus: node.status,
    editable: principal && node.status === NODE_STATUS.IN_PROGRESS,
    principal,
    taskPrincipalId: node.task?.principalJobNumber ?? null,
    taskPrincipalName: principalName,
    updateTime: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** The node's structured values as last saved (`fields` of saveNodeForm); undefined before its first save. */
export async function savedNodeFields(db: Db, flowNo: string, nodeCode: NodeCode): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('cert_node_form').select('form_values').where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).executeTakeFirst();
  return row?.form_values ?? undefined;
}

/**
 * Writes the node's form and its operation-history row in one transaction (architecture §5). The form
 * stays saved even if the completion that follows is refused: it is the user's work. `within` writes
 * what belongs to the form beyond its row (KCP2's to-do list) in the same transaction.
 */
export async function saveNodeForm(
  db: Db,
  input: { node: CheckedNode; values: NodeFormValues; staff: StaffPrincipal; submit: boolean; within?: (trx: Transaction<Database>) => Promise<void> },
): Promise<void> {
  const { node, values, staff } = input;
  const { flowNo, nodeCode } = node;
  const row = {
    access_status: values.accessStatus == null ? null : String(values.accessStatus),
    description: values.description ?? null,
    documents: JSON.stringify(values.documents),
    form_values: values.fields ? JSON.stringify(values.fields) : null,
    updated_by: staff.jobNumber,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, nodeCode);
    await trx
      .insertInto('cert_node_form')
      .values({ flow_no: flowNo, node_code: nodeCode, ...row })
      .onConflict((oc) => oc.columns(['flow_no', 'node_code']).doUpdateSet(row))
      .execute();
    await input.within?.(trx);
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: input.submit ? 'SUBMIT_NODE_FORM' : 'SAVE_NODE_FORM',
      description: `${NODE_TASK_NAME[nodeCode].zh}${input.submit ? '提交' : '保存'}`,
      detail: { nodeCode, accessStatus: values.accessStatus ?? null, documents: values.documents.length },
    });
  });
}

/**
 * Whether a conclusion passes, read from its dictionary entry on the server (never from the client):
 * an entry with extra.pass false fails the node and so ends the flow (req flow §4.3, §4.9). A key the
 * dictionary does not hold is a 400 on the field.
 */
export async function conclusionPasses(db: Db, dictType: string, accessStatus: number, field = 'accessStatus'): Promise<boolean> {
  const entry = await db
    .selectFrom('dict_entry')
    .select('extra')
    .where('dict_type', '=', dictType)
    .where('dict_key', '=', String(accessStatus))
    .executeTakeFirst();
  if (!entry) throw badRequest('invalidInput', { [field]: 'invalidValue' });
  return entry.extra?.pass !== false;
}
