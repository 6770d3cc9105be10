import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalHomePage } from './-components/portal-home-page.tsx';

/** /client/portal: the supplier portal home; needs a portal session, no staff login. */
export const Route = createFileRoute('/client/portal/')({
  staticData: { title: msg`供应商门户` },
  beforeLoad: () => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref('/client/portal') });
  },
  component: PortalHomePage,
});
