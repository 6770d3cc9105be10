import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { RouterProvider, createRouter, type RouterHistory } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { routeTree } from './routeTree.gen.ts';
import { QueryOnDemandProvider } from './api/query-on-demand.tsx';
import { i18n } from './i18n.ts';
import { theme } from './theme.ts';
import { PageLoader } from './components/page-loader.tsx';
import { MIN_LOADING_MS } from './components/list-tools/timing.ts';
import { ModalsHost, ToastHost } from './components/overlays/overlay-hosts.tsx';

/**
 * The app's router. The browser's uses its address bar; a page rendered at build (web/prerender.tsx) passes
 * a memory history at the page's path, and renders without the scroll restoration's script: on a server the
 * router writes it inline into the page (the CSP refuses inline scripts, and the browser's router restores
 * the scroll itself), and hydrating over it would find an element the browser's render does not make.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    // Loaders read through the query cache, so the router itself never holds data as stale.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    // Req shell §4: once shown, the loading indicator stays at least 300 ms, so it never flashes.
    defaultPendingMinMs: MIN_LOADING_MS,
    scrollRestoration: !history,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** The whole app: what the browser renders, and hydrates over a page rendered at build. */
export function AppRoot({ router }: { router: AppRouter }) {
  return (
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
    </StrictMode>
  );
}
