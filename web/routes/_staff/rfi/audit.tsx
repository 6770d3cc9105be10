import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { AuditPage } from './-components/audit-page.tsx';
import { rfiAuditSearch } from './-components/search.ts';

/** scm-cspm:rfi-form: a review task's audit of the questionnaire (req rfi §2, req flow §2.4). */
export const Route = createFileRoute('/_staff/rfi/audit')({
  validateSearch: rfiAuditSearch,
  staticData: { title: msg`RFI审核`, routeKey: ROUTES.rfiAudit },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.rfiAudit),
  component: AuditRoute,
});

function AuditRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  return <AuditPage user={user} search={search} tabPath={Route.fullPath} />;
}
