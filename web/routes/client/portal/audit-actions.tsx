import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalAuditActionsPage } from './-components/portal-audit-actions-page.tsx';

/** /client/portal/audit-actions: the process audit's action items of the supplier's flows (req flow §10.4). */
export const Route = createFileRoute('/client/portal/audit-actions')({
  staticData: { title: msg`审核措施项` },
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: PortalAuditActionsPage,
});
