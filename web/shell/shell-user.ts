import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#web/api/auth.ts';
import { currentUserQuery } from '#web/api/current-user.ts';

const unchanging = () => () => undefined;

/**
 * Whether the page has passed its first render over HTML rendered at build, or was rendered in the browser
 * from the start. React reads the last getter when rendering at build and when hydrating, so both renders
 * are the same, and renders again with the middle one right after the hydration.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(unchanging, () => true, () => false);
}

/**
 * The signed-in staff member as the frame shows them. None in the dashboard rendered at build
 * (domain/shell/prerendered-pages.ts) and in the browser's hydration of it: the frame shows there without
 * the name and the menu, which the render right after fills in. Read through the query, so a refetch
 * (after a language switch) reaches the frame.
 */
export function useShellUser(): CurrentUser | undefined {
  const user = useQuery(currentUserQuery()).data;
  return useHydrated() ? user : undefined;
}
