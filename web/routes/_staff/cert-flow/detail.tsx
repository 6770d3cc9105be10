import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { flowDetailQuery } from '#web/api/cert-flow-detail.ts';
import { MissingParams } from '#web/components/missing-params.tsx';
import { currentLocale } from '#web/i18n.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ProgressLoadError } from './-components/progress/progress-load-error.tsx';
import { ProgressPage } from './-components/progress/progress-page.tsx';

/**
 * scm-cspm:rfi-process-detail: the flow progress page, query id = flow number (spec 2 §2.3); `node`
 * opens that node's screen instead of the current node's (a to-do's KCP2, the release view PRERELEASE).
 */
export const Route = createFileRoute('/_staff/cert-flow/detail')({
  validateSearch: z.object({ id: z.string().trim().catch(''), node: z.string().trim().optional().catch(undefined) }),
  staticData: { title: msg`认证流程详情`, routeKey: ROUTES.certFlowDetail },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowDetail),
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The page reads the same query; an unknown flow or a refusal shows as the route's error.
  loader: ({ context: { queryClient }, deps: { id } }) => (id ? queryClient.ensureQueryData(flowDetailQuery(id, currentLocale())) : undefined),
  errorComponent: ProgressLoadError,
  component: DetailRoute,
});

function DetailRoute() {
  const { user } = Route.useRouteContext();
  const { id, node } = Route.useSearch();
  // Keyed by the flow and the asked node, so either opens the page on its own selected node.
  return id ? <ProgressPage key={`${id}:${node ?? ''}`} user={user} flowNo={id} initialNode={node} /> : <MissingParams />;
}
