import { sql, type Transaction } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden, ServiceError } from '#domain/errors.ts';
import { isRetryWithoutOutcome } from '#adapters/request/request-scope.ts';
import {
  APPROVE_STATUS,
  SELF_INSPECTION_DOCUMENT_TYPE,
  type ApproveStatus,
  type AuditConclusionRequest,
  type ChecklistIssueRequest,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { completeNode, lockNodeInProgress, type CheckedNode } from '#services/cert-flow/node-work.ts';
import { mailSupplier } from './notify.ts';
import type { SelfInspectionDeps } from './deps.ts';
import { requireStoredFile } from '#services/files/stored-documents.ts';
import { allApproved, lockRow, rowsOfFlow, type ItemRow } from './rows.ts';
import { flowInspectionDimensions } from '#services/scenario/scenario-read.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { closeAuditTask, closeIssueTask } from './tasks.ts';

const NODE = 'SELF_INSPECTION';

/**
 * Inside a write's transaction: the node still in progress, the row locked, the caller its owner (job
 * number, req flow §5.4; 403) and the row at the status the write starts from (409).
 */
async function lockOwnRow(trx: Transaction<Database>, flowNo: string, aid: string, staff: StaffPrincipal, status: ApproveStatus): Promise<ItemRow> {
  await lockNodeInProgress(trx, flowNo, NODE);
  const row = await lockRow(trx, aid, flowNo);
  if (row.principal_job_number !== staff.jobNumber) throw forbidden('notTaskPrincipal');
  if (row.approve_status !== status) throw conflict('selfInspectionWrongStatus');
  return row;
}

/** Checklist issue (req flow §4.7, §5.4): status 10 → 20, and the supplier is told by mail. */
export async function issueChecklist(deps: SelfInspectionDeps, node: CheckedNode, input: ChecklistIssueRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const row = await db.transaction().execute(async (trx) => {
    const row = await lockOwnRow(trx, flowNo, input.aid, staff, APPROVE_STATUS.AWAITING_ISSUE);
    // Finding the template among files staff uploaded or this flow's own: never another supplier's upload.
    const template = await requireStoredFile(trx, { kind: 'staff', flowNo }, input.documentUrl);
    const now = new Date();
    await trx
      .updateTable('self_inspection_item')
      .set({
        approve_status: APPROVE_STATUS.AWAITING_SUPPLIER,
        template_type: input.documentType ?? SELF_INSPECTION_DOCUMENT_TYPE,
        template_name: template.name,
        template_url: template.url,
        issued_at: now,
        updated_at: now,
      })
      .where('aid', '=', row.aid)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'SELF_INSPECTION_ISSUE',
      description: `下发自检清单：${row.dimension_desc}`,
      detail: { aid: row.aid, dimensionCode: row.dimension_code, documentName: template.name },
    });
    await closeIssueTask(trx, row);
    return row;
  });
  await mailSupplier(deps, row, `self-inspection:issue:${row.aid}`);
}

/**
 * Audit conclusion (req flow §5.3): at status 30 the owner rejects (40: back to the supplier at 20,
 * with the opinion by mail) or approves (50). The approval of the last row completes the node (req flow §4.2).
 */
export async function submitAuditConclusion(deps: SelfInspectionDeps, node: CheckedNode, input: AuditConclusionRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const rejected = input.approveStatus === APPROVE_STATUS.REJECTED;
  const row = await concludeRow(db, flowNo, input, staff, rejected).catch(async (err: unknown) => {
    // Sent again with its request key after an attempt that left no outcome (its answer lost after the commit, or
    // the completion below failed): the row met concluded may be that attempt's own conclusion. Then the steps after
    // the commit run again (the mail is deduplicated, the completion keyed) and the answer is the first attempt's.
    if (!(isRetryWithoutOutcome() && err instanceof ServiceError && err.message === 'selfInspectionWrongStatus')) throw err;
    const own = await ownConclusionOnRecord(db, flowNo, input, staff);
    if (!own) throw err;
    return own;
  });
  if (rejected) {
    await mailSupplier(deps, row, `self-inspection:reject:${row.aid}:${row.reject_count}`, input.approveOpinion);
    return;
  }
  // Read after commit: of two owners approving the last rows at once, at least one sees all approved.
  if (allApproved(await rowsOfFlow(db, flowNo), await flowInspectionDimensions(db, flowNo))) {
    await completeNode(deps, { flowNo, nodeCode: NODE, actor: actorOf(staff) });
  }
}

