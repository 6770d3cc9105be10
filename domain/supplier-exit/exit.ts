import { z } from 'zod';
import { documentItem } from '../cert-flow/documents.ts';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { EXIT_STATUS, type ExitStatus } from './exit-status.ts';

/**
 * Supplier exit (req exit §2.3, §3.2, §7.2; req flow §3.19): the application's fields, statuses, limits and
 * the request schemas of its calls, shared by the API and the web form. Rules the requirements leave open are
 * decided in docs/decisions/0032-supplier-exit.md.
 */

export { EXIT_STATUS, type ExitStatus };
/** A submitted exit waits for its approver; the others are final except a draft. */
export const EXIT_OPEN_STATUSES: readonly ExitStatus[] = ['draft', 'submitted'];

/** SUPPLIER: the whole supplier leaves; CATEGORY: only the chosen admitted categories. */
export const EXIT_SCOPES = ['SUPPLIER', 'CATEGORY'] as const;
export type ExitScope = (typeof EXIT_SCOPES)[number];

/** Dictionaries of the exit form (seeded in db/seeds/reference/dict-exit.ts). */
export const EXIT_DICT = { category: 'supplier_exit_category', type: 'supplier_exit_type' } as const;

/** Limits: the reason as the requirements’ remarks (500, req exit §9), attachments as the uploader's multiple mode (5). */
export const EXIT_REASON_MAX = 500;
export const EXIT_FILES_MAX = 5;
export const EXIT_TYPES_MAX = 5;
export const EXIT_CATEGORIES_MAX = 50;
/** Req flow §5.2: a rejection needs a reason of at most 100 characters. */
export const EXIT_REJECT_REASON_MAX = 100;

/** Supplier status once a whole-supplier exit is approved (supplier master: 10 active, 20 disabled). */
export const SUPPLIER_INACTIVE = 20;

const code = z.string().trim().min(1).max(40, { error: withParams('maxLength', { max: 40 }) });

/**
 * The exit form. A draft needs only the supplier; the submit needs every field (`complete`), and
 * the categories only for a category exit.
 */
function exitForm(complete: boolean) {
  return z
    .object({
      flowNo: optionalText(64),
      supplierNo: requiredText(40, 'chooseSupplier'),
      exitScope: z.enum(EXIT_SCOPES, { error: 'chooseExitScope' }),
      categoryCodes: z.array(code).max(EXIT_CATEGORIES_MAX, { error: 'invalidValue' }).default([]),
      exitCategory: optionalText(40),
      exitTypes: z.array(code).max(EXIT_TYPES_MAX, { error: 'invalidValue' }).default([]),
      reason: optionalText(EXIT_REASON_MAX),
      documentList: z.array(documentItem).max(EXIT_FILES_MAX, { error: withParams('tooManyFiles', { max: EXIT_FILES_MAX }) }).default([]),
    })
    .superRefine((v, ctx) => {
      if (v.exitScope === 'CATEGORY' && complete && v.categoryCodes.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['categoryCodes'], message: 'chooseExitCategories' });
      }
      if (!complete) return;
      if (!v.exitCategory) ctx.addIssue({ code: 'custom', path: ['exitCategory'], message: 'chooseExitCategory' });
      if (v.exitTypes.length === 0) ctx.addIssue({ code: 'custom', path: ['exitTypes'], message: 'chooseExitTypes' });
      if (!v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'enterExitReason' });
    })
    .transform((v) => ({ ...v, categoryCodes: v.exitScope === 'SUPPLIER' ? [] : [...new Set(v.categoryCodes)], exitTypes: [...new Set(v.exitTypes)] }));
}

/** POST /v1/supplier-exit/save */
export const exitSaveRequest = exitForm(false);
/** POST /v1/supplier-exit/submit */
export const exitSubmitRequest = exitForm(true);
export type ExitSaveRequest = z.infer<typeof exitSaveRequest>;
export type ExitFormInput = z.input<typeof exitSaveRequest>;

/** POST /v1/supplier-exit/page */
export const exitPageRequest = pageQuery.extend({
  supplier: optionalText(100),
  status: z.enum(EXIT_STATUS).nullish().transform((v) => v ?? undefined),
});
export type ExitPageRequest = z.infer<typeof exitPageRequest>;

export const exitFlowNoQuery = z.object({ flowNo: requiredText(64) });
export const exitSupplierNoQuery = z.object({ supplierNo: requiredText(40) });
/** GET /v1/supplier-exit/history?supplier= (the supplier number) */
export const exitHistoryQuery = z.object({ supplier: requiredText(40) });

