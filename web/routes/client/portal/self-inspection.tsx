import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { SelfInspectionPage } from './-components/self-inspection-page.tsx';

const search = searchParams({ flowNo: text({ max: 64 }) });

/** /client/portal/self-inspection?flowNo=: the supplier's self-inspection rows of one flow (req flow §4.7). */
export const Route = createFileRoute('/client/portal/self-inspection')({
  staticData: { title: msg`供应商自检` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: SelfInspectionRoute,
});

function SelfInspectionRoute() {
  const { flowNo } = Route.useSearch();
  return <SelfInspectionPage key={flowNo} flowNo={flowNo} />;
}
