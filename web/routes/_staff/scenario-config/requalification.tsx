import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { PolicyPage } from './-components/requalification-policy-page.tsx';

/** Requalification policies per category (docs/decisions.md "Requalification"): part of the scenario configuration. */
export const Route = createFileRoute('/_staff/scenario-config/requalification')({
  staticData: { title: msg`再认证策略`, routeKey: ROUTES.scenarioConfig },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.scenarioConfig),
  component: PolicyPage,
});