/** The conclusion's own transaction: the row from 30 to 20 (rejected) or 50, its history row, its task closed. */
function concludeRow(db: Db, flowNo: string, input: AuditConclusionRequest, staff: StaffPrincipal, rejected: boolean): Promise<ItemRow> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOwnRow(trx, flowNo, input.aid, staff, APPROVE_STATUS.AWAITING_AUDIT);
    const now = new Date();
    await trx
      .updateTable('self_inspection_item')
      .set({
        approve_status: rejected ? APPROVE_STATUS.AWAITING_SUPPLIER : APPROVE_STATUS.APPROVED,
        approve_opinion: input.approveOpinion ?? null,
        reject_count: rejected ? row.reject_count + 1 : row.reject_count,
        audited_at: now,
        updated_at: now,
      })
      .where('aid', '=', row.aid)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: rejected ? 'SELF_INSPECTION_REJECT' : 'SELF_INSPECTION_APPROVE',
      description: `自检审核${rejected ? '驳回' : '通过'}：${row.dimension_desc}${input.approveOpinion ? `，${input.approveOpinion}` : ''}`,
      detail: { aid: row.aid, dimensionCode: row.dimension_code, approveStatus: input.approveStatus, approveOpinion: input.approveOpinion ?? null },
    });
    await closeAuditTask(trx, row);
    return { ...row, reject_count: rejected ? row.reject_count + 1 : row.reject_count };
  });
}

/**
 * The row, when its last recorded step is this very conclusion by this caller — the same decision and opinion,
 * nothing since (no resubmission by the supplier) — and it stands at the status that conclusion gave it; else
 * undefined. Another caller's conclusion, another decision, or a row that moved on is not this request's own.
 */
export async function ownConclusionOnRecord(db: Db, flowNo: string, input: AuditConclusionRequest, staff: StaffPrincipal): Promise<ItemRow | undefined> {
  const rejected = input.approveStatus === APPROVE_STATUS.REJECTED;
  const row = await db.selectFrom('self_inspection_item').selectAll().where('aid', '=', input.aid).where('flow_no', '=', flowNo).executeTakeFirst();
  if (!row || row.principal_job_number !== staff.jobNumber) return undefined;
  if (row.approve_status !== (rejected ? APPROVE_STATUS.AWAITING_SUPPLIER : APPROVE_STATUS.APPROVED)) return undefined;
  const last = await db
    .selectFrom('operation_history')
    .select(['action', 'operator_id', 'detail'])
    .where('relation_type', '=', flowLogOf(flowNo).type)
    .where('relation_code', '=', flowNo)
    .where(sql<string>`detail->>'aid'`, '=', input.aid)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const detail = (last?.detail ?? {}) as { approveStatus?: unknown; approveOpinion?: unknown };
  const own =
    last?.action === (rejected ? 'SELF_INSPECTION_REJECT' : 'SELF_INSPECTION_APPROVE') &&
    last.operator_id === staff.id &&
    detail.approveStatus === input.approveStatus &&
    detail.approveOpinion === (input.approveOpinion ?? null);
  return own ? row : undefined;
}

/** The principal retries the completion once every row is approved (the engine was unreachable). */
export async function finishSelfInspection(deps: SelfInspectionDeps, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  if (!allApproved(await rowsOfFlow(deps.db, flowNo), await flowInspectionDimensions(deps.db, flowNo))) throw conflict('selfInspectionNotAllApproved');
  await completeNode(deps, { flowNo, nodeCode: NODE, actor: actorOf(staff) });
}
