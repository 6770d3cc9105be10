import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { exitEndActions } from '#domain/supplier-exit/exit.ts';
import { writeHistory } from '#services/history/write-history.ts';
import type { ExitGateway } from './exit-gateway.ts';
import { exitLogOf, isExitAdmin, loadExit } from './exit-rows.ts';
import { refuseWhileFlowRuns } from './save.ts';
import { requireSponsorDraft } from './exit-form.ts';

/**
 * audit-pass / audit-reject of an exit: its approver or an administrator, never its sponsor, while it
 * waits. A whole-supplier approval is checked again for running certification flows (one may have
 * started since the submit). The workflow's validator checks the same against its own state.
 */
export async function decideExit(
  deps: { db: Db; exits: ExitGateway },
  input: { flowNo: string; decision: 'pass' | 'reject'; reason?: string },
  staff: StaffPrincipal,
): Promise<void> {
  const exit = await loadExit(deps.db, input.flowNo);
  const asAdmin = isExitAdmin(staff);
  if (exit.sponsor_job_number === staff.jobNumber) throw forbidden('exitOwnApproval');
  if (!asAdmin && exit.approver_job_number !== staff.jobNumber) throw forbidden('exitNotApprover');
  if (exit.status !== 'submitted' || exit.decided_by_name) throw conflict('exitNotPending');
  if (input.decision === 'pass' && exit.scope === 'SUPPLIER') await refuseWhileFlowRuns(deps.db, exit.supplier_no);
  await deps.exits.decide(input.flowNo, { decision: input.decision, reason: input.reason, actor: actorOf(staff), asAdmin }, `${input.flowNo}:decide:${input.decision}`, () =>
    stillUndecided(deps.db, input.flowNo),
  );
}

/**
 * POST /v1/supplier-exit/termination: the sponsor or an administrator ends a submitted exit that is not
 * decided, through its workflow (which records it and closes the approver's task). A draft is not
 * terminated but deleted (deleteDraft): it was never sent anywhere.
 */
export async function terminateExit(deps: { db: Db; exits: ExitGateway }, flowNo: string, staff: StaffPrincipal): Promise<void> {
  const exit = await loadExit(deps.db, flowNo);
  const asAdmin = isExitAdmin(staff);
  const sponsor = exit.sponsor_job_number === staff.jobNumber;
  if (exit.status === 'draft') {
    // A draft is its sponsor's own (refused to others as its save is).
    if (!sponsor) throw forbidden('exitNotSponsor');
    throw conflict('exitDraftNotTerminable');
  }
  if (!asAdmin && !sponsor) throw forbidden('exitNotSponsor');
  if (!exitEndActions({ status: exit.status, decided: !!exit.decided_by_name }, { sponsor, admin: asAdmin }).terminate) throw conflict('exitNotPending');
  await deps.exits.terminate(flowNo, { actor: actorOf(staff), asAdmin }, `${flowNo}:terminate`, () => stillUndecided(deps.db, flowNo));
}

/** The stored exit still waits for its decision. */
async function stillUndecided(db: Db, flowNo: string): Promise<boolean> {
  const exit = await loadExit(db, flowNo);
  return exit.status === 'submitted' && !exit.decided_by_name;
}

/**
 * POST /v1/supplier-exit/delete: the sponsor removes a draft (docs/decisions/0032-supplier-exit.md). The
 * draft's change log stays, with the deletion as its last row.
 */
export async function deleteDraft(db: Db, flowNo: string, staff: StaffPrincipal): Promise<void> {
  const exit = await loadExit(db, flowNo);
  requireSponsorDraft(exit, staff);
  await db.transaction().execute(async (trx) => {
    const done = await trx.deleteFrom('supplier_exit').where('flow_no', '=', flowNo).where('status', '=', 'draft').executeTakeFirst();
    if (!done.numDeletedRows) throw conflict('exitNotDraft');
    await writeHistory(trx, { relation: exitLogOf(flowNo), actor: actorOf(staff), action: 'exitDraftDeleted', description: '删除退出申请草稿' });
  });
}
