import { z } from 'zod';
import { withParams } from '../../messages.ts';
import type { Locale } from '../../i18n.ts';
import { scoreField as scoreFieldOf } from '../score.ts';
import { documentItem } from '../documents.ts';
import { DIMENSION_CODES, INSPECTION_DIMENSIONS, type DimensionCode } from '../dimensions.ts';
import { flowNoField } from '../flow-no.ts';

/**
 * System certification (req flow §2.6, §3.8, §4.8, §5.8, §7.5): one approve item per inspection
 * dimension. The purchasing manager assigns a review expert to each (people step); each expert scores
 * the on-site audit targets of their own dimension and gives a conclusion (score step); the quality
 * expert — or, without one, the purchasing manager — completes the node.
 */

/** The on-site audit targets of each dimension, each scored 0–100 by the dimension's expert. */
export const AUDIT_TARGETS: Record<DimensionCode, readonly { code: string; zh: string; en: string }[]> = {
  QUALITY: [
    { code: 'QMS', zh: '质量体系与文件控制', en: 'Quality system and document control' },
    { code: 'INCOMING', zh: '来料检验', en: 'Incoming inspection' },
    { code: 'PROCESS_CONTROL', zh: '过程控制', en: 'Process control' },
    { code: 'NONCONFORMING', zh: '不合格品控制与纠正措施', en: 'Nonconforming product and corrective action' },
  ],
  TECHNOLOGY: [
    { code: 'RND_RESOURCES', zh: '研发能力与资源', en: 'Development capability and resources' },
    { code: 'DESIGN_VALIDATION', zh: '设计验证与确认', en: 'Design verification and validation' },
    { code: 'CHANGE_MANAGEMENT', zh: '工程变更管理', en: 'Engineering change management' },
  ],
  PRODUCTION: [
    { code: 'EQUIPMENT', zh: '设备与维护', en: 'Equipment and maintenance' },
    { code: 'WORK_INSTRUCTIONS', zh: '作业指导与工艺纪律', en: 'Work instructions and process discipline' },
    { code: 'CAPACITY', zh: '产能与产线布局', en: 'Capacity and line layout' },
    { code: 'SITE_5S', zh: '现场5S与安全', en: 'Shop floor 5S and safety' },
  ],
  SUPPLY: [
    { code: 'PLANNING', zh: '计划与交付', en: 'Planning and delivery' },
    { code: 'WAREHOUSE', zh: '仓储与物流', en: 'Warehousing and logistics' },
    { code: 'SUB_SUPPLIERS', zh: '次级供应商管理', en: 'Sub-supplier management' },
  ],
  BUSINESS: [
    { code: 'FINANCE', zh: '财务状况', en: 'Financial health' },
    { code: 'COST', zh: '成本与报价透明度', en: 'Cost and quotation transparency' },
    { code: 'COMPLIANCE', zh: '合规与合同管理', en: 'Compliance and contract management' },
  ],
};

/** Req flow §5.8, §9: scores 0–100 with 2 decimals (domain/cert-flow/score.ts); risk text at most 500; materials up to 5 files. */
export { SCORE_MAX, SCORE_MIN, SCORE_SCALE } from '../score.ts';
export const RISK_DESC_MAX = 500;
export const MATERIAL_FILE_MAX = 5;
export const EXPERT_CONCLUSION_DICT = 'expert_audit_status';
const EXPERT_CONCLUSION_VALUES = [10, 20, 30] as const;
/** The reference template of the materials upload (GET /common/v1/template-download?configKey=). */
export const MATERIALS_TEMPLATE_KEY = 'system_cert_template';
export const SYSTEM_CERT_DOCUMENT_TYPE = 'system_cert';

/** The dimension whose expert completes the node (req flow §4.8, §6). */
const QUALITY_INDEX: DimensionCode = 'QUALITY';

const scoreField = scoreFieldOf();

const indexCode = z.enum(DIMENSION_CODES, { error: 'invalidValue' });

/** The item a request is about: parsed first, so the caller is authorized before the form is checked. */
export const systemCertItemRef = z.object({ flowNo: flowNoField, indexCode });
export type SystemCertItemRef = z.infer<typeof systemCertItemRef>;

