import { queryOptions } from '@tanstack/react-query';
import { REFERENCE } from '#domain/contracts/reference.ts';
import { SCENARIO } from '#domain/contracts/scenario.ts';
import type { StaffPickerRole } from '#domain/reference-data.ts';
import { call } from './call.ts';

/** Reference data: dictionaries, categories, CMTs, scenarios, staff (req rfi §7, req flow §7.1, §7.10). */
export type { CategoryOption, CmtOption, ScenarioOption, StaffOption } from '#domain/reference-data.ts';
export type { DictItem as DictOption } from '#domain/reference-data.ts';

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
    queryFn: ({ signal }) => call(REFERENCE.dict, { query: { dictType } }, { signal, supplier: caller.supplier, portal: caller.portal }),
    staleTime: DAY,
  });

export const largeCategoriesQuery = (locale: string) =>
  queryOptions({
    queryKey: referenceKeys.largeCategories(locale),
    queryFn: ({ signal }) => call(REFERENCE.largeCategories, {}, { signal }),
    staleTime: DAY,
  });

export const subCategoriesQuery = (categoryCode: string, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.subCategories(categoryCode, locale),
    queryFn: ({ signal }) => call(REFERENCE.subCategories, { query: { categoryCode } }, { signal }),
    staleTime: DAY,
    enabled: Boolean(categoryCode),
  });

export const cmtsQuery = (locale: string) =>
  queryOptions({
    queryKey: referenceKeys.cmts(locale),
    queryFn: ({ signal }) => call(REFERENCE.cmts, {}, { signal }),
    staleTime: DAY,
  });

export const scenariosQuery = (applyType: 1 | 2, locale: string) =>
  queryOptions({
    queryKey: referenceKeys.scenarios(applyType, locale),
    // The applied scenarios of the configuration (req scenario §7.4); scenarioType is the apply type.
    queryFn: ({ signal }) => call(SCENARIO.applied, { query: { dictType: 'cert_scenario', scenarioType: String(applyType) as '1' | '2' } }, { signal }),
    staleTime: DAY,
  });

/** Staff by keyword; with a role, its holders are listed before anything is typed. */
export const staffSearchQuery = (keyword: string, role?: StaffPickerRole) =>
  queryOptions({
    queryKey: [...referenceKeys.staff(keyword), role ?? null],
    queryFn: ({ signal }) => call(REFERENCE.staff, { query: { keyword, ...(role ? { role } : {}) } }, { signal }),
    staleTime: 60_000,
    enabled: keyword.trim().length > 0 || Boolean(role),
  });

/** Small categories matching a search (name or code), for pickers that name one category. */
export const smallCategoriesQuery = (search: string, locale: string) =>
  queryOptions({
    queryKey: [...referenceKeys.all, 'category-small', search, locale],
    queryFn: ({ signal }) => call(REFERENCE.smallCategories, { query: { search } }, { signal }),
    staleTime: DAY,
  });
