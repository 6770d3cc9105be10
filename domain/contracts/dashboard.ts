import { dashboardQuery, dashboardView } from '../dashboard/dashboard.ts';
import { contract } from './contract.ts';

/** The operations dashboard (docs/decisions/0057-operations-dashboard.md). */
export const DASHBOARD = {
  view: contract({
    method: 'get',
    path: '/api/v1/dashboard',
    summary: 'Running flows by node, overdue nodes, node times, flows per month, certificates ending, last grades — of the flows the caller may see',
    tag: 'operations dashboard',
    auth: 'staff',
    query: dashboardQuery,
    response: dashboardView,
  }),
};
