import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalCertificatesPage } from './-components/portal-certificates-page.tsx';

/** /client/portal/certificates: the supplier's certificates, their validity and renewals. */
export const Route = createFileRoute('/client/portal/certificates')({
  staticData: { title: msg`我的证书` },
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: PortalCertificatesPage,
});
