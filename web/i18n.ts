import { i18n } from '@lingui/core';
import { type Locale, LOCALES, resolveLocale } from '#domain/i18n.ts';
import { loadRuleMessages } from './rule-messages.ts';

/** Spec 1 §1 / spec 3 §1: the language choice is kept locally; the default comes from the browser. */
const STORAGE_KEY = 'locale';

export function initialLocale(): Locale {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  return resolveLocale(navigator.language);
}

export function currentLocale(): Locale {
  return (i18n.locale || 'zh') as Locale;
}

/**
 * Loads the catalog and the rule messages of a locale on demand (chunks per language) and activates
 * it.
 */
export async function activateLocale(locale: Locale, remember = false): Promise<void> {
  const [{ messages }] = await Promise.all([import(`./locales/${locale}/messages.po`), loadRuleMessages(locale)]);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
  if (remember) safeStorage()?.setItem(STORAGE_KEY, locale);
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export { i18n };
