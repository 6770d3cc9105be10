import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { supplierSession } from '#web/api/supplier-session.ts';
import { questionnaireStepQuery } from '#web/api/rfi-current-step.ts';
import { RfiPage } from './-components/rfi-page.tsx';

/** Spec 3 §2.6 /client/rfi/{temp}: the questionnaire, for the supplier session of this link only. */
export const Route = createFileRoute('/client/rfi/$temp')({
  staticData: { title: msg`直采供应商注册RFI` },
  beforeLoad: ({ params }) => {
    if (supplierSession.get()?.temp !== params.temp) throw redirect({ to: '/client/login/$temp', params, replace: true });
  },
  // The step to resume at (spec 1 §4) is read before the page shows.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(questionnaireStepQuery('register', params.temp)),
  component: RfiFormRoute,
});

function RfiFormRoute() {
  const { temp } = Route.useParams();
  return <RfiPage key={temp} temp={temp} />;
}
