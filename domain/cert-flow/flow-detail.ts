import { z } from 'zod';
import { requalificationMark } from '../requalification/requalification.ts';
import type { Locale } from '../i18n.ts';
import { NODE_CODES } from './node-codes.ts';

/**
 * The progress page's read model (req flow §2.3, §3.1), answered by GET /v1/cert-flow-node/detail.
 * Names follow the requirements: four stage groups, each node with its status, flags and principal task.
 */

export const flowNodeTask = z.object({
  taskNo: z.string(),
  /** The principal's job number: the person who may act on the node. */
  taskPrincipalId: z.string(),
  taskPrincipalName: z.string(),
  taskStatus: z.number(),
  taskEndTime: z.string().nullable(),
  applyNo: z.string().nullable(),
});
export type FlowNodeTask = z.infer<typeof flowNodeTask>;

const nodeCode = z.enum(NODE_CODES);
export const flowDetailNode = z.object({
  nodeCode,
  nodeName: z.string(),
  stage: z.number(),
  /** NODE_STATUS: 10 not finished, 11 in progress, 20 finished, 30 closed (the flow ended while it was open). */
  nodeStatus: z.number(),
  /** 20 means optional: completed directly, without task work. */
  nodeRequired: z.number(),
  kcp: z.enum(['YES', 'NO']),
  /** When the node opened and when it closed (ISO), null while not reached / not finished. */
  startTime: z.string().nullable(),
  finishTime: z.string().nullable(),
  /** taskList[0] is the principal task (req flow §6). */
  taskList: z.array(flowNodeTask),
});
export type FlowDetailNode = z.infer<typeof flowDetailNode>;

export const flowRoleHolderView = z.object({ role: z.string(), roleName: z.string(), jobNumber: z.string(), name: z.string() });
export type FlowRoleHolderView = z.infer<typeof flowRoleHolderView>;

const nodes = z.array(flowDetailNode);
export const flowDetail = z.object({
  flowNo: z.string(),
  applyType: z.number(),
  /** A requalification's trigger and outcome (and the exit its failure submitted); null for other flows. */
  requalification: requalificationMark.extend({ exitFlowNo: z.string().nullable() }).nullable(),
  supplierName: z.string(),
  supplierCode: z.string().nullable(),
  certScenario: z.string(),
  certScenarioStr: z.string(),
  stage: z.number(),
  stageStr: z.string(),
  currentNodeCode: nodeCode,
  stageOneName: z.string(),
  stageOneList: nodes,
  stageTwoName: z.string(),
  stageTwoList: nodes,
  stageThreeName: z.string(),
  stageThreeList: nodes,
  stageFourName: z.string(),
  stageFourList: nodes,
  /** Registration info (req flow §2.3); contact values come masked unless revealed. */
  registration: z.object({
    supplierName: z.string(),
    cmtName: z.string(),
    address: z.string().nullable(),
    currentCategoryNames: z.string(),
    purchaseName: z.string(),
    cmtLeaderName: z.string(),
    recommendName: z.string(),
    applyReason: z.string(),
    contactName: z.string(),
    contactEmail: z.string().nullable(),
    contactAreaCode: z.string(),
    contactNumber: z.string(),
  }),
  /** Whether this user may reveal the contact values (the row's admin flag). */
  contactEnable: z.boolean(),
  /** The process audit's action items not closed yet (req flow §10.4): listed on the page and carried to KCP2. */
  openAuditActions: z.number(),
  roles: z.array(flowRoleHolderView),
  /** Link to the flow in the Temporal UI, for holders of cert_process_manage_all only. */
  temporalUrl: z.string().nullable(),
  /** The open node's time against its limit in working days (docs/decisions/0056-node-time-limits.md); null without one. */
  timeLimit: z.object({ nodeCode: nodeCode, limitDays: z.number(), spentDays: z.number(), dueAt: z.string(), overdue: z.boolean() }).nullable(),
});
export type FlowDetail = z.infer<typeof flowDetail>;

/** Stage titles of the step bar (req flow §1, §2.3), in the order of the four groups. */
export const STAGE_GROUP_NAMES: readonly { stage: number; name: Record<Locale, string> }[] = [
  { stage: 10, name: { zh: '认证准备', en: 'Certification preparation' } },
  { stage: 20, name: { zh: '资质认证', en: 'Qualification certification' } },
  { stage: 30, name: { zh: '综合评价', en: 'Comprehensive evaluation' } },
  { stage: 40, name: { zh: '公示发布', en: 'Publicity and release' } },
];

/** The clear contact values of POST /v1/cert-flow-node/contact-reveal. */
export const flowContact = z.object({ contactName: z.string(), contactEmail: z.string().nullable(), contactAreaCode: z.string(), contactNumber: z.string() });
export type FlowContact = z.infer<typeof flowContact>;

/** A row of GET /v1/cert-flow-node/my-tasks: an in-progress task of the signed-in staff member. */
export const myOpenTask = z.object({
  /** The certification flow's number, or the supplier exit's or information change's for their tasks. */
  flowNo: z.string(),
  supplierName: z.string(),
  /** The node of the task; 'EXIT' for a supplier exit's approval, 'SUPPLIER_CHANGE' for an information change's task. */
  nodeCode: z.union([nodeCode, z.enum(['EXIT', 'SUPPLIER_CHANGE', 'ASSESSMENT', 'CERTIFICATE'])]),
  nodeName: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  taskName: z.string(),
  createTime: z.string(),
  /** When the task is due (a to-do's close date), if it has a date. */
  endTime: z.string().nullable(),
  /** The due date has passed. */
  overdue: z.boolean(),
  /** Where the task is worked on: the RFI audit page for a review, else the progress page (a to-do's at KCP2). */
  link: z.string(),
});
export type MyOpenTask = z.infer<typeof myOpenTask>;
