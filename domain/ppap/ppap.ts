import { z } from 'zod';
import { optionalText, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { documentItem } from '../cert-flow/documents.ts';
import { dayField } from '../certificates/certificate.ts';
import { flowNoField } from '../cert-flow/flow-no.ts';

/**
 * The Production Part Approval Process in sample certification (req flow §11): the 18 elements, which of them a
 * submission level asks the supplier to submit (S) and which it keeps on file (R, or * on request at level 4), the
 * Part Submission Warrant's fields, the technical reviewer's review per element and the warrant's disposition.
 */

export const PPAP_LEVELS = [1, 2, 3, 4, 5] as const;
export type PpapLevel = (typeof PPAP_LEVELS)[number];
export const DEFAULT_PPAP_LEVEL: PpapLevel = 3;
export const ppapLevelField = z
  .number({ error: 'invalidValue' })
  .int({ error: 'invalidValue' })
  .min(1, { error: 'invalidValue' })
  .max(5, { error: 'invalidValue' })
  .transform((v) => v as PpapLevel);

/** S submit and keep; R keep on file, shown on request; * keep, submit as the customer asks (level 4). */
type Retention = 'S' | 'R' | '*';

export interface PpapElementEntry {
  /** 1–18 as the manual numbers them. */
  no: number;
  code: string;
  zh: string;
  en: string;
  /** Levels 1…5. */
  levels: readonly [Retention, Retention, Retention, Retention, Retention];
}

const e = (no: number, code: string, zh: string, en: string, levels: string): PpapElementEntry => ({
  no,
  code,
  zh,
  en,
  levels: levels.split('') as unknown as PpapElementEntry['levels'],
});

/** The retention table of the manual (4th edition): element by level. */
export const PPAP_ELEMENTS: readonly PpapElementEntry[] = [
  e(1, 'DESIGN_RECORDS', '设计记录', 'Design records', 'RSS*R'),
  e(2, 'ENGINEERING_CHANGES', '工程变更文件', 'Authorised engineering change documents', 'RSS*R'),
  e(3, 'ENGINEERING_APPROVAL', '顾客工程批准', 'Customer engineering approval', 'RRS*R'),
  e(4, 'DFMEA', '设计FMEA', 'Design FMEA', 'RRS*R'),
  e(5, 'PROCESS_FLOW', '过程流程图', 'Process flow diagrams', 'RRS*R'),
  e(6, 'PFMEA', '过程FMEA', 'Process FMEA', 'RRS*R'),
  e(7, 'CONTROL_PLAN', '控制计划', 'Control plan', 'RRS*R'),
  e(8, 'MSA', '测量系统分析', 'Measurement system analysis studies', 'RRS*R'),
  e(9, 'DIMENSIONAL_RESULTS', '全尺寸测量结果', 'Dimensional results', 'RSS*R'),
  e(10, 'MATERIAL_TESTS', '材料/性能试验结果', 'Material and performance test results', 'RSS*R'),
  e(11, 'PROCESS_STUDIES', '初始过程研究', 'Initial process studies', 'RRS*R'),
  e(12, 'LAB_DOCUMENTATION', '实验室资质文件', 'Qualified laboratory documentation', 'RSS*R'),
  e(13, 'APPEARANCE_APPROVAL', '外观批准报告', 'Appearance approval report', 'SSS*R'),
  e(14, 'SAMPLE_PARTS', '生产件样品', 'Sample production parts', 'RSS*R'),
  e(15, 'MASTER_SAMPLE', '标准样品', 'Master sample', 'RRR*R'),
  e(16, 'CHECKING_AIDS', '检具', 'Checking aids', 'RRR*R'),
  e(17, 'CUSTOMER_REQUIREMENTS', '顾客特殊要求符合记录', 'Customer-specific requirements records', 'RRS*R'),
  e(18, 'PSW', '零件提交保证书', 'Part submission warrant', 'SSSSR'),
];
export const PSW_ELEMENT = 'PSW';
export const PPAP_ELEMENT_CODES = PPAP_ELEMENTS.map((x) => x.code) as [string, ...string[]];

/** The elements the supplier submits at `level` (S); the rest it keeps on file. */
export function requiredElements(level: PpapLevel): string[] {
  return PPAP_ELEMENTS.filter((x) => x.levels[level - 1] === 'S').map((x) => x.code);
}

export const elementName = (code: string, locale: 'zh' | 'en'): string => PPAP_ELEMENTS.find((x) => x.code === code)?.[locale] ?? code;

/** Reasons for submission as the warrant lists them. */
export const PSW_REASONS = [
  'INITIAL',
  'ENGINEERING_CHANGE',
  'TOOLING_TRANSFER',
  'DISCREPANCY_CORRECTION',
  'TOOLING_INACTIVE',
  'MATERIAL_CHANGE',
  'SUB_SUPPLIER_CHANGE',
  'PROCESS_CHANGE',
  'ADDITIONAL_LOCATION',
  'OTHER',
] as const;
export const PSW_REASON_TEXT: Record<(typeof PSW_REASONS)[number], { zh: string; en: string }> = {
  INITIAL: { zh: '首次提交', en: 'Initial submission' },
  ENGINEERING_CHANGE: { zh: '工程变更', en: 'Engineering change' },
  TOOLING_TRANSFER: { zh: '工装转移、更换或整修', en: 'Tooling transfer, replacement or refurbishment' },
  DISCREPANCY_CORRECTION: { zh: '纠正差异', en: 'Correction of discrepancy' },
  TOOLING_INACTIVE: { zh: '工装停用超过一年', en: 'Tooling inactive for more than a year' },
  MATERIAL_CHANGE: { zh: '可选结构或材料变更', en: 'Change to optional construction or material' },
  SUB_SUPPLIER_CHANGE: { zh: '分供方或材料来源变更', en: 'Sub-supplier or material source change' },
  PROCESS_CHANGE: { zh: '零件加工过程变更', en: 'Change in part processing' },
  ADDITIONAL_LOCATION: { zh: '在新增地点生产', en: 'Parts produced at an additional location' },
  OTHER: { zh: '其他', en: 'Other' },
};

export const PPAP_FILE_MAX = 5;
export const PPAP_REASON_MAX = 500;
export const PPAP_CONDITIONS_MAX = 500;
/** An interim approval lasts at most this long. */
export const INTERIM_DAYS_MAX = 365;

const elementField = z.enum(PPAP_ELEMENT_CODES, { error: 'invalidValue' });

/** POST /api/v1/portal/ppap/element (portal): one element's files, submitted for review. */
export const ppapElementSubmitRequest = z.object({
  flowNo: flowNoField,
  element: elementField,
  documentList: z
    .array(documentItem)
    .min(1, 'uploadAttachments')
    .max(PPAP_FILE_MAX, withParams('tooManyFiles', { max: PPAP_FILE_MAX })),
});
export type PpapElementSubmitRequest = z.infer<typeof ppapElementSubmitRequest>;

/** POST /api/v1/portal/ppap/warrant (portal): the Part Submission Warrant, which submits element 18. */
export const ppapWarrantRequest = z.object({
  flowNo: flowNoField,
  partNumber: requiredText(50, 'ppapPartNumberRequired'),
  drawingChangeLevel: requiredText(20, 'ppapDrawingLevelRequired'),
  reason: z.enum(PSW_REASONS, { error: 'ppapReasonRequired' }),
  reasonOther: optionalText(200),
  declaration: z.literal(true, { error: 'ppapDeclarationRequired' }),
  documentList: z.array(documentItem).max(PPAP_FILE_MAX, withParams('tooManyFiles', { max: PPAP_FILE_MAX })).default([]),
});
export type PpapWarrantRequest = z.infer<typeof ppapWarrantRequest>;

/** POST /v1/ppap/review: the technical reviewer accepts an element or returns it with a reason the supplier sees. */
export const ppapReviewRequest = z
  .object({
    flowNo: flowNoField,
    element: elementField,
    decision: z.enum(['ACCEPT', 'RETURN'], { error: 'invalidValue' }),
    reason: optionalText(PPAP_REASON_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'RETURN' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'ppapReturnReasonRequired' });
  });
