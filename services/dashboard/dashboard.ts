import type { Db } from '#db/connection.ts';
import { periodOf, type DashboardQuery, type DashboardView } from '#domain/dashboard/dashboard.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';
import { monthlyFlows, nodeTimes, openFlowsByNode, overdueNodes } from './flow-figures.ts';
import { dashboardScopeOf } from './scope.ts';
import { certificatesEnding, exitsByMonth, lastRoundGrades } from './supplier-figures.ts';

/** GET /api/v1/dashboard: every figure of the operations dashboard, read side by side (docs/decisions/0057-operations-dashboard.md). */
export async function loadDashboard(db: Db, q: DashboardQuery, staff: StaffPrincipal, locale: Locale, now = new Date()): Promise<DashboardView> {
  const input = { q, scope: await dashboardScopeOf(db, staff), period: periodOf(q, now), locale };
  const [openByNode, overdue, times, monthly, certificates, grades] = await Promise.all([
    openFlowsByNode(db, input),
    loadCalendar(db).then((calendar) => overdueNodes(db, input, calendar, now)),
    nodeTimes(db, input),
    exitsByMonth(db, input).then((exits) => monthlyFlows(db, input, exits)),
    certificatesEnding(db, input, now),
    lastRoundGrades(db, input),
  ]);
  return { scope: input.scope, period: input.period, openByNode, overdue, nodeTimes: times, monthly, certificatesEnding: certificates, grades };
}
