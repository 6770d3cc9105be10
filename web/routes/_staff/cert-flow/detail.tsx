import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ProgressPage } from './-components/progress/progress-page.tsx';

/** scm-cspm:rfi-process-detail: the flow progress page, query id = flow number (spec 2 §2.3). */
export const Route = createFileRoute('/_staff/cert-flow/detail')({
  validateSearch: z.object({ id: z.string().trim().catch('') }),
  staticData: { title: msg`认证流程详情`, routeKey: ROUTES.certFlowDetail },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowDetail),
  component: DetailRoute,
});

function DetailRoute() {
  const { user } = Route.useRouteContext();
  const { id } = Route.useSearch();
  return <ProgressPage user={user} flowNo={id} />;
}