/** POST /v1/system-cert/save-expert: the full assignment; a dimension left out has no expert. */
export const saveExpertRequest = z.object({
  flowNo: flowNoField,
  items: z
    .array(
      z.object({
        indexCode,
        approveExpertId: z
          .string()
          .trim()
          .max(32, withParams('maxLength', { max: 32 }))
          .nullish()
          .transform((v) => v || null),
      }),
    )
    .max(INSPECTION_DIMENSIONS.length, withParams('maxRows', { max: INSPECTION_DIMENSIONS.length }))
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.indexCode)) ctx.addIssue({ code: 'custom', path: [i, 'indexCode'], message: withParams('duplicateRow', { code: item.indexCode }) });
        seen.add(item.indexCode);
      });
    }),
});
export type SaveExpertRequest = z.infer<typeof saveExpertRequest>;

/** The targets of a scored item: every target of the dimension once, each with a score. */
const targetScore = z.object({ targetCode: z.string().trim().max(50, 'invalidValue'), score: scoreField });

/** POST /v1/system-cert/save: the assigned expert's scores, risk and conclusion of one dimension. */
export const saveScoreRequest = z
  .object({
    flowNo: flowNoField,
    indexCode,
    targetList: z.array(targetScore).max(10, withParams('maxRows', { max: 10 })),
    riskDesc: z
      .string()
      .trim()
      .max(RISK_DESC_MAX, withParams('maxLength', { max: RISK_DESC_MAX }))
      .nullish()
      .transform((v) => v || null),
    expertConclusionStatus: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: 'chooseExpertConclusion' })
        .refine((v) => (EXPERT_CONCLUSION_VALUES as readonly number[]).includes(v), 'invalidValue'),
    ),
    documentList: z
      .array(documentItem)
      .max(MATERIAL_FILE_MAX, withParams('tooManyFiles', { max: MATERIAL_FILE_MAX }))
      .default([]),
  })
  .superRefine((body, ctx) => {
    const targets = AUDIT_TARGETS[body.indexCode];
    const given = new Set<string>();
    body.targetList.forEach((t, i) => {
      if (!targets.some((d) => d.code === t.targetCode) || given.has(t.targetCode)) {
        ctx.addIssue({ code: 'custom', path: ['targetList', i, 'targetCode'], message: 'invalidValue' });
      }
      given.add(t.targetCode);
    });
    if (targets.some((d) => !given.has(d.code))) ctx.addIssue({ code: 'custom', path: ['targetList'], message: 'required' });
  });
export type SaveScoreRequest = z.infer<typeof saveScoreRequest>;

/**
 * The expert panel's conclusion score: the mean of the dimension's target scores, rounded half up to
 * 2 decimals. Computed in hundredths so 2-decimal inputs average exactly (no float drift).
 */
export function conclusionScore(scores: readonly number[]): number | null {
  if (!scores.length) return null;
  const hundredths = scores.reduce((sum, s) => sum + Math.round(s * 100), 0);
  return Math.round(hundredths / scores.length) / 100;
}

export type SystemCertStep = 'people' | 'score';
export type SystemCertCompleter = 'QUALITY_EXPERT' | 'PURCHASE_MANAGER';

/** The parts of an item the rules look at. */
export interface ItemState {
  indexCode: string;
  approveExpertId: string | null;
  submitted: boolean;
}

/** Req flow §4.8: 'people' while no expert is assigned, otherwise 'score'. */
export function systemCertStep(items: readonly ItemState[]): SystemCertStep {
  return items.some((i) => i.approveExpertId) ? 'score' : 'people';
}

/**
 * Dimensions without an expert that must have one: every dimension the flow scores (`dimensions`, its
 * scenario version's) unless the node is optional (req flow §5.8).
 */
export function missingExperts(items: readonly Pick<ItemState, 'indexCode' | 'approveExpertId'>[], optional: boolean, dimensions: readonly string[]): string[] {
  if (optional) return [];
  return dimensions.filter((code) => !items.find((i) => i.indexCode === code)?.approveExpertId);
}

/** Experts may be re-assigned until the first score is submitted. */
export function expertsLocked(items: readonly ItemState[]): boolean {
  return items.some((i) => i.submitted);
}

