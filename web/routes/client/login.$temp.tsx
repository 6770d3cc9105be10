import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { SupplierLoginPage } from './-components/supplier-login-page.tsx';

/** Req shell §2.6 /client/login/{temp}: the supplier's login, reached from the invitation e-mail; no staff login. */
export const Route = createFileRoute('/client/login/$temp')({
  // The form's rules load on first focus, and the rule messages with them (use-lazy-rules.ts); TanStack
  // Query with the first page after the login or the captcha (query-on-demand.tsx).
  staticData: { title: msg`直采供应商注册RFI`, ruleMessagesOnDemand: true, queryOnDemand: true },
  component: SupplierLoginRoute,
});

function SupplierLoginRoute() {
  const { temp } = Route.useParams();
  // A different link is a different login: no state carries over.
  return <SupplierLoginPage key={temp} temp={temp} />;
}
