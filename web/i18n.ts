import { i18n, type Messages } from '@lingui/core';
import { type Locale, LOCALES, resolveLocale } from '#domain/i18n.ts';
import { LOCALE_COOKIE } from '#domain/shell/prerendered-pages.ts';
import { catalogAreaOf, type CatalogArea } from './catalog-areas.ts';
import { hasRuleMessages, loadRuleMessages } from './rule-messages.ts';

/** Req rfi §1 / req shell §1: the language choice is kept locally; the default comes from the browser. */
const STORAGE_KEY = 'locale';

export function initialLocale(): Locale {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) {
    mirrorInCookie(stored as Locale); // a choice kept before the cookie existed
    return stored as Locale;
  }
  return resolveLocale(navigator.language);
}

/**
 * The choice is mirrored in a cookie so the server sends a page rendered at build in it
 * (domain/shell/prerendered-pages.ts); localStorage stays the record.
 */
function mirrorInCookie(locale: Locale): void {
  if (document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export function currentLocale(): Locale {
  return (i18n.locale || 'zh') as Locale;
}

/** What a page needs of its language before it renders. */
export interface PageTexts {
  /** The catalog: an area's messages (web/catalog-areas.ts) or all of them. */
  area: CatalogArea;
  /** The rule messages of domain/messages.ts; a page that shows none at first (its form's rules load later) does without. */
  ruleMessages: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page shows no rule message before its form's rules load (use-lazy-rules.ts, which loads the
     * messages with them), so it renders without waiting for them.
     */
    ruleMessagesOnDemand?: boolean;
  }
}

/** What a page made of these matched routes needs (`router.matchRoutes`, or a route's `beforeLoad`). */
export function pageTextsOf(matches: ReadonlyArray<{ routeId: string; staticData?: { ruleMessagesOnDemand?: boolean } }>): PageTexts {
  return { area: catalogAreaOf(matches.map((m) => m.routeId)), ruleMessages: !matches.some((m) => m.staticData?.ruleMessagesOnDemand) };
}

type Catalog = () => Promise<{ messages: Messages }>;
// Written out so the bundler makes one chunk per catalog and language.
const CATALOGS: Record<CatalogArea, Record<Locale, Catalog>> = {
  supplierLogin: { zh: () => import('virtual:catalog/supplierLogin/zh'), en: () => import('virtual:catalog/supplierLogin/en') },
  supplier: { zh: () => import('virtual:catalog/supplier/zh'), en: () => import('virtual:catalog/supplier/en') },
  all: { zh: () => import('./locales/zh/messages.po'), en: () => import('./locales/en/messages.po') },
};

/**
 * What the pages opened so far need, in every language activated from now on: it grows as pages are
 * opened and never shrinks (the language switch loads all of it). The whole catalog holds every area's.
 */
const neededAreas = new Set<CatalogArea>();
let neededRuleMessages = false;
const loadedCatalogs = new Set<`${CatalogArea}/${Locale}`>();

function missingCatalogs(locale: Locale): CatalogArea[] {
  const areas = neededAreas.has('all') ? ['all' as const] : [...neededAreas];
  return areas.filter((area) => !loadedCatalogs.has(`${area}/${locale}`) && !loadedCatalogs.has(`all/${locale}`));
}

/**
 * Widens what the language must hold to what a page needs and activates it with what is missing
 * loaded; returns nothing when all of it is there already, so opening a page costs no wait.
 */
export function loadPageTexts(page: PageTexts, locale: Locale = currentLocale()): Promise<void> | undefined {
  neededAreas.add(page.area);
  if (page.ruleMessages) neededRuleMessages = true;
  const ready = i18n.locale === locale && missingCatalogs(locale).length === 0 && (!neededRuleMessages || hasRuleMessages(locale));
  return ready ? undefined : activateLocale(locale);
}

/** The rule messages of the current language, for a form whose rules load on demand (use-lazy-rules.ts). */
export function loadRuleMessagesOnDemand(): Promise<void> {
  neededRuleMessages = true;
  return loadRuleMessages(currentLocale());
}

/**
 * Loads what the pages opened so far need of a language (the catalog chunks of their areas, the rule
 * messages) and activates it.
 */
export async function activateLocale(locale: Locale, remember = false): Promise<void> {
  const missing = missingCatalogs(locale);
  const [catalogs] = await Promise.all([
    Promise.all(missing.map((area) => CATALOGS[area][locale]())),
    neededRuleMessages ? loadRuleMessages(locale) : undefined,
  ]);
  catalogs.forEach(({ messages }, i) => {
    i18n.load(locale, messages); // added to the messages an area's catalog loaded before
    loadedCatalogs.add(`${missing[i]}/${locale}`);
  });
  i18n.activate(locale);
  // No document when a page is rendered at build (web/prerender.tsx): the build sets the page's lang itself.
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
  if (remember) {
    safeStorage()?.setItem(STORAGE_KEY, locale);
    mirrorInCookie(locale);
  }
}

/** The `lang` of the page's root element in a language. */
export const htmlLang = (locale: Locale): string => (locale === 'zh' ? 'zh-CN' : 'en');

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export { i18n };
