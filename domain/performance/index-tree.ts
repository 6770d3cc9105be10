import { z } from 'zod';
import { optionalText, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { decimalPlaces } from '../rfi/sections/kit.ts';
import { checkBands } from './bands.ts';
import {
  PERF_BANDS_MAX,
  PERF_CODE_MAX,
  PERF_DIRECTIONS,
  PERF_FIGURE_KINDS,
  PERF_METHODS,
  PERF_NAME_MAX,
  PERF_REVIEWER_ROLES,
  PERF_SIBLINGS_MAX,
  PERF_TEXT_MAX,
  type PerfDirection,
  type PerfMethod,
} from './model.ts';
import { checkSiblingWeights } from './weights.ts';

/**
 * Index systems, their versions and the index tree (req performance §7.3 /v1/performance-index/*): the request
 * schemas the server parses and the tree editor validates with, and the shapes the reads answer.
 */

/** A number input's value (number or numeric text) with at most 2 decimals, in [min, max]. */
function decimal2(opts: { min: number; max: number; exclusiveMin?: boolean; missing: string; range: string }) {
  return z
    .union([z.number(), z.string()], { error: opts.missing })
    .nullish()
    .transform((raw, ctx): number => {
      const s = typeof raw === 'string' ? raw.trim() : raw;
      if (s === null || s === undefined || s === '') return fail(ctx, opts.missing);
      const n = Number(s);
      if (!Number.isFinite(n) || (typeof s === 'string' && !/^[-+]?\d+(\.\d+)?$/.test(s))) return fail(ctx, 'invalidNumber');
      if (decimalPlaces(n) > 2 || n > opts.max || (opts.exclusiveMin ? n <= opts.min : n < opts.min)) return fail(ctx, opts.range);
      return n;
    });
}

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A weight among siblings: above 0, at most 100, 2 decimals. */
export const weightField = decimal2({ min: 0, max: 100, exclusiveMin: true, missing: 'enterWeight', range: 'weightRange' });

export const indexCodeField = requiredText(PERF_CODE_MAX, 'enterIndexCode').regex(/^[A-Za-z0-9_-]+$/, { error: 'indexCodeFormat' });

export const bandSchema = z.object({
  threshold: z
    .union([z.number(), z.string()], { error: 'invalidNumber' })
    .transform((raw, ctx): number => {
      const n = typeof raw === 'string' && raw.trim() === '' ? NaN : Number(raw);
      return Number.isFinite(n) ? n : fail(ctx, 'invalidNumber');
    }),
  score: decimal2({ min: 0, max: 100, missing: 'required', range: withParams('maxValue', { max: 100 }) }),
});

/** The other siblings' weights after the change: every write leaves each sibling set adding up to 100. */
const siblingWeights = z
  .array(z.object({ id: z.uuid({ error: 'indexNotFound' }), weight: weightField }))
  .max(PERF_SIBLINGS_MAX, { error: withParams('tooManyIndices', { max: PERF_SIBLINGS_MAX }) })
  .default([]);

/** The fields of a first-level index (a group such as quality or delivery) or of an index under one. */
const indexFields = z.object({
  code: indexCodeField,
  nameZh: requiredText(PERF_NAME_MAX, 'enterIndexName'),
  nameEn: requiredText(PERF_NAME_MAX, 'enterIndexName'),
  description: optionalText(PERF_TEXT_MAX),
  weight: weightField,
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  // The rest applies to indices (parentId set) only.
  method: z.enum(PERF_METHODS, { error: 'chooseScoringMethod' }).nullish(),
  direction: z.enum(PERF_DIRECTIONS, { error: 'chooseDirection' }).nullish(),
  figureKind: z.enum(PERF_FIGURE_KINDS as [string, ...string[]], { error: 'chooseFigureKind' }).nullish(),
  bands: z.array(bandSchema).max(PERF_BANDS_MAX, { error: withParams('tooManyBands', { max: PERF_BANDS_MAX }) }).default([]),
  reviewerRole: z.enum(PERF_REVIEWER_ROLES, { error: 'chooseReviewerRole' }).nullish(),
  knockOut: z.boolean().default(false),
  siblingWeights,
});

interface IndexRuleInput {
  parentId?: string | null;
  weight: number;
  method?: PerfMethod | null;
  direction?: PerfDirection | null;
  figureKind?: string | null;
  bands: { threshold: number; score: number }[];
  reviewerRole?: string | null;
  siblingWeights: { id: string; weight: number }[];
}

/** The rules across fields of an index: what its method needs, its bands, its sibling set's total. */
function indexRules(v: IndexRuleInput, ctx: z.RefinementCtx): void {
  const sum = checkSiblingWeights([v.weight, ...v.siblingWeights.map((s) => s.weight)]);
  if (sum) ctx.addIssue({ code: 'custom', path: ['weight'], message: sum });
  if (!v.parentId) return;
  if (!v.method) {
    ctx.addIssue({ code: 'custom', path: ['method'], message: 'chooseScoringMethod' });
    return;
  }
  if (v.method === 'MANUAL' && !v.reviewerRole) ctx.addIssue({ code: 'custom', path: ['reviewerRole'], message: 'chooseReviewerRole' });
  if (v.method === 'COMPUTED') {
    if (!v.figureKind) ctx.addIssue({ code: 'custom', path: ['figureKind'], message: 'chooseFigureKind' });
    if (!v.direction) ctx.addIssue({ code: 'custom', path: ['direction'], message: 'chooseDirection' });
    else {
      const bands = checkBands(v.bands, v.direction);
      if (bands) ctx.addIssue({ code: 'custom', path: ['bands'], message: bands });
    }
  }
}

/** A first-level index keeps only what a group has; an index only what its method uses. */
function normaliseIndex<T extends IndexRuleInput & { knockOut: boolean }>(v: T) {
  if (!v.parentId) return { ...v, method: null, direction: null, figureKind: null, bands: [], reviewerRole: null, knockOut: false };
  if (v.method === 'MANUAL') return { ...v, direction: v.direction ?? 'HIGHER', figureKind: null, bands: [] };
  return { ...v, reviewerRole: null };
}

const systemFields = z.object({
  nameZh: requiredText(PERF_NAME_MAX, 'enterSystemName'),
  nameEn: requiredText(PERF_NAME_MAX, 'enterSystemName'),
  remark: optionalText(PERF_TEXT_MAX),
});

const addIndex = indexFields
  .extend({ kind: z.literal('INDEX'), versionId: requiredText(64, 'indexVersionNotFound'), parentId: z.uuid({ error: 'indexNotFound' }).nullish() })
  .superRefine(indexRules)
  .transform(normaliseIndex);

/**
 * POST /v1/performance-index/add: a new index system (with its version 1), a new version of a system
 * (a copy of its latest version, to change what a started plan froze), or a (first-level) index.
 */
export const indexAddRequest = z.discriminatedUnion('kind', [
  systemFields.extend({ kind: z.literal('SYSTEM') }),
  z.object({ kind: z.literal('VERSION'), systemCode: requiredText(40, 'indexSystemNotFound'), remark: optionalText(PERF_TEXT_MAX) }),
  addIndex,
]);
export type IndexAddRequest = z.infer<typeof indexAddRequest>;
export type IndexAddInput = z.input<typeof indexAddRequest>;

const editIndex = indexFields
  .extend({ kind: z.literal('INDEX'), id: z.uuid({ error: 'indexNotFound' }), parentId: z.uuid().nullish() })
  .superRefine(indexRules)
  .transform(normaliseIndex);

/** POST /v1/performance-index/edit: a system's names, or an index (its parent is not changed; parentId tells its kind). */
export const indexEditRequest = z.discriminatedUnion('kind', [systemFields.extend({ kind: z.literal('SYSTEM'), code: requiredText(40, 'indexSystemNotFound') }), editIndex]);
export type IndexEditRequest = z.infer<typeof indexEditRequest>;

/** The index form of the tree editor: an index's fields, checked as the server checks them. */
export const indexFormSchema = addIndex;
export type IndexFormInput = z.input<typeof indexFormSchema>;

/**
 * POST /v1/performance-index/del: a system no plan references, or an index of an unfrozen version with the
 * remaining siblings' weights (which must add up to 100 unless none remain).
 */
export const indexDelRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SYSTEM'), code: requiredText(40, 'indexSystemNotFound') }),
  z
    .object({ kind: z.literal('INDEX'), id: z.uuid({ error: 'indexNotFound' }), siblingWeights })
    .superRefine((v, ctx) => {
      const sum = checkSiblingWeights(v.siblingWeights.map((s) => s.weight));
      if (sum) ctx.addIssue({ code: 'custom', path: ['siblingWeights'], message: sum });
    }),
]);
export type IndexDelRequest = z.infer<typeof indexDelRequest>;

