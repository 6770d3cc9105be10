import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ExitFormPage } from './-components/exit-form-page.tsx';

/** A new exit (a draft is edited on its detail page). */
export const Route = createFileRoute('/_staff/supplier-exit/form')({
  staticData: { title: msg`新建供应商退出`, routeKey: ROUTES.supplierExit },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.supplierExit),
  component: () => <ExitFormPage />,
});
