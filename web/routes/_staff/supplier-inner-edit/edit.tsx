import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { InnerEditFormPage } from './-components/inner-edit-form-page.tsx';

/** The staff change form: a new change (choose the supplier) or an editable one by flowNo (spec 3 §2.2). */
export const Route = createFileRoute('/_staff/supplier-inner-edit/edit')({
  validateSearch: z.object({
    flowNo: z.string().trim().max(64).optional().catch(undefined),
  }),
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
