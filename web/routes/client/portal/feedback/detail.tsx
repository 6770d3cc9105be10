import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalFeedbackDetailPage } from '../-components/portal-feedback-detail-page.tsx';

const search = z.object({ id: z.coerce.number().int().positive().catch(0) });

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
