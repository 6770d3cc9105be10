import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { PERF_PLAN_STATUS } from '#domain/performance/plan-status.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { PlanListPage } from './-components/plan-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
  keyword: optionalText({ max: 100 }),
  status: optionalOneOf(PERF_PLAN_STATUS),
});

export const Route = createFileRoute('/_staff/performance-plan/')({
  validateSearch: search,
  staticData: { title: msg`绩效计划`, routeKey: ROUTES.performancePlan },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.performancePlan),
  component: PlanListRoute,
});

function PlanListRoute() {
  const { user } = Route.useRouteContext();
  return <PlanListPage user={user} search={Route.useSearch()} />;
}
