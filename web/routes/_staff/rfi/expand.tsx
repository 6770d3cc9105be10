import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ExpandPage } from './-components/expand-page.tsx';
import { rfiApplySearch } from './-components/search.ts';

/** scm-cspm:rfi-expand: category expansion; steps 1–2 read-only, the rest editable (req rfi §2). */
export const Route = createFileRoute('/_staff/rfi/expand')({
  validateSearch: rfiApplySearch,
  staticData: { title: msg`扩充品类RFI`, routeKey: ROUTES.rfiExpand },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.rfiExpand),
  component: ExpandRoute,
});

function ExpandRoute() {
  const search = Route.useSearch();
  return <ExpandPage search={search} tabPath={Route.fullPath} />;
}
