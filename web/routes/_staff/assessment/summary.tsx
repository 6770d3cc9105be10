import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { canOpen, requireRoute } from '#web/shell/guard.ts';
import { PlanNotShown } from './-components/plan-not-shown.tsx';
import { SummaryPage } from './-components/summary-page.tsx';

const search = searchParams({ planNo: text() });

/** A plan's round as its owner and approver see it: the statistic, the summary with its grades, adjustments, approval and export. */
export const Route = createFileRoute('/_staff/assessment/summary')({
  validateSearch: search,
  staticData: { title: msg`绩效汇总`, routeKey: ROUTES.assessmentReview },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.assessmentReview),
  component: SummaryRoute,
});

function SummaryRoute() {
  const { planNo } = Route.useSearch();
  const { user } = Route.useRouteContext();
  const canListPlans = canOpen(user, ROUTES.performancePlan);
  if (!planNo) return <PlanNotShown canListPlans={canListPlans} />;
  return <SummaryPage key={planNo} planNo={planNo} canListPlans={canListPlans} />;
}
