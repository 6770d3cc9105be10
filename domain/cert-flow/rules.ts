import { PERMISSIONS, hasPermission } from '../permissions.ts';
import { STAGE, type Stage } from './enums.ts';

/** A flow has ended when terminated (also by a failing conclusion) or finished: nothing of it changes any more. */
export const ENDED_STAGES: readonly Stage[] = [STAGE.TERMINATED, STAGE.FINISHED];

export function hasEnded(flow: { stage: number }): boolean {
  return (ENDED_STAGES as readonly number[]).includes(flow.stage);
}

/** Spec 2 §4.1: terminate only at RFI or APTITUDE, and not once terminated. */
export function canTerminate(flow: { stage: number; currentNodeCode: string }): boolean {
  return flow.stage !== STAGE.TERMINATED && (flow.currentNodeCode === 'RFI' || flow.currentNodeCode === 'APTITUDE');
}

/**
 * Who may terminate a flow (docs/decisions.md): the holder of the termination key who is this flow's
 * purchasing manager, or an administrator (cert_process_manage_all) for any flow.
 */
export function mayTerminate(flow: { purchaseJobNumber: string }, staff: { jobNumber: string; permissions: readonly string[] }): boolean {
  return flow.purchaseJobNumber === staff.jobNumber || hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll);
}

/** Spec 2 §4.1: adjusting the owner is disabled at stage 0 or 90. */
export function canAdjustOwner(flow: { stage: number }): boolean {
  return !hasEnded(flow);
}

/** Spec 2 §2.1: a terminated flow without pass time, or one still in stage 10, has no detail to open. */
export function canOpenDetail(flow: { stage: number; passTime: Date | string | null }): boolean {
  if (flow.stage === STAGE.TERMINATED && !flow.passTime) return false;
  return flow.stage !== STAGE.PREPARATION;
}

/**
 * The row's admin flag (spec 2 §2.3): who may reveal the supplier contact. The flow's purchasing
 * manager and CMT leader work with the supplier directly; administrators hold cert_process_manage_all.
 */
export function mayRevealContact(
  flow: { purchaseJobNumber: string; cmtLeaderJobNumber: string },
  staff: { jobNumber: string; permissions: readonly string[] },
): boolean {
  return (
    staff.jobNumber === flow.purchaseJobNumber ||
    staff.jobNumber === flow.cmtLeaderJobNumber ||
    hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll)
  );
}
