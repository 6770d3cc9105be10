/** Status tables of req flow §4 and req shell §3.4. */
export const STAGE = {
  TERMINATED: 0,
  PREPARATION: 10,
  QUALIFICATION: 20,
  EVALUATION: 30,
  PUBLICITY: 40,
  FINISHED: 90,
} as const;
export type Stage = (typeof STAGE)[keyof typeof STAGE];

// The node codes and apply types live apart: route and scenario modules in the app's entry read only these.
export { APPLY_TYPE, NODE_CODES, type NodeCode } from './node-codes.ts';
import type { NodeCode } from './node-codes.ts';

/** CLOSED: the node was open when its flow ended (terminated or failed); nothing more happens at it. */
export const NODE_STATUS = { NOT_FINISH: 10, IN_PROGRESS: 11, KCP: 12, FINISHED: 20, CLOSED: 30 } as const;

/** nodeRequired: 20 means optional (req flow §3.1). */
export const NODE_REQUIRED = { REQUIRED: 10, OPTIONAL: 20 } as const;

export const TASK_STATUS = { NOT_START: 10, IN_PROGRESS: 20, FINISHED: 30 } as const;

/** Relation types of the operation history (req rfi §7, req flow §2.1). */
export const RELATION_TYPE = { RFI_LOG: 10, CERT_FLOW: 20, ASSESSMENT: 30, SUPPLIER_EXIT: 40, SUPPLIER_CHANGE: 50, ANNOUNCEMENT: 60, FEEDBACK: 70, SUPPLIER_CERTIFICATE: 80, CONFIGURATION: 90 } as const;

/** RFI questionnaire status. */
export const RFI_STATUS = { FILLING: 10, SUBMITTED: 20, RETURNED: 30, PASSED: 40 } as const;

/** Stage of each node (architecture §4). */
export const NODE_STAGE: Record<NodeCode, Stage> = {
  START: 10,
  RFI: 10,
  APTITUDE: 10,
  KCP1: 10,
  SELF_INSPECTION: 20,
  SYSTEM_CERT: 20,
  SAMPLE_CERT: 20,
  CERT: 20,
  KCP2: 30,
  PUBLICITY: 40,
  RELEASE: 40,
  PRERELEASE: 40,
};
