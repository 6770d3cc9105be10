import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { EXIT_STATUS } from '#domain/supplier-exit/exit-status.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ExitListPage } from './-components/exit-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
  supplier: optionalText({ max: 100 }),
  status: optionalOneOf(EXIT_STATUS),
});

export const Route = createFileRoute('/_staff/supplier-exit/')({
  validateSearch: search,
  staticData: { title: msg`供应商退出`, routeKey: ROUTES.supplierExit },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierExit),
  // The column choice is asked for beside the list's own data, so the table shows once with it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(listPreferenceQuery('supplier-exit')),
  component: ExitListRoute,
});

function ExitListRoute() {
  const { user } = Route.useRouteContext();
  return <ExitListPage user={user} search={Route.useSearch()} />;
}
