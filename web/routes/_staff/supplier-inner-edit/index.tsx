import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { CHANGE_STATUS, MODIFY_TYPES } from '#domain/supplier-change/status.ts';
import { listPreferenceQuery } from '#web/api/list-preference.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { InnerEditListPage } from './-components/inner-edit-list-page.tsx';

const search = z.object({
  ...pagingSearch,
  supplier: z.string().trim().max(100).optional().catch(undefined),
  flowNo: z.string().trim().max(64).optional().catch(undefined),
  modifyType: z.enum(MODIFY_TYPES).optional().catch(undefined),
  status: z.enum(CHANGE_STATUS).optional().catch(undefined),
});

/** The internal edit list of supplier information changes (spec 3 §2.2). */
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
