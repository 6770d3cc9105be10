import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { ScorecardPage } from './-components/scorecard-page.tsx';

/** /client/portal/scorecard: the supplier's published performance results (its own only). */
export const Route = createFileRoute('/client/portal/scorecard')({
  staticData: { title: msg`绩效评价结果` },
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: ScorecardPage,
});
