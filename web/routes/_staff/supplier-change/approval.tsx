import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ChangeApprovalPage } from './-components/change-approval-page.tsx';

const search = searchParams({ flowNo: text({ max: 64 }) });

/** The approval card of a supplier information change: the comparison, the steps, the decision. */
export const Route = createFileRoute('/_staff/supplier-change/approval')({
  validateSearch: search,
  staticData: { title: msg`信息变更审批`, routeKey: ROUTES.supplierInnerEdit },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierInnerEdit),
  component: function ChangeApprovalRoute() {
    return <ChangeApprovalPage flowNo={Route.useSearch().flowNo} tabPath={Route.fullPath} />;
  },
});
