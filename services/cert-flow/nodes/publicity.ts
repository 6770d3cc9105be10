import type { Db, DbOrTrx } from '#db/connection.ts';
import { escapeHtml } from '#adapters/mail/templates-layout.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import {
  OBJECTION_FILE_TYPES,
  PUBLICITY_ANNOUNCEMENT_TYPE,
  publicityActions,
  type ObjectionView,
  type PublicityDetail,
  type PublicitySaveRequest,
} from '#domain/cert-flow/nodes/publicity.ts';
import { isAllowedExtension } from '#domain/files.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import { badRequest, forbidden, type FieldErrors } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { isPrincipal, loadNode, lockNodeInProgress, type CheckedNode, type NodeCaller } from '../node-work.ts';

/** The publicity node (req flow §2.3, §3.12, §4.6, §5.10, §6): objections, return to KCP2, push as an announcement. */

/** The node's opening count: a return to KCP2 and its completion open PUBLICITY again (visit 2, 3…). */
async function visitOf(db: DbOrTrx, flowNo: string): Promise<number> {
  const row = await db.selectFrom('cert_flow_node').select('visit').where('flow_no', '=', flowNo).where('node_code', '=', 'PUBLICITY').executeTakeFirstOrThrow();
  return row.visit;
}

async function objectionsOf(db: DbOrTrx, flowNo: string): Promise<ObjectionView[]> {
  const rows = await db.selectFrom('publicity_objection').selectAll().where('flow_no', '=', flowNo).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    proposerId: r.proposer_job_number,
    proposerName: r.proposer_name,
    documentName: r.document_name,
    documentUrl: r.document_url,
    createTime: formatWireDateTime(new Date(r.created_at)),
  }));
}

async function pushedAt(db: DbOrTrx, flowNo: string, visit: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('announcement')
    .select('created_at')
    .where('source_flow_no', '=', flowNo)
    .where('source_visit', '=', visit)
    .executeTakeFirst();
  return row && new Date(row.created_at);
}

/** What the publicity screen shows this user: the objections, the period's end, and what may be done. */
export async function publicityDetail(db: Db, flowNo: string, staff: StaffPrincipal): Promise<PublicityDetail> {
  const node = await loadNode(db, flowNo, 'PUBLICITY');
  const task = node.task
    ? await db
        .selectFrom('cert_task as t')
        .leftJoin('staff as s', 's.job_number', 't.principal_job_number')
        .select(['t.end_time', 's.name'])
        .where('t.task_no', '=', node.task.taskNo)
        .executeTakeFirstOrThrow()
    : undefined;
  const pushed = await pushedAt(db, flowNo, await visitOf(db, flowNo));
  return {
    flowNo,
    nodeCode: 'PUBLICITY',
    nodeStatus: node.status,
    objectionList: await objectionsOf(db, flowNo),
    endTime: task?.end_time ? new Date(task.end_time).toISOString() : null,
    now: new Date().toISOString(),
    taskPrincipalId: node.task?.principalJobNumber ?? null,
    taskPrincipalName: node.task ? (task?.name ?? node.task.principalJobNumber) : null,
    pushedAt: pushed?.toISOString() ?? null,
    actions: publicityActions({
      inProgress: node.status === NODE_STATUS.IN_PROGRESS,
      flowEnded: node.flowEnded,
      principal: isPrincipal(node, staff),
      manageAll: hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll),
      pushed: !!pushed,
    }),
  };
}

/**
 * Saves the whole objections table (req flow §5.10): rows left out are deleted, named rows rewritten, new rows
 * added with the creation time of this save. A row id of another flow, an unknown proposer or a file
 * the caller may not name is a 400 on its field and nothing is written.
 */
