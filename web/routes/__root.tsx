import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { loadPageTexts, pageTextsOf } from '#web/i18n.ts';
import { NotFoundPage } from './-components/not-found-page.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Unknown paths are caught by the `$` route; this covers a loader that throws notFound(). */
export const Route = createRootRouteWithContext<RouterContext>()({
  // A page of another area (a supplier page's link to a staff one) renders once its texts are there.
  beforeLoad: ({ matches }) => loadPageTexts(pageTextsOf(matches.map((m) => ({ routeId: m.routeId as string, staticData: m.staticData })))),
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
