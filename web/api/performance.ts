import { queryOptions } from '@tanstack/react-query';
import { ASSESSMENT } from '#domain/contracts/assessment.ts';
import { PERF_INDEX, PERF_PLAN } from '#domain/contracts/performance.ts';
import type { ContractInput } from '#domain/contracts/contract.ts';
import type { IndexAddInput } from '#domain/performance/index-tree.ts';
import type { PerfPlanStatus } from '#domain/performance/model.ts';
import type { PlanFormInput } from '#domain/performance/plan.ts';
import { call } from './call.ts';

/** Supplier performance (req performance §7.3): the index tree and plans. */
export const perfKeys = {
  all: ['performance'] as const,
  systems: () => [...perfKeys.all, 'systems'] as const,
  tree: (versionId: string) => [...perfKeys.all, 'tree', versionId] as const,
  roles: () => [...perfKeys.all, 'roles'] as const,
  plans: () => [...perfKeys.all, 'plans'] as const,
  plan: (planNo: string) => [...perfKeys.all, 'plan', planNo] as const,
  suppliers: (keyword: string) => [...perfKeys.all, 'suppliers', keyword] as const,
};

export const indexSystemsQuery = (locale: string) =>
  queryOptions({ queryKey: [...perfKeys.systems(), locale], queryFn: ({ signal }) => call(PERF_INDEX.systems, {}, { signal }) });

export const indexTreeQuery = (versionId: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.tree(versionId), locale],
    queryFn: ({ signal }) => call(PERF_INDEX.tree, { query: { versionId } }, { signal }),
    enabled: Boolean(versionId),
  });

export const reviewerRolesQuery = (locale: string) =>
  queryOptions({ queryKey: [...perfKeys.roles(), locale], queryFn: ({ signal }) => call(PERF_INDEX.roles, {}, { signal }) });

export interface PlanListSearch {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  status?: PerfPlanStatus;
}

export const planPageQuery = (q: PlanListSearch, locale: string) =>
  queryOptions({ queryKey: [...perfKeys.plans(), q, locale], queryFn: ({ signal }) => call(PERF_PLAN.page, { body: q }, { signal }) });

export const planDetailQuery = (planNo: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.plan(planNo), locale],
    queryFn: ({ signal }) => call(PERF_PLAN.detail, { query: { planNo } }, { signal }),
    enabled: Boolean(planNo),
  });

export const planSuppliersQuery = (keyword: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.suppliers(keyword), locale],
    queryFn: ({ signal }) => call(PERF_PLAN.searchSupplier, { query: { keyword, limit: 50 } }, { signal }),
  });

/** Field errors come back on the ApiError; the forms show them themselves. */
export const addIndexNode = (body: IndexAddInput) => call(PERF_INDEX.add, { body }, { handleErrors: true });
export const editIndexNode = (body: ContractInput<typeof PERF_INDEX.edit>['body']) => call(PERF_INDEX.edit, { body }, { handleErrors: true });
export const deleteIndexNode = (body: ContractInput<typeof PERF_INDEX.del>['body']) => call(PERF_INDEX.del, { body }, { handleErrors: true });
export const createPlan = (form: PlanFormInput) => call(PERF_PLAN.create, { body: form }, { handleErrors: true });
export const startPlan = (planNo: string) => call(ASSESSMENT.start, { body: { planNo } });
export const editPlan = (form: PlanFormInput & { planNo: string }) => call(PERF_PLAN.edit, { body: form }, { handleErrors: true });
