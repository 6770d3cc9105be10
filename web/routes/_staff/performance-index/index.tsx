import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { IndexTreePage } from './-components/index-tree-page.tsx';

const search = searchParams({ versionId: optionalText({ max: 64, trim: false }) });

export const Route = createFileRoute('/_staff/performance-index/')({
  validateSearch: search,
  staticData: { title: msg`绩效指标`, routeKey: ROUTES.performanceIndex },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.performanceIndex),
  component: IndexTreeRoute,
});

function IndexTreeRoute() {
  const { user } = Route.useRouteContext();
  return <IndexTreePage user={user} versionId={Route.useSearch().versionId} />;
}
