import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: ToNotFound,
});

/** Spec 3 §2.6: an unknown path goes to /notfound, which names it. */
function ToNotFound() {
  const { pathname } = useLocation();
  return <Navigate to="/notfound" search={{ path: pathname }} replace />;
}
