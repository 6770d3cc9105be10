import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { CHANGE_STATUS, MODIFY_TYPES } from '#domain/supplier-change/status-codes.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { InnerEditListPage } from './-components/inner-edit-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
  supplier: optionalText({ max: 100 }),
  flowNo: optionalText({ max: 64 }),
  modifyType: optionalOneOf(MODIFY_TYPES),
  status: optionalOneOf(CHANGE_STATUS),
});

/** The internal edit list of supplier information changes (req change §2.2). */
export const Route = createFileRoute('/_staff/supplier-inner-edit/')({
  validateSearch: search,
  staticData: {
    title: msg`供应商信息变更`,
    routeKey: ROUTES.supplierInnerEdit,
  },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierInnerEdit),
  // The column choice is asked for beside the list's own data, so the table shows once with it.
  loader: ({ context }) => void context.queryClient.prefetchQuery(listPreferenceQuery('supplier-inner-edit')),
  component: function InnerEditListRoute() {
    return <InnerEditListPage search={Route.useSearch()} />;
  },
});
