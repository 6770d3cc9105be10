import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ApprovalPage } from './-components/approval/approval-page.tsx';

const search = searchParams({ flowNo: text(), taskNo: text() });

/** The approval and submission record card of a task (req flow §2.4): params flowNo and taskNo. */
export const Route = createFileRoute('/_staff/cert-flow/approval')({
  validateSearch: search,
  staticData: { title: msg`审批记录`, routeKey: ROUTES.certFlowDetail },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowDetail),
  component: ApprovalRoute,
});

function ApprovalRoute() {
  const { user } = Route.useRouteContext();
  const { flowNo, taskNo } = Route.useSearch();
  return <ApprovalPage user={user} flowNo={flowNo} taskNo={taskNo} tabPath={Route.fullPath} />;
}