export type PpapReviewRequest = z.infer<typeof ppapReviewRequest>;

export const PPAP_DISPOSITIONS = ['APPROVED', 'INTERIM', 'REJECTED'] as const;
export type PpapDisposition = (typeof PPAP_DISPOSITIONS)[number];

/** POST /v1/ppap/disposition: the warrant's disposition, which completes the node (rejected: its failure path). */
export const ppapDispositionRequest = z
  .object({
    flowNo: flowNoField,
    disposition: z.enum(PPAP_DISPOSITIONS, { error: 'chooseConclusion' }),
    interimUntil: dayField.nullish(),
    conditions: optionalText(PPAP_CONDITIONS_MAX),
    comment: optionalText(PPAP_REASON_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.disposition !== 'INTERIM') return;
    if (!b.interimUntil) ctx.addIssue({ code: 'custom', path: ['interimUntil'], message: 'ppapInterimUntilRequired' });
    if (!b.conditions) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'ppapInterimConditionsRequired' });
  });
export type PpapDispositionRequest = z.infer<typeof ppapDispositionRequest>;

/** POST /v1/ppap/level: the level, while the supplier has submitted nothing. */
export const ppapLevelRequest = z.object({
  flowNo: flowNoField,
  level: ppapLevelField,
});

export const PPAP_ELEMENT_STATUS = ['AWAITING', 'SUBMITTED', 'ACCEPTED', 'RETURNED'] as const;
export type PpapElementStatus = (typeof PPAP_ELEMENT_STATUS)[number];

