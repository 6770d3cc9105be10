import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from './-components/not-found-page.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Unknown paths are caught by the `$` route; this covers a loader that throws notFound(). */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
