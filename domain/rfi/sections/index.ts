import type { z } from 'zod';
import type { RfiStepKey } from '../steps.ts';
import { certificates } from './certificates.ts';
import { company } from './company.ts';
import { contacts } from './contacts.ts';
import { buildCompiledSchema, buildSchema, type SectionContext, type SectionDef, type Variant } from './define.ts';
import { development } from './development.ts';
import { factories } from './factories.ts';
import { finance } from './finance.ts';
import { otherCapability } from './other-capability.ts';
import { qualityTargets } from './quality-targets.ts';
import { sales } from './sales.ts';
import { securityDelivery } from './security-delivery.ts';

/**
 * The questionnaire's sections by step key (domain/rfi/steps.ts): the one source of their rules for
 * the server (full on save=true and submit, draft on save=false) and the web forms (zod4Resolver).
 *
 * - `full`: every rule of req rfi §5 — what Next and Submit need.
 * - `draft`: types, maximum lengths, number ranges and row maxima only; everything may be missing,
 *   so a draft is incomplete but never garbage.
 *
 * Rule messages are ids of domain/messages.ts (`translate` renders them); error paths are dot paths
 * such as `factoryList.0.baseName`.
 */
export const RFI_SECTION_DEFS = {
  company,
  contacts,
  finance,
  sales,
  certificates,
  factories,
  qualityTargets,
  otherCapability,
  development,
  securityDelivery,
} as const satisfies Record<RfiStepKey, SectionDef<z.ZodObject>>;

type Defs = typeof RFI_SECTION_DEFS;
type ShapeOf<K extends RfiStepKey> = ReturnType<Defs[K]['shape']>;

/** A section as stored and as the server returns it (the parse output; optional fields may be absent). */
export type RfiSection<K extends RfiStepKey> = z.output<ShapeOf<K>>;
/** A section as a form holds it (the parse input: '' and null stand for "not given"). */
export type RfiSectionValues<K extends RfiStepKey> = z.input<ShapeOf<K>>;
export type RfiSections = { [K in RfiStepKey]: RfiSection<K> };

export type { SectionContext, Variant };

export interface SectionSchemaOptions extends SectionContext {
  variant: Variant;
}

export type SectionSchema<K extends RfiStepKey> = z.ZodType<RfiSection<K>, RfiSectionValues<K>>;

/** The schema of a step for an editor (staff or supplier) and a variant. */
export function sectionSchema<K extends RfiStepKey>(step: K, options: SectionSchemaOptions): SectionSchema<K> {
  const { variant, ...ctx } = options;
  return buildSchema(RFI_SECTION_DEFS[step] as SectionDef<z.ZodObject>, variant, ctx) as unknown as SectionSchema<K>;
}

/** `sectionSchema` with zod's generated parser in front (define.ts `buildCompiledSchema`): the server's, never the web's. */
export function compiledSectionSchema<K extends RfiStepKey>(step: K, options: SectionSchemaOptions): SectionSchema<K> {
  const { variant, ...ctx } = options;
  return buildCompiledSchema(RFI_SECTION_DEFS[step] as SectionDef<z.ZodObject>, variant, ctx) as unknown as SectionSchema<K>;
}

const SUPPLIER: SectionContext = { staff: false };

/** `{ full, draft }` per step; both take the editor's context (a supplier when not given). */
export const RFI_SECTIONS = Object.fromEntries(
  (Object.keys(RFI_SECTION_DEFS) as RfiStepKey[]).map((step) => [
    step,
    {
      full: (ctx: SectionContext = SUPPLIER) => sectionSchema(step, { ...ctx, variant: 'full' }),
      draft: (ctx: SectionContext = SUPPLIER) => sectionSchema(step, { ...ctx, variant: 'draft' }),
    },
  ]),
) as { [K in RfiStepKey]: { full(ctx?: SectionContext): SectionSchema<K>; draft(ctx?: SectionContext): SectionSchema<K> } };

/** Field errors of a failed parse by dot path; the first message of a path wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

export * from './address.ts';
export * from './certificates.ts';
export * from './company.ts';
export * from './contacts.ts';
export * from './development.ts';
export * from './factories.ts';
export * from './finance.ts';
export * from './other-capability.ts';
export * from './quality-targets.ts';
export * from './sales.ts';
export * from './security-delivery.ts';
