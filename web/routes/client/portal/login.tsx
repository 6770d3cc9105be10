import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { PortalLoginPage } from './-components/portal-login-page.tsx';

/** /client/portal/login: the supplier portal's login by e-mailed code; no staff login. `redirect`: the portal page to return to. */
export const Route = createFileRoute('/client/portal/login')({
  staticData: { title: msg`供应商门户登录` },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  component: PortalLoginRoute,
});

function PortalLoginRoute() {
  const { redirect } = Route.useSearch();
  return <PortalLoginPage redirect={redirect} />;
}
