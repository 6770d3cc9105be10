import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { FlowListPage } from './-components/flow-list-page.tsx';
import { FLOW_LIST_PAGING, flowListSearch } from './-components/flow-list-search.ts';

export const Route = createFileRoute('/_staff/cert-flow/')({
  validateSearch: flowListSearch,
  search: { middlewares: [stripSearchParams(FLOW_LIST_PAGING)] },
  staticData: { title: msg`认证流程管理`, routeKey: ROUTES.certFlowList },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowList),
  // The column choice is asked for beside the list's own data, so the table shows once with it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(listPreferenceQuery('cert-flow')),
  component: CertFlowRoute,
});

function CertFlowRoute() {
  const { user } = Route.useRouteContext();
  return <FlowListPage user={user} />;
}
