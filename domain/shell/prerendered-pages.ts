import { acceptLanguageLocale, LOCALES, type Locale } from '#domain/i18n.ts';

/**
 * Pages the web build renders to HTML, once per language (web/prerender.tsx, infra/web-prerender.ts), so
 * they show before their JavaScript has run; the server sends the file in the visitor's language
 * (api/web-static.ts) and the browser hydrates it (web/main.tsx). Only pages whose first render reads
 * nothing of the visitor qualify: the supplier login shows its form first and asks for the invitation's
 * e-mail from the browser; the questionnaire shows its frame and step list first and reads where to
 * resume from the browser; the staff dashboard shows the staff frame (header, tabs, the dashboard's card)
 * first and fills in the signed-in member's name and menu in the browser. A page the browser leaves at
 * once (a redirect) is rendered afresh there.
 */
export const PRERENDERED_PAGES = [
  {
    /** `/client/login/{temp}`: the link of the invitation e-mail, the first page a supplier sees. */
    name: 'supplier-login',
    path: /^\/client\/login\/[^/]+\/?$/,
    /** Rendered at this path; nothing on the page depends on the link's `temp`. */
    renderAt: '/client/login/link',
  },
  {
    /** `/client/rfi/{temp}`: the questionnaire, where the login leads and where a reload returns. */
    name: 'questionnaire',
    path: /^\/client\/rfi\/[^/]+\/?$/,
    /** Rendered as a visitor holding this link's session first sees it: the step to resume at is not read yet. */
    renderAt: '/client/rfi/link',
  },
  {
    /** `/dashboard`: where a staff login leads, and `/` sends. */
    name: 'staff-dashboard',
    path: /^\/dashboard\/?$/,
    renderAt: '/dashboard',
    /**
     * Sent only with a staff session cookie, over the staff page (infra/web-page-preloads.ts): a visitor
     * without one is on the way to the login, and would see a frame flash before it.
     */
    staff: true,
  },
] as const satisfies ReadonlyArray<{ name: string; path: RegExp; renderAt: string; staff?: true }>;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** The file of a page in one language, beside index.html. */
export const prerenderedFile = (page: PrerenderedPage, locale: Locale): string => `${page.name}.${locale}.html`;

/** On the root element of a rendered page: the language it was rendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The cookie that mirrors the language kept in the browser, so the server can send a page in it. */
export const LOCALE_COOKIE = 'locale';

/**
 * The language a browser will show a page in (req rfi §1), as the server can tell it: the choice the
 * visitor made (its cookie), else the browser's first language, as web/i18n.ts `initialLocale` decides.
 */
export function visitorLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (cookie && (LOCALES as readonly string[]).includes(cookie)) return cookie as Locale;
  return acceptLanguageLocale(acceptLanguage);
}
