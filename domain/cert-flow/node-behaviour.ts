import type { NodeCode } from './node-codes.ts';

/**
 * How each node of the certification flow behaves, read by the flow's workflow and its activities alike
 * (pure data: workflow code may import it). A new node is a row here, its principal in node-principals.ts,
 * its screen in the web's node registry, and its own opening or closing work, if any, in the activities' table
 * (activities/node-steps.ts).
 */
export interface NodeBehaviour {
  /**
   * How it completes: its principal's completion (an update), the two RFI reviews, the end of its period (a
   * durable timer), or nothing at all because the application records it finished.
   */
  completes: 'update' | 'reviews' | 'timer' | 'applied';
  /**
   * Its principal's task: opened with the node, with a due time and its reminders; opened by the node's own
   * step to run to the end of its period; or none (the supplier's questionnaire is the work).
   */
  principalTask: 'onOpen' | 'ownPeriod' | 'none';
  /** Approvals are asked while it is open: any kind, or the supplier code only (whose approval completes it). */
  approvals?: 'any' | 'supplierCode';
  /** Open to-dos are reminded while it is open (the follow-ups KCP2 sets). */
  remindsTodos?: boolean;
  /** It may be returned to the node before it. */
  returnable?: boolean;
}

const WORK: NodeBehaviour = { completes: 'update', principalTask: 'onOpen' };

export const NODE_BEHAVIOUR: Record<NodeCode, NodeBehaviour> = {
  START: { completes: 'applied', principalTask: 'none' },
  RFI: { completes: 'reviews', principalTask: 'none' },
  APTITUDE: WORK,
  KCP1: WORK,
  SELF_INSPECTION: WORK,
  SYSTEM_CERT: WORK,
  SAMPLE_CERT: WORK,
  CERT: WORK,
  KCP2: { ...WORK, approvals: 'any', remindsTodos: true },
  PUBLICITY: { completes: 'timer', principalTask: 'ownPeriod', returnable: true },
  RELEASE: { ...WORK, approvals: 'supplierCode' },
  PRERELEASE: WORK,
};
