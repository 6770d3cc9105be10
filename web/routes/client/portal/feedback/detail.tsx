import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { integer, searchParams } from '#web/components/search-params.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalFeedbackDetailPage } from '../-components/portal-feedback-detail-page.tsx';

const search = searchParams({ id: integer(0, { min: 1 }) });

/** /client/portal/feedback/detail?id=: one feedback the account sent, as sent, with its answer. */
export const Route = createFileRoute('/client/portal/feedback/detail')({
  staticData: { title: msg`反馈详情` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: function PortalFeedbackDetailRoute() {
    const { id } = Route.useSearch();
    return <PortalFeedbackDetailPage id={id} />;
  },
});
