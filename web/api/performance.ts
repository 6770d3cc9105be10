import { queryOptions } from '@tanstack/react-query';
import type { Page } from '#domain/fields.ts';
import type { IndexAddInput, IndexSystemRow, IndexTree, ReviewerRoleRow } from '#domain/performance/index-tree.ts';
import type { PerfPlanStatus } from '#domain/performance/model.ts';
import type { PlanDetail, PlanFormInput, PlanRow, PlanSupplierOption } from '#domain/performance/plan.ts';
import { get, post } from './client.ts';

/** Supplier performance (spec 3 §7.3): the index tree and plans. */
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
  queryOptions({ queryKey: [...perfKeys.systems(), locale], queryFn: ({ signal }) => get<IndexSystemRow[]>('/v1/performance-index/list-system', {}, { signal }) });

export const indexTreeQuery = (versionId: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.tree(versionId), locale],
    queryFn: ({ signal }) => get<IndexTree>('/v1/performance-index/tree', { versionId }, { signal }),
    enabled: Boolean(versionId),
  });

export const reviewerRolesQuery = (locale: string) =>
  queryOptions({ queryKey: [...perfKeys.roles(), locale], queryFn: ({ signal }) => get<ReviewerRoleRow[]>('/v1/performance-index/role', {}, { signal }) });

export interface PlanListSearch {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  status?: PerfPlanStatus;
}

export const planPageQuery = (q: PlanListSearch, locale: string) =>
  queryOptions({ queryKey: [...perfKeys.plans(), q, locale], queryFn: ({ signal }) => post<Page<PlanRow>>('/v1/performance-plan/page', q, { signal }) });

export const planDetailQuery = (planNo: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.plan(planNo), locale],
    queryFn: ({ signal }) => get<PlanDetail>('/v1/performance-plan/detail', { planNo }, { signal }),
    enabled: Boolean(planNo),
  });

export const planSuppliersQuery = (keyword: string, locale: string) =>
  queryOptions({
    queryKey: [...perfKeys.suppliers(keyword), locale],
    queryFn: ({ signal }) => get<PlanSupplierOption[]>('/v1/performance-plan/search-supplier', { keyword, limit: 50 }, { signal }),
  });

type IndexWrite = Record<string, unknown>;
/** Field errors come back on the ApiError; the forms show them themselves. */
export const addIndexNode = (body: IndexAddInput) => post<{ code?: string; versionId?: string; id?: string; message: string }>('/v1/performance-index/add', body, { handleErrors: true });
export const editIndexNode = (body: IndexWrite) => post<{ message: string }>('/v1/performance-index/edit', body, { handleErrors: true });
export const deleteIndexNode = (body: IndexWrite) => post<{ message: string }>('/v1/performance-index/del', body, { handleErrors: true });
export const createPlan = (form: PlanFormInput) => post<{ planNo: string; message: string }>('/v1/performance-plan/create', form, { handleErrors: true });
export const startPlan = (planNo: string) => post<{ message: string }>('/v1/performance-plan/start', { planNo });
export const editPlan = (form: PlanFormInput & { planNo: string }) => post<{ message: string }>('/v1/performance-plan/edit', form, { handleErrors: true });
