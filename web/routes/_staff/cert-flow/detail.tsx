import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, searchParams, text } from '#web/components/search-params.ts';
import { NODE_CODES } from '#domain/cert-flow/node-codes.ts';
import { ROUTES } from '#domain/permissions.ts';
import { MissingParams } from '#web/components/missing-params.tsx';
import { currentLocale } from '#web/i18n.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ProgressLoadError } from './-components/progress/progress-load-error.tsx';
import { ProgressPage } from './-components/progress/progress-page.tsx';

const search = searchParams({ id: text(), node: optionalOneOf(NODE_CODES) });

/**
 * scm-cspm:rfi-process-detail: the flow progress page, query id = flow number (req flow §2.3); `node`
 * = the node shown (default: where the flow is), e.g. PRERELEASE after applying for a supplier code.
 */
export const Route = createFileRoute('/_staff/cert-flow/detail')({
  validateSearch: search,
  // A flow moves on in its workflow while the tab sits in the background.
  staticData: { title: msg`认证流程详情`, routeKey: ROUTES.certFlowDetail, noCache: true },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowDetail),
  loaderDeps: ({ search: { id } }) => ({ id }),
  // The page reads the same query; an unknown flow or a refusal shows as the route's error. The query's
  // module comes with the page's own code (a chunk the page loads anyway), not in every page's entry.
  loader: async ({ context: { queryClient }, deps: { id } }) => {
    if (!id) return undefined;
    const { flowDetailQuery } = await import('#web/api/cert-flow-detail.ts');
    return queryClient.ensureQueryData(flowDetailQuery(id, currentLocale()));
  },
  errorComponent: ProgressLoadError,
  component: DetailRoute,
});

function DetailRoute() {
  const { user } = Route.useRouteContext();
  const { id, node } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Keyed by the flow, so another flow opens with its own state.
  return id ? (
    <ProgressPage key={id} user={user} flowNo={id} chosen={node} onChoose={(next) => void navigate({ search: { id, node: next }, replace: true })} />
  ) : (
    <MissingParams />
  );
}
