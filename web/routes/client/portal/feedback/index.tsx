import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalFeedbackListPage } from '../-components/portal-feedback-list-page.tsx';

const search = searchParams({ ...pagingSearch });

/** /client/portal/feedback: the feedback this portal account sent, with their state and answers. */
export const Route = createFileRoute('/client/portal/feedback/')({
  staticData: { title: msg`我的反馈` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: function PortalFeedbackListRoute() {
    return <PortalFeedbackListPage search={Route.useSearch()} />;
  },
});
