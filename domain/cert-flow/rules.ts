import { PERMISSIONS, hasPermission } from '../permissions.ts';
import { STAGE, type Stage } from './enums.ts';

/** A flow has ended when terminated (also by a failing conclusion) or finished: nothing of it changes any more. */
export const ENDED_STAGES: readonly Stage[] = [STAGE.TERMINATED, STAGE.FINISHED];

export function hasEnded(flow: { stage: number }): boolean {
  return (ENDED_STAGES as readonly number[]).includes(flow.stage);
}

/**
 * Req flow §4.1: terminate only at RFI or APTITUDE, and not once terminated. A requalification has neither: it may be
 * withdrawn before its decision (any node before KCP2) — docs/decisions/0055-requalification.md.
 */
export function canTerminate(flow: { stage: number; currentNodeCode: string; requalification?: boolean }): boolean {
  if (hasEnded(flow)) return false;
  if (flow.requalification) return flow.stage < STAGE.EVALUATION;
  return flow.currentNodeCode === 'RFI' || flow.currentNodeCode === 'APTITUDE';
}

/**
 * Who may terminate a flow (docs/decisions/): the holder of the termination key who is this flow's
 * purchasing manager, or an administrator (cert_process_manage_all) for any flow.
 */
export function mayTerminate(flow: { purchaseJobNumber: string }, staff: { jobNumber: string; permissions: readonly string[] }): boolean {
  return flow.purchaseJobNumber === staff.jobNumber || hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll);
}

/** Req flow §4.1: adjusting the owner is disabled at stage 0 or 90. */
export function canAdjustOwner(flow: { stage: number }): boolean {
  return !hasEnded(flow);
}

/**
 * Who may read a flow's detail (docs/decisions/0024-flow-list-who-opens-a-flow-in-stage-10-and-the-row-actions.md "Who opens a flow in stage 10"): a flow still in stage 10
 * only its participants (holders of its roles or of any of its tasks) and administrators, who must act at
 * RFI, APTITUDE or KCP1; a later or ended flow anyone with the progress page's key.
 */
export function mayReadDetail(flow: { stage: number }, viewer: { participant: boolean; permissions: readonly string[] }): boolean {
  if (flow.stage !== STAGE.PREPARATION) return true;
  return viewer.participant || hasPermission(viewer.permissions, PERMISSIONS.certProcessManageAll);
}

/**
 * Req flow §2.1: the list enters no flow terminated without pass time; the rest as mayReadDetail. (The progress
 * page of a flow that ends while open keeps reading it, to show it terminated.)
 */
export function mayOpenDetail(
  flow: { stage: number; passTime: Date | string | null },
  viewer: { participant: boolean; permissions: readonly string[] },
): boolean {
  if (flow.stage === STAGE.TERMINATED && !flow.passTime) return false;
  return mayReadDetail(flow, viewer);
}

/**
 * The row's admin flag (req flow §2.3): who may reveal the supplier contact. The flow's purchasing
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
