export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Spec 1 §1: English if the language tag contains "en", otherwise Chinese. */
export function resolveLocale(tag: string | null | undefined): Locale {
  return tag && /en/i.test(tag) ? 'en' : 'zh';
}

/** Header every web request carries (spec 3 §7). */
export const LOCALE_HEADER = 'x-locale';
