import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { RenewalPage } from './-components/renewal-page.tsx';

const search = searchParams({ renewalNo: text() });

/** A supplier's certificate renewal: the certificate on file beside the one offered, and the approval card. */
export const Route = createFileRoute('/_staff/suppliers/renewal')({
  validateSearch: search,
  staticData: { title: msg`换证审批` },
  component: RenewalRoute,
});

function RenewalRoute() {
  return <RenewalPage renewalNo={Route.useSearch().renewalNo} />;
}
