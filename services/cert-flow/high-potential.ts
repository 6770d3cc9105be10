import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { APPROVAL_STATUS, type ApprovalStatus } from '#domain/cert-flow/evaluation.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import {
  HIGH_POTENTIAL_DOCUMENT_TYPE,
  highPotentialEditable,
  highPotentialReady,
  type HighPotentialDetail,
  type HighPotentialRequest,
} from '#domain/cert-flow/high-potential.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { approvalInfo } from '#services/approval/read.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { FlowGateway } from './flow-gateway.ts';
import { isPrincipal, loadNode, lockNodeInProgress, type CheckedNode } from './node-work.ts';
import { isHighPotentialConclusion, savedKcp2Conclusion } from './supplier-code-availability.ts';
import { announceTodos, loadTodos, writeTodoList } from './todos.ts';

/**
 * The high-potential supplier application (req flow §3.6, §5.7, §7.8): the KCP2 principal saves it and
 * submits it for approval while KCP2 is in progress, when the saved conclusion is the high-potential
 * one and no approval of it runs or has passed. The approval itself is the workflow's.
 */

type Deps = { db: Db; flows: FlowGateway; mailer: Mailer; publicUrl: string };

/** GET /v1/supplier-assessment/get_high-supplier-apply; bpmUrl and bpmRemark are the approval's (services/approval/read.ts). */
export async function highPotentialDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<HighPotentialDetail> {
  const node = await loadNode(db, flowNo, 'KCP2');
  const [row, approval, available, todoList] = await Promise.all([
    db.selectFrom('high_potential_application').select(['status', 'description', 'documents', 'updated_at']).where('flow_no', '=', flowNo).executeTakeFirst(),
    approvalInfo(db, flowNo, 'HIGH_POTENTIAL', locale),
    savedKcp2Conclusion(db, flowNo).then((c) => isHighPotentialConclusion(db, c)),
    loadTodos(db, { flowNo, source: 'HIGH_POTENTIAL', viewer: staff, flowEnded: node.flowEnded }),
  ]);
  const nodeOpen = node.status === NODE_STATUS.IN_PROGRESS && !node.flowEnded;
  const status = (row?.status ?? APPROVAL_STATUS.NOTSTART) as ApprovalStatus;
  return {
    flowNo,
    accessType: 'HIGH_POTENTIAL',
    accessStatus: status,
    description: row?.description ?? '',
    documentList: (row?.documents ?? []).map((d) => ({ ...d, documentType: HIGH_POTENTIAL_DOCUMENT_TYPE })),
    todoList,
    bpmUrl: approval.bpmUrl,
    bpmRemark: approval.bpmRemark,
    available,
    canEdit: nodeOpen && isPrincipal(node, staff) && available && highPotentialEditable(status),
    updateTime: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** 409 unless the application may be written: the saved conclusion is high potential, and no approval runs or has passed. */
async function requireWritable(db: DbOrTrx, flowNo: string): Promise<void> {
  if (!(await isHighPotentialConclusion(db, await savedKcp2Conclusion(db, flowNo)))) throw conflict('highPotentialNotChosen');
  const row = await db.selectFrom('high_potential_application').select('status').where('flow_no', '=', flowNo).forUpdate().executeTakeFirst();
  if (!highPotentialEditable((row?.status ?? APPROVAL_STATUS.NOTSTART) as ApprovalStatus)) throw conflict('highPotentialLocked');
}

/** POST /v1/supplier-assessment/save_high-supplier-apply: keeps the work; the to-dos go out to their principals. */
export async function saveHighPotential(deps: Deps, node: CheckedNode, input: HighPotentialRequest, staff: StaffPrincipal): Promise<void> {
  await requireWritable(deps.db, node.flowNo);
  await store(deps.db, node, input, staff, false);
  await announceTodos(deps, node.flowNo, 'HIGH_POTENTIAL');
}

/**
 * Submit for approval: req flow §5.7's check ('请填写待办事项，并上传高潜供应商结论附件！'), the save, then the
 * workflow opens the approval (which sets the status in progress). The update id counts the earlier
 * approvals of the flow's application, so a double click starts one and a resubmission after a
 * rejection starts the next.
 */
export async function submitHighPotential(deps: Deps, node: CheckedNode, input: HighPotentialRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  await requireWritable(db, flowNo);
  if (!highPotentialReady(input)) {
    throw badRequest('fillTodoAndUploadConclusion', {
      ...(input.documentList.length ? {} : { documentList: 'fillTodoAndUploadConclusion' }),
      ...(input.todoList.length ? {} : { todoList: 'fillTodoAndUploadConclusion' }),
    });
  }
  await store(db, node, input, staff, true);
  await announceTodos(deps, flowNo, 'HIGH_POTENTIAL');
  const { n } = await db
    .selectFrom('flow_approval')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('flow_no', '=', flowNo)
    .where('kind', '=', 'HIGH_POTENTIAL')
    .executeTakeFirstOrThrow();
  await deps.flows.startApproval(flowNo, { kind: 'HIGH_POTENTIAL', actor: actorOf(staff) }, `start-approval:${flowNo}:HIGH_POTENTIAL:${Number(n) + 1}`);
}

/** Writes the application and its to-do list; checked again under the node's lock. */
async function store(db: Db, node: CheckedNode, input: HighPotentialRequest, staff: StaffPrincipal, submit: boolean): Promise<void> {
  const { flowNo } = node;
  // Stored with their type, as the table declares them: the release form takes them over as conclusion files.
  const stored = await requireStoredDocuments(db, { kind: 'staff', flowNo }, 'documentList', input.documentList);
  const documents = stored.map((d) => ({ ...d, documentType: HIGH_POTENTIAL_DOCUMENT_TYPE }));
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'KCP2');
    await requireWritable(trx, flowNo);
    const values = { description: input.description ?? null, documents: JSON.stringify(documents), updated_by: staff.jobNumber, updated_at: new Date() };
    await trx
      .insertInto('high_potential_application')
      .values({ flow_no: flowNo, ...values })
      .onConflict((oc) => oc.column('flow_no').doUpdateSet(values))
      .execute();
    await writeTodoList(trx, { flowNo, source: 'HIGH_POTENTIAL', field: 'todoList', rows: input.todoList });
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: submit ? 'SUBMIT_HIGH_POTENTIAL' : 'SAVE_HIGH_POTENTIAL',
      description: submit ? '提交高潜供应商申请审批' : '保存高潜供应商申请',
      detail: { documents: documents.length, todos: input.todoList.length },
    });
  });
}
