import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import { DASHBOARD } from '#domain/contracts/dashboard.ts';
import type { DashboardQuery } from '#domain/dashboard/dashboard.ts';
import { call } from './call.ts';

/** The operations dashboard (domain/contracts/dashboard.ts): refreshed each minute while open. */
export const dashboardQuery = (q: DashboardQuery, locale: string) =>
  queryOptions({
    queryKey: ['operations-dashboard', q, locale] as const,
    queryFn: ({ signal }) => call(DASHBOARD.view, { query: q }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
