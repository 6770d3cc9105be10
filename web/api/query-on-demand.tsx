import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page renders before TanStack Query is loaded and reads nothing through it until the user acts
     * (the supplier login, whose first load has a budget of its own): no route of the page may read
     * `context.queryClient` or call a query hook before `loadQueryClient()` has resolved.
     */
    queryOnDemand?: boolean;
  }
}

/*
 * TanStack Query (≈ 10 kB gzipped) loads with the first page that reads through it, not with the app's
 * entry: every page but the supplier login does so before it renders (web/main.tsx, the root route's
 * beforeLoad), the login when the user has logged in or is asked for a captcha.
 */
let loading: Promise<QueryClient> | undefined;
let loaded: QueryClient | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then(
    ({ queryClient }) => {
      loaded = queryClient;
      listeners.forEach((l) => l());
      return queryClient;
    },
    (err: unknown) => {
      loading = undefined; // the next page asks again (a network hiccup need not last)
      throw err;
    },
  );
  return loading;
}

/** The query client if a page has loaded it already (the cache then holds what it read), else none. */
export function loadedQueryClient(): QueryClient | undefined {
  return loaded;
}

/** Whether a page made of these matched routes reads through Query before it renders. */
export function pageNeedsQuery(matches: ReadonlyArray<{ staticData?: { queryOnDemand?: boolean } }>): boolean {
  return !matches.some((m) => m.staticData?.queryOnDemand);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What `QueryClientProvider` does, for a client that may come later: the context holds the client once it
 * is loaded (until then only pages marked `queryOnDemand` render), and the client is mounted (focus and
 * online events) while the app is. The element stays the same when the client arrives, so nothing below
 * it remounts.
 */
export function QueryOnDemandProvider({ children }: { children: ReactNode }) {
  // The third getter serves a render at build (web/prerender.tsx) and the hydration over it: what is loaded now.
  const client = useSyncExternalStore(subscribe, loadedQueryClient, loadedQueryClient);
  useEffect(() => {
    if (!client) return undefined;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
