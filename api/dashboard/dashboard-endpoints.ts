import { DASHBOARD } from '#domain/contracts/dashboard.ts';
import { ROUTES } from '#domain/permissions.ts';
import { loadDashboard } from '#services/dashboard/dashboard.ts';
import { implement } from '../http/endpoint.ts';

/** The operations dashboard (domain/contracts/dashboard.ts); what it counts is the caller's scope (services/dashboard/scope.ts). */
export const dashboardEndpoints = [
  implement(DASHBOARD.view, { permissions: [ROUTES.operationsDashboard], handle: ({ deps, query, staff, locale }) => loadDashboard(deps.db, query, staff, locale) }),
];
