import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { oneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { CONFIG_MODE } from '#domain/scenario/scenario-codes.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { scenarioDetailQuery } from '#web/api/scenario-detail.ts';
import { ScenarioEditorPage } from './-components/scenario-editor-page.tsx';

const search = searchParams({
  code: optionalText(),
  mode: oneOf([CONFIG_MODE.NEW, CONFIG_MODE.EDIT, CONFIG_MODE.APPLY], CONFIG_MODE.NEW),
});

/** One scenario (req scenario §2.5): mode NEW 0 (no code), EDIT 1, APPLY 2 (view, then apply). */
export const Route = createFileRoute('/_staff/scenario-config/edit')({
  validateSearch: search,
  staticData: { title: msg`场景配置详情`, routeKey: ROUTES.scenarioConfig },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.scenarioConfig),
  loaderDeps: ({ search: { code } }) => ({ code }),
  loader: ({ context: { queryClient }, deps: { code } }) => (code ? queryClient.ensureQueryData(scenarioDetailQuery(code)) : undefined),
  component: ScenarioEditRoute,
});

function ScenarioEditRoute() {
  const { code, mode } = Route.useSearch();
  // A new scenario's editor is fresh each time; an existing one is keyed by its code.
  return <ScenarioEditorPage key={code ?? 'new'} code={code} mode={code ? mode : CONFIG_MODE.NEW} />;
}
