import type { Locale } from '#domain/i18n.ts';
import { renderMessage } from '#domain/message-format.ts';

const texts: Partial<Record<Locale, Readonly<Record<string, string>>>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};

/**
 * Loads the rule messages of domain/messages.ts in one language (a chunk per language, made at build by
 * the `rule-messages` plugin in vite.config.ts); `activateLocale` awaits it with the language's catalog
 * unless the pages opened so far show none yet (web/i18n.ts).
 */
export function loadRuleMessages(locale: Locale): Promise<void> {
  return (loading[locale] ??= (locale === 'en' ? import('virtual:rule-messages/en') : import('virtual:rule-messages/zh')).then(
    (chunk) => {
      texts[locale] = chunk.default;
    },
    (err: unknown) => {
      delete loading[locale]; // tried again by the next page or form that needs them
      throw err;
    },
  ));
}

export function hasRuleMessages(locale: Locale): boolean {
  return texts[locale] !== undefined;
}

/**
 * A rule message of the shared zod schemas (e.g. `required` or `maxLength|{"max":20}`) in `locale`, as
 * domain/messages.ts `translate` renders it; any other text passes through unchanged.
 */
export function translate(message: string, locale: Locale): string {
  return renderMessage(message, texts[locale] ?? {});
}
