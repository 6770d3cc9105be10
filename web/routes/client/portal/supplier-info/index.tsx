import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalChangeListPage } from '../-components/portal-change-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
});

/** /client/portal/supplier-info: the admitted supplier's information changes (req change §2.2 supplier-info modify list). */
export const Route = createFileRoute('/client/portal/supplier-info/')({
  staticData: { title: msg`信息变更` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: function PortalChangeListRoute() {
    return <PortalChangeListPage search={Route.useSearch()} />;
  },
});
