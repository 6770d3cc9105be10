import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalPpapPage } from './-components/portal-ppap-page.tsx';

const search = searchParams({ flowNo: text({ max: 64 }) });

/** /client/portal/ppap?flowNo=: the supplier's PPAP submission of one flow (req flow §11.2). */
export const Route = createFileRoute('/client/portal/ppap')({
  staticData: { title: msg`PPAP 提交` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: PpapRoute,
});

function PpapRoute() {
  const { flowNo } = Route.useSearch();
  return <PortalPpapPage key={flowNo} flowNo={flowNo} />;
}
