import type { Locale } from '../i18n.ts';
import { z } from 'zod';
import { changeStepView } from './requests.ts';
import { CHANGE_STATUS } from './status.ts';

/**
 * The approval of a supplier information change (docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change"): who
 * holds each step, the tasks in "my open tasks", and the approval record card, shared by the workflow,
 * the server and the card. Requests and refusals: requests.ts, workflows/supplier-change-definitions.ts.
 */

/** Task types of a change in "my open tasks": an approver's step (or conflict), and the submitter's returned change. */
export const CHANGE_TASK_TYPE = { approval: 'CHANGE_APPROVAL', returned: 'CHANGE_RETURNED' } as const;
export type ChangeTaskType = (typeof CHANGE_TASK_TYPE)[keyof typeof CHANGE_TASK_TYPE];
export const CHANGE_TASK_TYPES: readonly string[] = Object.values(CHANGE_TASK_TYPE);
/** The node code of a change's tasks (their flow_no is the change's number). */
export const CHANGE_TASK_NODE = 'SUPPLIER_CHANGE';
export const CHANGE_TASK_NODE_NAME: Record<Locale, string> = { zh: '信息变更', en: 'Information change' };

export const CHANGE_TASK_NAME: Record<ChangeTaskType, Record<Locale, string>> = {
  CHANGE_APPROVAL: { zh: '供应商信息变更审批', en: 'Supplier information change approval' },
  CHANGE_RETURNED: { zh: '供应商信息变更被驳回', en: 'Supplier information change returned' },
};

/** One task per change, round and step; the submitter's of a rejection; the last approver's of a conflict. */
export function changeTaskNo(flowNo: string, round: number, step: number | 'submitter' | 'conflict'): string {
  return `${flowNo}-R${round}-${typeof step === 'number' ? `S${step}` : step.toUpperCase()}`;
}

/** GET /v1/supplier-change/approval-record: the change's approval steps (every round) and what the reader may do now. */
export const changeApprovalRecord = z.object({
  flowNo: z.string(),
  supplierNo: z.string(),
  supplierName: z.string(),
  modifyType: z.string(),
  status: z.enum(CHANGE_STATUS),
  bankChange: z.boolean(),
  round: z.number(),
  submitterName: z.string(),
  /** The last rejection's reason. */
  reason: z.string().nullable(),
  /** The ERP's refusal, when it refused. */
  erpMessage: z.string().nullable(),
  steps: z.array(changeStepView.extend({ round: z.number() })),
  /** The reader may approve or reject now (the open step is theirs, or they are an administrator; never their own change). */
  canDecide: z.boolean(),
  /** The reader decides the conflict (status conflict): apply over the newer master, or reject. */
  canResolveConflict: z.boolean(),
  /** Why the reader may not decide, when a step or a conflict waits: a message id. */
  refusal: z.string().nullable(),
});
export type ChangeApprovalRecord = z.infer<typeof changeApprovalRecord>;
