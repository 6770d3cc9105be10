export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Req rfi §1: English if the language tag contains "en", otherwise Chinese. */
export function resolveLocale(tag: string | null | undefined): Locale {
  return tag && /en/i.test(tag) ? 'en' : 'zh';
}

/**
 * The same rule as a server reads it, from a request's Accept-Language: its first language is the browser's
 * (`navigator.language`, what the page itself decides by). `zh-CN,zh;q=0.9,en;q=0.8` is Chinese.
 */
export function acceptLanguageLocale(header: string | null | undefined): Locale {
  return resolveLocale(header?.split(',')[0]?.split(';')[0]?.trim());
}

/** Header every web request carries (req shell §7). */
export const LOCALE_HEADER = 'x-locale';