/** GET list-one and tree: a version, or a system's latest version. */
export const indexVersionQuery = z
  .object({ versionId: optionalText(64), systemCode: optionalText(40) })
  .refine((v) => v.versionId || v.systemCode, { error: 'indexVersionNotFound', path: ['versionId'] });
/** GET search: indices whose code or name contains the keyword, optionally within one version. */
export const indexSearchQuery = z.object({ keyword: optionalText(PERF_NAME_MAX), versionId: optionalText(64) });

export const indexVersionSummary = z.object({
  id: z.string(),
  version: z.number(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  /** The first started plan that uses it: the version is frozen. */
  frozenBy: z.string().nullable(),
  /** Plans that use it, in any status. */
  planCount: z.number(),
  complete: z.boolean(),
});
export type IndexVersionSummary = z.infer<typeof indexVersionSummary>;

/** GET list-system */
export const indexSystemRow = z.object({
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  remark: z.string().nullable(),
  createdBy: z.string(),
  updatedAt: z.string(),
  versions: z.array(indexVersionSummary),
});
export type IndexSystemRow = z.infer<typeof indexSystemRow>;

export interface IndexNode {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  nameZh: string;
  nameEn: string;
  description: string | null;
  weight: number;
  sort: number;
  method: PerfMethod | null;
  direction: PerfDirection | null;
  figureKind: string | null;
  bands: { threshold: number; score: number }[];
  reviewerRole: string | null;
  knockOut: boolean;
  children: IndexNode[];
}
/** An index with its subtree (recursive, hence the declared type). */
export const indexNode: z.ZodType<IndexNode> = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    code: z.string(),
    name: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    description: z.string().nullable(),
    weight: z.number(),
    sort: z.number(),
    method: z.enum(PERF_METHODS).nullable(),
    direction: z.enum(PERF_DIRECTIONS).nullable(),
    figureKind: z.string().nullable(),
    bands: z.array(z.object({ threshold: z.number(), score: z.number() })),
    reviewerRole: z.string().nullable(),
    knockOut: z.boolean(),
    get children() {
      return z.array(indexNode);
    },
  })
  // A named component, so the API reference refers to it instead of unfolding it forever.
  .meta({ id: 'IndexNode' });

/** GET tree */
export const indexTree = z.object({
  system: z.object({ code: z.string(), name: z.string(), nameZh: z.string(), nameEn: z.string() }),
  version: indexVersionSummary,
  /** Why the version cannot be used by a plan yet (message texts); empty when complete. */
  incomplete: z.array(z.string()),
  children: z.array(indexNode),
});
export type IndexTree = z.infer<typeof indexTree>;

/** GET search: an index with its place. */
export const indexSearchRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  path: z.string(),
  versionId: z.string(),
  systemCode: z.string(),
  version: z.number(),
  method: z.enum(PERF_METHODS).nullable(),
  reviewerRole: z.string().nullable(),
});
export type IndexSearchRow = z.infer<typeof indexSearchRow>;

/** GET role: a reviewer role and how many active staff hold it. */
export const reviewerRoleRow = z.object({ code: z.string(), name: z.string(), staffCount: z.number() });
export type ReviewerRoleRow = z.infer<typeof reviewerRoleRow>;

export const versionIdOf = (systemCode: string, version: number) => `${systemCode}-V${version}`;
