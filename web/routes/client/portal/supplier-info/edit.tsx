import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { portalLoginHref, portalSession } from '#web/api/portal-session.ts';
import { PortalChangeFormPage } from '../-components/portal-change-form-page.tsx';

const search = searchParams({
  flowNo: optionalText({ max: 64 }),
});

/** /client/portal/supplier-info/edit[?flowNo=]: the supplier's change form, new or an editable one. */
export const Route = createFileRoute('/client/portal/supplier-info/edit')({
  staticData: { title: msg`修改我的信息` },
  validateSearch: search,
  beforeLoad: ({ location }) => {
    if (!portalSession.token()) throw redirect({ href: portalLoginHref(location.href) });
  },
  component: function PortalChangeFormRoute() {
    const { flowNo } = Route.useSearch();
    return <PortalChangeFormPage key={flowNo ?? 'new'} flowNo={flowNo} />;
  },
});
