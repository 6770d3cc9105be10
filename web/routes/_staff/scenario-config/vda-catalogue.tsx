import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { VdaCataloguePage } from './-components/vda-catalogue-page.tsx';

/** The VDA 6.3 question catalogue: read by everyone configuring scenarios, revised as a new version (req flow §10.1). */
export const Route = createFileRoute('/_staff/scenario-config/vda-catalogue')({
  staticData: { title: msg`VDA 6.3 问题目录`, routeKey: ROUTES.scenarioConfig },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.scenarioConfig),
  component: VdaCataloguePage,
});
