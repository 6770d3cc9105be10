import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { OperationsPage } from './-components/operations-page.tsx';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = (raw: unknown) => {
  const text = optionalText({ max: 7 })(raw);
  return text && MONTH.test(text) ? text : undefined;
};

/** The filters of the operations dashboard, kept in the address so a reload, Back or a shared link shows the same. */
export const operationsSearch = searchParams({
  certScenario: optionalText({ max: 64 }),
  cmtCode: optionalText({ max: 32 }),
  categoryCode: optionalText({ max: 32 }),
  from: month,
  to: month,
});
export type OperationsSearch = ReturnType<typeof operationsSearch>;

/** 运营看板: where the certification work stands and waits (docs/decisions/0057-operations-dashboard.md). */
export const Route = createFileRoute('/_staff/operations/')({
  validateSearch: operationsSearch,
  // Figures change with every decision taken elsewhere: opening the tab reads them again.
  staticData: { title: msg`运营看板`, routeKey: ROUTES.operationsDashboard, noCache: true },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.operationsDashboard),
  component: OperationsRoute,
});

function OperationsRoute() {
  return <OperationsPage search={Route.useSearch()} />;
}
