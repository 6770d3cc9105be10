import { queryOptions } from '@tanstack/react-query';
import type { PortalScorecard } from '#domain/assessment/summary.ts';
import { get } from './client.ts';
import { portalKeys } from './supplier-portal.ts';

/** The supplier's published performance results, read with the portal session. */
export const portalScorecardQuery = (locale: string) =>
  queryOptions({
    queryKey: [...portalKeys.all, 'scorecard', locale],
    queryFn: ({ signal }) => get<PortalScorecard>('/v1/supplier-portal/scorecard', undefined, { signal, portal: true }),
  });
