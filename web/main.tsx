import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { routeTree } from './routeTree.gen.ts';
import { loadQueryClient, pageNeedsQuery, QueryOnDemandProvider } from './api/query-on-demand.tsx';
import { setNavigator } from './api/client.ts';
import { requestCurrentUserEarly } from './api/current-user.ts';
import { i18n, initialLocale, loadPageTexts, pageTextsOf } from './i18n.ts';
import { theme } from './theme.ts';
import { PageLoader } from './components/page-loader.tsx';
import { MIN_LOADING_MS } from './components/list-tools/timing.ts';
import { ModalsHost, ToastHost } from './components/overlays/overlay-hosts.tsx';
import { loadToastStore } from './components/overlays/toast-store.ts';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Loaders read through the query cache, so the router itself never holds data as stale.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageLoader,
  // Spec 3 §4: once shown, the loading indicator stays at least 300 ms, so it never flashes.
  defaultPendingMinMs: MIN_LOADING_MS,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

setNavigator((href) => void router.navigate({ href, replace: true }));

/**
 * The code of the page being opened starts loading beside its texts (the catalog of its area, web/i18n.ts)
 * and TanStack Query (unless the page does without it at first, web/api/query-on-demand.tsx) instead of
 * after them: on a slow line or CPU each round trip saved shows the page sooner.
 */
const opening = router.matchRoutes(router.state.location);
const locale = initialLocale();
if (opening.some((m) => m.routeId === '/_staff')) requestCurrentUserEarly(locale);
const routeChunks = opening.map((m) => router.loadRouteChunk(router.routesById[m.routeId as keyof typeof router.routesById])?.catch(() => undefined));
const query = pageNeedsQuery(opening) ? loadQueryClient().catch(() => undefined) : undefined;
if (query) void loadToastStore().catch(() => undefined);

void Promise.all([loadPageTexts(pageTextsOf(opening), locale), query, ...routeChunks]).then(() =>
  createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <QueryOnDemandProvider>
          <ToastHost />
          <ModalsHost />
          <RouterProvider router={router} />
        </QueryOnDemandProvider>
      </MantineProvider>
    </I18nProvider>
  </StrictMode>,
  ),
);
