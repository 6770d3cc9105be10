import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { DetailPage } from './-components/detail-page.tsx';
import { rfiApplySearch } from './-components/search.ts';

/** scm-cspm:register-rfi-detail: a registered questionnaire, read-only (req rfi §2). */
export const Route = createFileRoute('/_staff/rfi/detail')({
  validateSearch: rfiApplySearch,
  staticData: { title: msg`RFI详情`, routeKey: ROUTES.rfiDetail },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.rfiDetail),
  component: DetailRoute,
});

function DetailRoute() {
  const search = Route.useSearch();
  return <DetailPage search={search} />;
}
