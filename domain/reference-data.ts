import { z } from 'zod';
import { withParams } from './messages.ts';

/**
 * Queries and answers of the reference-data reads (dictionaries, areas, categories, CMTs, staff
 * search, scenarios): req rfi §7 "Common helpers", req flow §7.1 and §7.10, req shell §7.7.
 * Labels come back in the caller's language.
 */

function requiredCode(max: number) {
  return z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: withParams('maxLength', { max }) });
}

/** Free search text; empty means "no filter". */
function searchText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: withParams('maxLength', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** Dictionary types are snake_case names such as `company_category_20`. */
const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export const dictListQuery = z.object({
  dictType: requiredCode(64).regex(DICT_TYPE_PATTERN, { error: 'invalidValue' }),
});

export const dictItem = z.object({
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  /** Per-entry attributes (for example `required` of certificate_file); {zh,en} pairs come back translated. */
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export type DictItem = z.infer<typeof dictItem>;

export const areaProvinceQuery = z.object({ countryCode: requiredCode(10) });
export const areaCityQuery = z.object({ provinceCode: requiredCode(12) });

/** `id` looks one area up by its code (for showing a stored value); `search` matches names and codes. */
export const areaSearchCountryQuery = z.object({ search: searchText(50), id: searchText(12) });
export const areaSearchProvinceQuery = areaSearchCountryQuery.extend({ countryCode: searchText(10) });
export const areaSearchCityQuery = areaSearchCountryQuery.extend({ provinceCode: searchText(12) });

export const areaOption = z.object({ code: z.string(), name: z.string() });
export type AreaOption = z.infer<typeof areaOption>;

/** Req flow §3.18 / req flow §9: 20 = disabled; life cycle 1 = high potential, 2 = eliminated. */
export const CATEGORY_LIFE_CYCLE = { NORMAL: 0, HIGH_POTENTIAL: 1, ELIMINATED: 2 } as const;
export const CATEGORY_LEVEL = { LARGE: 1, MIDDLE: 2, SMALL: 3 } as const;

export const categorySubQuery = z.object({ categoryCode: requiredCode(20) });
export const categorySmallQuery = z.object({ search: searchText(50) });

export const categoryOption = z.object({
  categoryCode: z.string(),
  categoryName: z.string(),
  level: z.number(),
  parentCode: z.string().nullable(),
  categoryStatus: z.number(),
  categoryLifeCycle: z.number(),
  /** Set on small (level 3) categories: the CMT that owns them. */
  cmtCode: z.string().nullable(),
  cmtName: z.string().nullable(),
});
export type CategoryOption = z.infer<typeof categoryOption>;

export const cmtOption = z.object({ cmtCode: z.string(), cmtName: z.string(), leaderJobNumber: z.string(), leaderName: z.string().nullable() });
export type CmtOption = z.infer<typeof cmtOption>;

/**
 * Req rfi §7: staff search by keyword, returning job number and name. A picker of a kind of people (the review
 * experts) names it as `role`: the holders of its roles are listed before anything is typed, and come first in a search.
 */
export const STAFF_SEARCH_LIMIT = 20;
export const STAFF_PICKER_ROLES = {
  /** Review experts of system certification: the expert pool and the dimension reviewers. */
  EXPERT: ['EXPERT', 'QUALITY_REVIEWER', 'TECHNICAL_REVIEWER', 'BUSINESS_REVIEWER', 'SUPPLY_REVIEWER'],
} as const;
export type StaffPickerRole = keyof typeof STAFF_PICKER_ROLES;
export const staffSearchQuery = z
  .object({
    keyword: searchText(50),
    role: z.enum(Object.keys(STAFF_PICKER_ROLES) as [StaffPickerRole], { error: 'invalidValue' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.keyword && !q.role) ctx.addIssue({ code: 'custom', path: ['keyword'], message: 'required' });
  });

export const staffOption = z.object({ jobNumber: z.string(), name: z.string() });
export type StaffOption = z.infer<typeof staffOption>;

export const scenarioListQuery = z.object({
  applyType: z
    .enum(['1', '2', ''], { error: 'invalidValue' })
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
});

export const scenarioOption = z.object({ code: z.string(), name: z.string(), applyType: z.number() });
export type ScenarioOption = z.infer<typeof scenarioOption>;
