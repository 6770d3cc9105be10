import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden } from '#services/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import type { ExitGateway } from './exit-gateway.ts';
import { exitLogOf, isExitAdmin, loadExit } from './exit-rows.ts';
import { refuseWhileFlowRuns } from './save.ts';

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
  await deps.exits.decide(input.flowNo, { decision: input.decision, reason: input.reason, actor: actorOf(staff), asAdmin }, `${input.flowNo}:decide:${input.decision}`);
}

/**
 * GET /v1/supplier-exit/termination: the sponsor or an administrator ends an exit that is not decided.
 * A draft ends here; a submitted exit through its workflow (which records it).
 */
export async function terminateExit(deps: { db: Db; exits: ExitGateway }, flowNo: string, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const exit = await loadExit(db, flowNo);
  const asAdmin = isExitAdmin(staff);
  if (!asAdmin && exit.sponsor_job_number !== staff.jobNumber) throw forbidden('exitNotSponsor');
  if (exit.status === 'draft') {
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('supplier_exit')
        .set({ status: 'terminated', finished_at: new Date(), updated_at: new Date() })
        .where('flow_no', '=', flowNo)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      if (!done.numUpdatedRows) throw conflict('exitNotPending');
      await writeHistory(trx, { relation: exitLogOf(flowNo), actor: actorOf(staff), action: 'exitTerminated', description: '终止退出申请' });
    });
    return;
  }
  if (exit.status !== 'submitted' || exit.decided_by_name) throw conflict('exitNotPending');
  await deps.exits.terminate(flowNo, { actor: actorOf(staff), asAdmin }, `${flowNo}:terminate`);
}
