import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { SupplierListPage } from './-components/supplier-list-page.tsx';

const search = searchParams({ ...pagingSearch, search: optionalText({ max: 100 }) });

/** The admitted suppliers one is responsible for (administrators: all), each opening its page. */
export const Route = createFileRoute('/_staff/suppliers/')({
  validateSearch: search,
  staticData: { title: msg`供应商列表`, routeKey: ROUTES.supplierList },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierList),
  loader: ({ context }) => void context.queryClient.prefetchQuery(listPreferenceQuery('suppliers')),
  component: SupplierListRoute,
});

function SupplierListRoute() {
  return <SupplierListPage search={Route.useSearch()} />;
}
