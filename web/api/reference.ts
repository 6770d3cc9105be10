import { queryOptions } from '@tanstack/react-query';
import { get } from './client.ts';
import type { StaffPickerRole } from '#domain/reference-data.ts';

/** Reference data: dictionaries, categories, CMTs, scenarios, staff (spec 1 §7, spec 2 §7.1, §7.10). */
export interface DictOption {
  dictKey: string;
  dictValue: string;
  sort?: number;
  /** Per-entry attributes, e.g. `required` of certificate_file or `desc` of rfi_security_info. */
  extra?: Record<string, unknown> | null;
}
export interface CategoryOption {
  categoryCode: string;
  categoryName: string;
  categoryStatus?: number;
  categoryLifeCycle?: number;
  cmtCode?: string | null;
}
export interface CmtOption {
  cmtCode: string;
  cmtName: string;
  leaderJobNumber: string;
  leaderName: string;
}
export interface ScenarioOption {
  code: string;
  name: string;
}
export interface StaffOption {
  jobNumber: string;
  name: string;
}

// Keys carry the locale: labels come back in the caller's language.
export const referenceKeys = {
  all: ['reference'] as const,
  dict: (dictType: string, locale: string) => [...referenceKeys.all, 'dict', dictType, locale] as const,
  largeCategories: (locale: string) => [...referenceKeys.all, 'category-large', locale] as const,
  subCategories: (code: string, locale: string) => [...referenceKeys.all, 'category-sub', code, locale] as const,
  cmts: (locale: string) => [...referenceKeys.all, 'cmt', locale] as const,
  scenarios: (applyType: number, locale: string) => [...referenceKeys.all, 'scenario', applyType, locale] as const,
  staff: (keyword: string) => [...referenceKeys.all, 'staff', keyword] as const,
};

const DAY = 24 * 60 * 60_000;

/** `supplier`/`portal`: called from the supplier's questionnaire or portal (Bearer token); the entries are the same. */
export const dictQuery = (dictType: string, locale: string, caller: { supplier?: boolean; portal?: boolean } = {}) =>
  queryOptions({
    queryKey: referenceKeys.dict(dictType, locale),
    queryFn: ({ signal }) => get<DictOption[]>('/dict/v1/list', { dictType }, { signal, supplier: caller.supplier, portal: caller.portal }),
    staleTime: DAY,
  });

export const largeCategoriesQuery = (locale: string) =>
  queryOptions({
    queryKey: referenceKeys.largeCategories(locale),
    queryFn: ({ signal }) => get<CategoryOption[]>('/v1/cmt/category-large/all', undefined, { signal }),
    staleTime: DAY,
  });

export const subCategoriesQuery = (categoryCode: string, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.subCategories(categoryCode, locale),
    queryFn: ({ signal }) => get<CategoryOption[]>('/v1/cmt/category-sub/search', { categoryCode }, { signal }),
    staleTime: DAY,
    enabled: Boolean(categoryCode),
  });

export const cmtsQuery = (locale: string) =>
  queryOptions({
    queryKey: referenceKeys.cmts(locale),
    queryFn: ({ signal }) => get<CmtOption[]>('/v1/cmt/all', undefined, { signal }),
    staleTime: DAY,
  });

export const scenariosQuery = (applyType: number, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.scenarios(applyType, locale),
    // The applied scenarios of the configuration (spec 3 §7.4); scenarioType is the apply type.
    queryFn: ({ signal }) => get<ScenarioOption[]>('/dict/v1/scenario_list', { dictType: 'cert_scenario', scenarioType: applyType }, { signal }),
    staleTime: DAY,
  });

/** Staff by keyword; with a role, its holders are listed before anything is typed. */
export const staffSearchQuery = (keyword: string, role?: StaffPickerRole) =>
  queryOptions({
    queryKey: [...referenceKeys.staff(keyword), role ?? null],
    queryFn: ({ signal }) => get<StaffOption[]>('/dsc-staff/v1/search', { keyword, ...(role ? { role } : {}) }, { signal }),
    staleTime: 60_000,
    enabled: keyword.trim().length > 0 || Boolean(role),
  });

/** Small categories matching a search (name or code), for pickers that name one category. */
export const smallCategoriesQuery = (search: string, locale: string) =>
  queryOptions({
    queryKey: [...referenceKeys.all, 'category-small', search, locale],
    queryFn: ({ signal }) => get<CategoryOption[]>('/v1/cmt/category-small/search', { search }, { signal }),
    staleTime: DAY,
  });
