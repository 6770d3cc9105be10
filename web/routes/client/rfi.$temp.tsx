import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { supplierSession } from '#web/api/supplier-session.ts';
import { RfiPage } from './-components/rfi-page.tsx';

/**
 * Req shell §2.6 /client/rfi/{temp}: the questionnaire, for the supplier session of this link only. It shows
 * its frame at once and reads the step to resume at itself (the form), so the build can render that frame
 * (domain/shell/prerendered-pages.ts) and the browser's first render is the same.
 */
export const Route = createFileRoute('/client/rfi/$temp')({
  staticData: { title: msg`直采供应商注册RFI` },
  beforeLoad: ({ params }) => {
    // The session lives in the browser's storage; the render at build stands for a visitor who holds it.
    if (import.meta.env.SSR) return;
    if (supplierSession.get()?.temp !== params.temp) throw redirect({ to: '/client/login/$temp', params, replace: true });
  },
  component: RfiFormRoute,
});

function RfiFormRoute() {
  const { temp } = Route.useParams();
  return <RfiPage key={temp} temp={temp} />;
}
