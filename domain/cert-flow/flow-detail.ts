import type { Locale } from '../i18n.ts';
import type { NodeCode } from './enums.ts';

/**
 * The progress page's read model (spec 2 §2.3, §3.1), answered by GET /v1/cert-flow-node/detail.
 * Names follow the spec: four stage groups, each node with its status, flags and principal task.
 */

export interface FlowNodeTask {
  taskNo: string;
  /** The principal's job number: the person who may act on the node. */
  taskPrincipalId: string;
  taskPrincipalName: string;
  taskStatus: number;
  taskEndTime: string | null;
  applyNo: string | null;
}

export interface FlowDetailNode {
  nodeCode: NodeCode;
  nodeName: string;
  stage: number;
  /** NODE_STATUS: 10 not finished, 11 in progress, 20 finished, 30 closed (the flow ended while it was open). */
  nodeStatus: number;
  /** 20 means optional: completed directly, without task work. */
  nodeRequired: number;
  kcp: 'YES' | 'NO';
  /** When the node opened and when it closed (ISO), null while not reached / not finished. */
  startTime: string | null;
  finishTime: string | null;
  /** taskList[0] is the principal task (spec 2 §6). */
  taskList: FlowNodeTask[];
}

export interface FlowRoleHolderView {
  role: string;
  roleName: string;
  jobNumber: string;
  name: string;
}

export interface FlowDetail {
  flowNo: string;
  applyType: number;
  supplierName: string;
  supplierCode: string | null;
  certScenario: string;
  certScenarioStr: string;
  stage: number;
  stageStr: string;
  currentNodeCode: NodeCode;
  stageOneName: string;
  stageOneList: FlowDetailNode[];
  stageTwoName: string;
  stageTwoList: FlowDetailNode[];
  stageThreeName: string;
  stageThreeList: FlowDetailNode[];
  stageFourName: string;
  stageFourList: FlowDetailNode[];
  /** Registration info (spec 2 §2.3); contact values come masked unless revealed. */
  registration: {
    supplierName: string;
    cmtName: string;
    address: string | null;
    currentCategoryNames: string;
    purchaseName: string;
    cmtLeaderName: string;
    recommendName: string;
    applyReason: string;
    contactName: string;
    contactEmail: string | null;
    contactAreaCode: string;
    contactNumber: string;
  };
  /** Whether this user may reveal the contact values (the row's admin flag). */
  contactEnable: boolean;
  roles: FlowRoleHolderView[];
  /** Link to the flow in the Temporal UI, for holders of cert_process_manage_all only. */
  temporalUrl: string | null;
}

/** Stage titles of the step bar (spec 2 §1, §2.3), in the order of the four groups. */
export const STAGE_GROUP_NAMES: readonly { stage: number; name: Record<Locale, string> }[] = [
  { stage: 10, name: { zh: '认证准备', en: 'Certification preparation' } },
  { stage: 20, name: { zh: '资质认证', en: 'Qualification certification' } },
  { stage: 30, name: { zh: '综合评价', en: 'Comprehensive evaluation' } },
  { stage: 40, name: { zh: '公示发布', en: 'Publicity and release' } },
];

/** The clear contact values of POST /v1/cert-flow-node/contact-reveal. */
export interface FlowContact {
  contactName: string;
  contactEmail: string | null;
  contactAreaCode: string;
  contactNumber: string;
}

/** A row of GET /v1/cert-flow-node/my-tasks: an in-progress task of the signed-in staff member. */
export interface MyOpenTask {
  /** The certification flow's number, or the supplier exit's or information change's for their tasks. */
  flowNo: string;
  supplierName: string;
  /** The node of the task; 'EXIT' for a supplier exit's approval, 'SUPPLIER_CHANGE' for an information change's task. */
  nodeCode: NodeCode | 'EXIT' | 'SUPPLIER_CHANGE' | 'ASSESSMENT';
  nodeName: string;
  taskNo: string;
  taskType: string;
  taskName: string;
  createTime: string;
  /** When the task is due (a to-do's close date), if it has a date. */
  endTime: string | null;
  /** The due date has passed. */
  overdue: boolean;
  /** Where the task is worked on: the RFI audit page for a review, else the progress page (a to-do's at KCP2). */
  link: string;
}