/** Req flow §4.8, §6: the quality dimension's expert completes; without one, the purchasing manager. */
export function systemCertCompleter(items: readonly ItemState[], purchaseManagerJobNumber: string | null): { completer: SystemCertCompleter; jobNumber: string | null } {
  const quality = items.find((i) => i.indexCode === QUALITY_INDEX)?.approveExpertId;
  return quality ? { completer: 'QUALITY_EXPERT', jobNumber: quality } : { completer: 'PURCHASE_MANAGER', jobNumber: purchaseManagerJobNumber };
}

/**
 * Every item with an expert has submitted its scores, and at least one has (an optional node may
 * leave dimensions without an expert; a required one cannot reach here without all of them).
 */
export function allScored(items: readonly ItemState[]): boolean {
  const assigned = items.filter((i) => i.approveExpertId);
  return assigned.length > 0 && assigned.every((i) => i.submitted);
}

/**
 * What the node's principal task waits for, as their task list says it: the experts' scores (how many of
 * how many), or the completion by the quality expert, or the principal's own completion.
 */
export function systemCertWaitingFor(items: readonly (ItemState & { approveExpertName?: string | null })[], principalJobNumber: string, locale: Locale): string | undefined {
  const assigned = items.filter((i) => i.approveExpertId);
  if (!assigned.length) return undefined;
  const scored = assigned.filter((i) => i.submitted).length;
  if (scored < assigned.length) return locale === 'zh' ? `等待专家评分（${scored}/${assigned.length}）` : `waiting for the experts' scores (${scored}/${assigned.length})`;
  const { jobNumber } = systemCertCompleter(items, principalJobNumber);
  if (jobNumber === principalJobNumber) return locale === 'zh' ? '专家已全部评分，请完成节点' : 'every expert has scored: complete the node';
  const name = items.find((i) => i.approveExpertId === jobNumber)?.approveExpertName ?? jobNumber;
  return locale === 'zh' ? `等待质量专家${name}完成节点` : `waiting for the quality expert ${name} to complete the node`;
}

export function dimensionName(code: string, locale: Locale): string {
  return INSPECTION_DIMENSIONS.find((d) => d.code === code)?.[locale] ?? code;
}

export function targetName(indexCode: string, targetCode: string, locale: Locale): string {
  return AUDIT_TARGETS[indexCode as DimensionCode]?.find((t) => t.code === targetCode)?.[locale] ?? targetCode;
}

/** One approve item as GET /v1/system-cert/task-detail answers it (req flow §3.8). */
export const systemCertItem = z.object({
  flowNo: z.string(),
  indexCode: z.enum(DIMENSION_CODES),
  indexName: z.string(),
  selfScore: z.number().nullable(),
  approveExpertId: z.string().nullable(),
  approveExpertName: z.string().nullable(),
  targetList: z.array(z.object({ targetCode: z.string(), targetName: z.string(), score: z.number().nullable() })),
  riskDesc: z.string().nullable(),
  expertConclusionStatus: z.number().nullable(),
  expertConclusionScore: z.number().nullable(),
  documentList: z.array(documentItem),
  documentType: z.string(),
  submitted: z.boolean(),
});
export type SystemCertItem = z.infer<typeof systemCertItem>;

export const systemCertDetail = z.object({
  step: z.enum(['people', 'score']),
  nodeStatus: z.number(),
  optional: z.boolean(),
  items: z.array(systemCertItem),
  completer: z.enum(['QUALITY_EXPERT', 'PURCHASE_MANAGER']),
  completerJobNumber: z.string().nullable(),
  /** The caller is the purchasing manager, the node is in progress and no score is submitted yet. */
  mayEditPeople: z.boolean(),
  /** The dimensions the caller scores (their own rows), while the node is in progress. */
  editableIndexCodes: z.array(z.enum(DIMENSION_CODES)),
  /** The caller is the completer and the node is in progress. */
  mayComplete: z.boolean(),
  /** Every assigned item has submitted its scores. */
  allScored: z.boolean(),
  /** The node works as a VDA 6.3 process audit (req flow §10) instead of the dimension scores. */
  standard: z.literal('VDA63').nullable(),
});
export type SystemCertDetail = z.infer<typeof systemCertDetail>;
