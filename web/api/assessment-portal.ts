import { queryOptions } from '@tanstack/react-query';
import { ASSESSMENT } from '#domain/contracts/assessment.ts';
import { call } from './call.ts';
import { portalKeys } from './supplier-portal.ts';

/** The supplier's published performance results, read with the portal session. */
export const portalScorecardQuery = (locale: string) =>
  queryOptions({
    queryKey: [...portalKeys.all, 'scorecard', locale],
    queryFn: ({ signal }) => call(ASSESSMENT.scorecard, {}, { signal, portal: true }),
  });
