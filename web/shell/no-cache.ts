import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useQueryClient, type Query } from '@tanstack/react-query';

/**
 * Tabs flagged noCache (req shell §2.6) show fresh data each time they are opened. Every tab's page is
 * mounted anew when it is opened (staff-layout.tsx keys it by path); what a tab could still show from
 * before is the query cache (30 s fresh). A noCache route's page therefore asks again for what it read
 * from the cache on opening. Queries already fetching (stale, or never loaded) are left to finish, so
 * nothing is asked twice.
 */
export const servedFromCache = (query: Pick<Query, 'state'>): boolean => query.state.fetchStatus === 'idle' && query.state.status === 'success';

export function useNoCacheRefetch(pathname: string): void {
  const queryClient = useQueryClient();
  const noCache = useRouterState({ select: (s) => s.matches.some((m) => m.staticData.noCache === true) });
  useEffect(() => {
    if (!noCache) return;
    // After the page's own effects have subscribed its queries: they are the active ones now.
    void queryClient.refetchQueries({ type: 'active', predicate: servedFromCache });
  }, [pathname, noCache, queryClient]);
}
