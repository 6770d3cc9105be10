import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRoute, lazyRouteComponent } from '@tanstack/react-router';
import { loadPageTexts, pageTextsOf } from '#web/i18n.ts';
import { loadQueryClient, pageNeedsQuery } from '#web/api/query-on-demand.tsx';
import { loadToastStore } from '#web/components/overlays/toast-store.ts';

/** Unknown paths are caught by the `$` route; this covers a loader that throws notFound(). */
export const Route = createRootRoute({
  // A page of another area (a supplier page's link to a staff one) renders once its texts are there, and
  // any page but one marked `queryOnDemand` once TanStack Query is: its routes' loaders read through it.
  beforeLoad: async ({ matches }): Promise<{ queryClient: QueryClient }> => {
    const texts = loadPageTexts(pageTextsOf(matches.map((m) => ({ routeId: m.routeId as string, staticData: m.staticData }))));
    if (pageNeedsQuery(matches)) {
      // Its modules show toasts through Mantine's store directly (toast-store.ts).
      void loadToastStore().catch(() => undefined);
      const [queryClient] = await Promise.all([loadQueryClient(), texts]);
      return { queryClient };
    }
    await texts;
    // Such a page's routes read no query client (query-on-demand.tsx); its context has none.
    return { queryClient: undefined as unknown as QueryClient };
  },
  component: Outlet,
  // Loaded when shown: the root route's own code is not split off like the other routes' (every page's entry).
  notFoundComponent: lazyRouteComponent(() => import('./-components/not-found-page.tsx'), 'NotFoundPage'),
});
