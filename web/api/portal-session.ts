import { PORTAL_LOGIN_PATH } from '#domain/supplier-portal/routes.ts';

/**
 * The supplier portal session: the Bearer token of the portal login, kept in sessionStorage under
 * 'portal-token' (closing the tab ends it; a reload keeps it). API calls made with `portal: true`
 * send it; a 401 on them clears it and returns to the portal login, which then comes back here.
 */
const KEY = 'portal-token';

export const portalSession = {
  token(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // storage unavailable: nothing to clear
    }
  },
};

/** The portal login, with the page to return to after it (only same-site paths under /client/portal). */
export function portalLoginHref(redirect?: string): string {
  return redirect ? `${PORTAL_LOGIN_PATH}?${new URLSearchParams({ redirect })}` : PORTAL_LOGIN_PATH;
}

/** Where to go after login: the asked page when it is a portal page, else the portal home. */
export function safePortalRedirect(redirect: unknown): string {
  return typeof redirect === 'string' && /^\/client\/portal(\/|\?|$)/.test(redirect) && !redirect.startsWith(PORTAL_LOGIN_PATH) ? redirect : '/client/portal';
}
