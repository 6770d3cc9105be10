import { redirect } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import type { CurrentUser } from '#web/api/auth.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Tab and page title (req shell §2.6: a tab without one reads 'no-name'). */
    title?: MessageDescriptor;
    /** Route permission that gates the screen and its menu entry. */
    routeKey?: string;
    /** Req shell §2.6: a noCache tab shows fresh data each time it is opened (no-cache.ts). */
    noCache?: boolean;
  }
}

/** Whether the user may open a screen of this route key (none: anyone signed in). */
export function canOpen(user: CurrentUser, routeKey: string | undefined): boolean {
  return !routeKey || user.permissions.routes.includes(routeKey);
}

/** Req shell §4: a screen whose route key the user lacks goes to /nopermission. */
export function requireRoute(user: CurrentUser, routeKey: string): void {
  if (!canOpen(user, routeKey)) throw redirect({ to: '/nopermission', replace: true });
}