/** The approver's decision (audit-pass / audit-reject of the exit). */
export const exitDecisionRequest = z.object({
  flowNo: requiredText(64),
  reason: optionalText(EXIT_REJECT_REASON_MAX),
});
export const exitRejectRequest = z.object({
  flowNo: requiredText(64),
  reason: requiredText(EXIT_REJECT_REASON_MAX),
});

export const exitCategoryItem = z.object({
  categoryCode: z.string(),
  categoryName: z.string(),
  categoryLifeCycle: z.number().int(),
});
export type ExitCategoryItem = z.infer<typeof exitCategoryItem>;

/** What the caller may do with an exit from the list: terminate a submitted one, delete a draft. */
const exitRowActions = z.object({ terminate: z.boolean(), delete: z.boolean() });
export type ExitRowActions = z.infer<typeof exitRowActions>;

export const exitRow = z.object({
  flowNo: z.string(),
  supplierNo: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  exitScope: z.enum(EXIT_SCOPES),
  categoryNames: z.array(z.string()),
  exitCategory: z.string().nullable(),
  exitCategoryName: z.string().nullable(),
  status: z.enum(EXIT_STATUS),
  sponsor: z.string(),
  approver: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  actions: exitRowActions,
});
export type ExitRow = z.infer<typeof exitRow>;

export const exitDetail = exitRow.extend({
  categoryList: z.array(exitCategoryItem),
  categoryCodes: z.array(z.string()),
  exitTypes: z.array(z.string()),
  exitTypeNames: z.array(z.string()),
  reason: z.string().nullable(),
  documentList: z.array(z.object({ documentName: z.string(), documentUrl: z.string() })),
  sponsorJobNumber: z.string(),
  approverJobNumber: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  erpMessage: z.string().nullable(),
  erpBlocked: z.boolean(),
  /** What this caller may do now. */
  actions: exitRowActions.extend({ edit: z.boolean(), submit: z.boolean(), decide: z.boolean() }),
});
export type ExitDetail = z.infer<typeof exitDetail>;

/** Req flow §3.19 / req exit §3.2: one row of a supplier's exit history. */
export const exitHistoryRow = z.object({
  flowNo: z.string(),
  exitCategory: z.string(),
  exitTypes: z.string(),
  finishTime: z.string(),
  sponsor: z.string(),
  categoryNames: z.array(z.string()),
});
export type ExitHistoryRow = z.infer<typeof exitHistoryRow>;

/** GET /v1/supplier-exit/cert-flow: the supplier's certification flows, the running ones first. */
export const exitCertFlowRow = z.object({
  flowNo: z.string(),
  stage: z.number().int(),
  currentNodeCode: z.string(),
  running: z.boolean(),
  categoryNames: z.array(z.string()),
});
export type ExitCertFlowRow = z.infer<typeof exitCertFlowRow>;

/** A certification flow is running unless it finished (90) or was terminated (0). */
export const isRunningStage = (stage: number) => stage !== 0 && stage !== 90;

/** Web paths of the exit screens (mails and links point here). */
export const exitDetailPath = (flowNo: string) => `/supplier-exit/detail?${new URLSearchParams({ flowNo })}`;

/**
 * Who may end an exit (docs/decisions/0032-supplier-exit.md): a draft is deleted by its sponsor (nobody
 * else sees it); a submitted exit not yet decided is terminated by its sponsor or an administrator.
 */
export function exitEndActions(exit: { status: ExitStatus; decided: boolean }, caller: { sponsor: boolean; admin: boolean }): ExitRowActions {
  return {
    terminate: exit.status === 'submitted' && !exit.decided && (caller.sponsor || caller.admin),
    delete: exit.status === 'draft' && caller.sponsor,
  };
}

/**
 * The approver's task of a submitted exit, a row of the one task table (cert_task) under the exit's
 * number: in "my open tasks" until the exit is decided or terminated, linking to its approval card.
 */
export const EXIT_APPROVAL_TASK = { nodeCode: 'EXIT', taskType: 'EXIT_APPROVAL' } as const;
export const exitApprovalTaskNo = (flowNo: string) => `${flowNo}-${EXIT_APPROVAL_TASK.taskType}`;
export const EXIT_APPROVAL_TASK_NAME = { zh: '供应商退出审批', en: 'Supplier exit approval' } as const;
export const EXIT_TASK_NODE_NAME = { zh: '供应商退出', en: 'Supplier exit' } as const;