export const ppapElementRow = z.object({
  code: z.string(),
  no: z.number(),
  name: z.string(),
  status: z.enum(PPAP_ELEMENT_STATUS),
  documentList: z.array(documentItem),
  returnReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

export const ppapWarrant = z.object({
  partNumber: z.string(),
  drawingChangeLevel: z.string(),
  reason: z.enum(PSW_REASONS),
  reasonOther: z.string().nullable(),
  declaration: z.boolean(),
});

/** GET /v1/ppap/detail (staff) and the portal's detail: one flow's submission. */
export const ppapDetail = z.object({
  flowNo: z.string(),
  supplierName: z.string(),
  level: z.number(),
  /** Elements the supplier submits at this level, in the manual's order. */
  elements: z.array(ppapElementRow),
  /** Elements kept on file at the supplier at this level. */
  retained: z.array(z.object({ code: z.string(), no: z.number(), name: z.string() })),
  warrant: ppapWarrant.nullable(),
  disposition: z.enum(PPAP_DISPOSITIONS).nullable(),
  interimUntil: z.string().nullable(),
  conditions: z.string().nullable(),
  /** valid while approved or within the interim; lapsed once an interim approval has ended. */
  approvalStatus: z.enum(['PENDING', 'APPROVED', 'INTERIM', 'LAPSED', 'REJECTED']),
  nodeStatus: z.number(),
  /** Staff: this user reviews (the node's principal, in progress). Portal: the supplier may submit. */
  mayAct: z.boolean(),
  /** Every submitted element accepted: a disposition other than rejected may be set. */
  allAccepted: z.boolean(),
});
export type PpapDetail = z.infer<typeof ppapDetail>;

/** Whether a disposition may be set now: approval needs every element accepted; a rejection may come at any time. */
export function dispositionIssue(disposition: PpapDisposition, allAccepted: boolean): string | undefined {
  return disposition !== 'REJECTED' && !allAccepted ? 'ppapNotAllAccepted' : undefined;
}