export async function saveObjections(db: Db, node: CheckedNode, input: PublicitySaveRequest, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  const rows = input.objectionList;
  const errors: FieldErrors = {};
  const files = await requireStoredUrls(
    db,
    { kind: 'staff', flowNo },
    Object.fromEntries(rows.flatMap((r, i) => (r.documentUrl ? [[`objectionList.${i}.documentUrl`, r.documentUrl]] : []))),
  );
  for (const [path, ref] of Object.entries(files)) {
    if (!isAllowedExtension(ref.name, OBJECTION_FILE_TYPES)) errors[path.replace(/documentUrl$/, 'documentName')] = 'fileTypeNotAllowed';
  }
  const proposerIds = [...new Set(rows.map((r) => r.proposerId))];
  const names = new Map(
    proposerIds.length
      ? (await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', 'in', proposerIds).execute()).map((s) => [s.job_number, s.name])
      : [],
  );
  rows.forEach((r, i) => {
    if (!names.has(r.proposerId)) errors[`objectionList.${i}.proposerId`] = 'chooseProposer';
  });
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);

  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'PUBLICITY');
    const saved = new Set((await trx.selectFrom('publicity_objection').select('id').where('flow_no', '=', flowNo).execute()).map((r) => r.id));
    const unknown = rows.flatMap((r, i) => (r.id != null && !saved.has(r.id) ? [[`objectionList.${i}.id`, 'invalidValue'] as const] : []));
    if (unknown.length) throw badRequest('invalidInput', Object.fromEntries(unknown));
    const kept = rows.flatMap((r) => (r.id != null ? [r.id] : []));
    let del = trx.deleteFrom('publicity_objection').where('flow_no', '=', flowNo);
    if (kept.length) del = del.where('id', 'not in', kept);
    await del.execute();
    const now = new Date();
    for (const [i, r] of rows.entries()) {
      const file = files[`objectionList.${i}.documentUrl`];
      const values = {
        description: r.description,
        proposer_job_number: r.proposerId,
        proposer_name: names.get(r.proposerId)!,
        document_name: file?.name ?? null,
        document_url: file?.url ?? null,
        updated_at: now,
      };
      if (r.id != null) await trx.updateTable('publicity_objection').set(values).where('id', '=', r.id).execute();
      else await trx.insertInto('publicity_objection').values({ flow_no: flowNo, created_by: staff.jobNumber, created_at: now, ...values }).execute();
    }
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'SAVE_NODE_FORM',
      description: '公示异议保存',
      detail: { nodeCode: 'PUBLICITY', objections: rows.length },
    });
  });
}

/**
 * Returns the node to KCP2 through the workflow (req flow §4.6), which refuses unless PUBLICITY is the open
 * node (409) and answers once KCP2 is in progress again. The update id names this opening of the
 * node, so a repeated click returns it once.
 */
export async function returnPublicity(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const visit = await visitOf(deps.db, node.flowNo);
  await deps.flows.revertNode(node.flowNo, { nodeCode: 'PUBLICITY', actor: actorOf(staff) }, `revert:${node.flowNo}:PUBLICITY:${visit}`);
}

/** Push needs cert_process_manage_all (req flow §4.6, req flow §6), whoever holds the node. */
export const publicityPusher: NodeCaller = ({ staff }) => {
  if (!hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll)) throw forbidden('noPublicityPushKey');
};

/**
 * Publishes the publicity as an announcement of the shell, popping up for its readers. One per flow
 * and period: a repeated push (a double click, a retried request) publishes nothing new and answers
 * the same.
 */
export async function pushPublicity(db: Db, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'PUBLICITY');
    const visit = await visitOf(trx, flowNo);
    const flow = await trx.selectFrom('cert_flow').select(['supplier_name', 'category_list']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    const end = node.task
      ? (await trx.selectFrom('cert_task').select('end_time').where('task_no', '=', node.task.taskNo).executeTakeFirst())?.end_time
      : null;
    const notice = publicityNotice({
      supplierName: flow.supplier_name,
      categories: flow.category_list.map((c) => c.name),
      endTime: end ? formatWireDateTime(new Date(end)) : null,
    });
    const inserted = await trx
      .insertInto('announcement')
      .values({
        type: PUBLICITY_ANNOUNCEMENT_TYPE,
        title: notice.title,
        context: notice.context,
        release_time: new Date(),
        is_pop_up: true,
        source_flow_no: flowNo,
        source_visit: visit,
        created_by: staff.jobNumber,
      })
      .onConflict((oc) => oc.columns(['source_flow_no', 'source_visit']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'PUSH_PUBLICITY',
      description: '公示推送',
      detail: { nodeCode: 'PUBLICITY', visit, announcementId: inserted.id },
    });
  });
}

/**
 * The announcement's title and HTML body, in both languages (an announcement is read by everyone, in
 * either). Names come from forms, so they are escaped before they reach HTML.
 */
function publicityNotice(f: { supplierName: string; categories: string[]; endTime: string | null }): { title: string; context: string } {
  const name = escapeHtml(f.supplierName);
  const categories = escapeHtml(f.categories.join('、'));
  const until = f.endTime ? { zh: `，公示截止时间：${f.endTime}`, en: ` until ${f.endTime} (UTC+8)` } : { zh: '', en: '' };
  return {
    title: `供应商准入公示 Supplier admission publicity: ${f.supplierName}`,
    context:
      `<p>供应商“${name}”（品类：${categories}）已进入准入公示期${until.zh}。如有异议，请联系该供应商的采购经理。</p>` +
      `<p>The supplier "${name}" (categories: ${categories}) is in its admission publicity period${until.en}. ` +
      `Objections go to the supplier's purchasing manager.</p>`,
  };
}
