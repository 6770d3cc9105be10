import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { SCENARIO_TYPE_CODES } from '#domain/scenario/scenario-codes.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ScenarioListPage } from './-components/scenario-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
  name: optionalText({ max: 50 }),
  scenarioType: optionalOneOf(SCENARIO_TYPE_CODES),
});

/** Flow scenario configuration (req scenario §2.5): the list. */
export const Route = createFileRoute('/_staff/scenario-config/')({
  validateSearch: search,
  staticData: { title: msg`场景配置`, routeKey: ROUTES.scenarioConfig },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.scenarioConfig),
  // The column choice is asked for beside the list's own data, so the table shows once with it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(listPreferenceQuery('scenario-config')),
  component: ScenarioListRoute,
});

function ScenarioListRoute() {
  const { user } = Route.useRouteContext();
  return <ScenarioListPage user={user} />;
}
