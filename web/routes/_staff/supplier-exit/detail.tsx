import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ExitDetailPage } from './-components/exit-detail-page.tsx';

const search = searchParams({ flowNo: text() });

/** One exit by flowNo (req exit §2.3): its facts, the approval card, the supplier's exit history. */
export const Route = createFileRoute('/_staff/supplier-exit/detail')({
  validateSearch: search,
  staticData: { title: msg`供应商退出详情`, routeKey: ROUTES.supplierExit },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierExit),
  component: ExitDetailRoute,
});

function ExitDetailRoute() {
  return <ExitDetailPage flowNo={Route.useSearch().flowNo} />;
}
