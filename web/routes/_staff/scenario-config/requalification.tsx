import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { PolicyPage } from './-components/requalification-policy-page.tsx';

/**
 * The rules around the scenarios: requalification policies per category, what an ended certificate does, the working
 * calendar of the time limits (docs/decisions/0055-requalification.md, "Node time limits").
 */
export const Route = createFileRoute('/_staff/scenario-config/requalification')({
  staticData: { title: msg`认证规则`, routeKey: ROUTES.scenarioConfig },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.scenarioConfig),
  component: PolicyPage,
});
