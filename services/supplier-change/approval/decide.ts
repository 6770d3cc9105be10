import type { Db, DbOrTrx } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { APPROVAL_STATUS, type ChangeStatus } from '#domain/supplier-change/status.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { CHANGE_REFUSAL } from '#workflows/supplier-change-definitions.ts';
import type { ChangeGateway } from '../change-gateway.ts';
import { isChangeAdmin } from '../access.ts';
import { loadChange, type ChangeRowRecord as ChangeRow } from '../change-rows.ts';

/**
 * The decisions on a change's approval card (POST /v1/supplier-change/approve, reject, conflict-decision),
 * checked here against the change as stored, and again by the workflow's validators against its own
 * state: the open step's approver or an administrator decides; never the submitter; the two steps of a
 * bank change by two different people. The update id derives from the change, round and step, so a
 * retried request is applied once.
 */

type Deps = { db: Db; changes: ChangeGateway };

const isOwnChange = (change: Pick<ChangeRow, 'side' | 'submitter_id'>, staff: StaffPrincipal) => change.side === 'staff' && change.submitter_id === staff.jobNumber;

async function stepsOf(db: DbOrTrx, flowNo: string, round: number) {
  return db.selectFrom('supplier_change_step').selectAll().where('flow_no', '=', flowNo).where('round', '=', round).orderBy('seq').execute();
}

/** Why `staff` may not decide the open step of the change now (a message id with its kind), or undefined when they may. */
export async function stepRefusal(db: DbOrTrx, change: ChangeRow, staff: StaffPrincipal): Promise<{ kind: 'forbidden' | 'conflict'; message: string } | undefined> {
  if (isOwnChange(change, staff)) return { kind: 'forbidden', message: CHANGE_REFUSAL.ownApproval };
  if (change.status !== 'approving') return { kind: 'conflict', message: CHANGE_REFUSAL.notPending };
  const steps = await stepsOf(db, change.flow_no, change.round);
  const open = steps.find((s) => s.status === APPROVAL_STATUS.INPROGRESS);
  if (!open) return { kind: 'conflict', message: CHANGE_REFUSAL.notPending };
  if (steps.some((s) => s.seq < open.seq && s.decided_by_job_number === staff.jobNumber)) return { kind: 'forbidden', message: CHANGE_REFUSAL.secondApprover };
  if (!isChangeAdmin(staff) && open.approver_job_number !== staff.jobNumber) return { kind: 'forbidden', message: CHANGE_REFUSAL.notApprover };
  return undefined;
}

/** Why `staff` may not decide the change's conflict now, or undefined when they may (its last approver, or an administrator). */
export async function conflictRefusal(db: DbOrTrx, change: ChangeRow, staff: StaffPrincipal): Promise<{ kind: 'forbidden' | 'conflict'; message: string } | undefined> {
  if (isOwnChange(change, staff)) return { kind: 'forbidden', message: CHANGE_REFUSAL.ownApproval };
  if (change.status !== 'conflict') return { kind: 'conflict', message: CHANGE_REFUSAL.noConflict };
  const last = (await stepsOf(db, change.flow_no, change.round)).filter((s) => s.decided_by_job_number).at(-1);
  if (!isChangeAdmin(staff) && last?.decided_by_job_number !== staff.jobNumber) return { kind: 'forbidden', message: CHANGE_REFUSAL.notApprover };
  return undefined;
}

const raise = (r: { kind: 'forbidden' | 'conflict'; message: string }) => (r.kind === 'forbidden' ? forbidden(r.message) : conflict(r.message));

/** Approve or reject the open step. Answers the change's status once the decision is recorded (applied, conflict, or the next step waiting). */
export async function decideChange(deps: Deps, input: { flowNo: string; decision: 'approve' | 'reject'; reason?: string }, staff: StaffPrincipal): Promise<{ status: ChangeStatus }> {
  const change = await loadChange(deps.db, input.flowNo);
  const refusal = await stepRefusal(deps.db, change, staff);
  if (refusal) throw raise(refusal);
  const open = (await stepsOf(deps.db, change.flow_no, change.round)).find((s) => s.status === APPROVAL_STATUS.INPROGRESS)!;
  await deps.changes.decideChange(
    input.flowNo,
    change.round,
    { decision: input.decision, reason: input.reason, actor: actorOf(staff), asAdmin: isChangeAdmin(staff), step: open.seq },
    `${input.flowNo}:${change.round}:${open.seq}:${input.decision}`,
    async () => (await loadChange(deps.db, input.flowNo)).status === 'approving',
  );
  return { status: (await loadChange(deps.db, input.flowNo)).status };
}

/** The approver's decision on a conflict: apply over the newer master, or reject (with a reason) back to the submitter. */
export async function resolveChangeConflict(
  deps: Deps,
  input: { flowNo: string; decision: 'apply' | 'reject'; reason?: string },
  staff: StaffPrincipal,
): Promise<{ status: ChangeStatus }> {
  // A rejection sends the change back to its submitter: they read why.
  if (input.decision === 'reject' && !input.reason?.trim()) throw badRequest(CHANGE_REFUSAL.reasonRequired, { reason: CHANGE_REFUSAL.reasonRequired });
  const change = await loadChange(deps.db, input.flowNo);
  const refusal = await conflictRefusal(deps.db, change, staff);
  if (refusal) throw raise(refusal);
  await deps.changes.resolveConflict(
    input.flowNo,
    change.round,
    { decision: input.decision, reason: input.reason, actor: actorOf(staff), asAdmin: isChangeAdmin(staff) },
    `${input.flowNo}:${change.round}:conflict:${input.decision}`,
  );
  return { status: (await loadChange(deps.db, input.flowNo)).status };
}
