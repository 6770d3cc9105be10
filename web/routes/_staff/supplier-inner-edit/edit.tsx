import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { InnerEditFormPage } from './-components/inner-edit-form-page.tsx';

const search = searchParams({
  flowNo: optionalText({ max: 64 }),
});

/** The staff change form: a new change (choose the supplier) or an editable one by flowNo (req change §2.2). */
export const Route = createFileRoute('/_staff/supplier-inner-edit/edit')({
  validateSearch: search,
  staticData: {
    title: msg`供应商信息变更`,
    routeKey: ROUTES.supplierInnerEdit,
  },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierInnerEdit),
  component: function InnerEditFormRoute() {
    const { user } = Route.useRouteContext();
    const { flowNo } = Route.useSearch();
    return <InnerEditFormPage key={flowNo ?? 'new'} user={user} flowNo={flowNo} />;
  },
});
