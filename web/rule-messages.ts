import type { Locale } from '#domain/i18n.ts';
import { renderMessage } from '#domain/message-format.ts';

const texts: Partial<Record<Locale, Readonly<Record<string, string>>>> = {};

/**
 * Loads the rule messages of domain/messages.ts in one language (a chunk per language, made at build by
 * the `rule-messages` plugin in vite.config.ts); `activateLocale` awaits it with the language's catalog.
 */
export async function loadRuleMessages(locale: Locale): Promise<void> {
  const chunk = locale === 'en' ? await import('virtual:rule-messages/en') : await import('virtual:rule-messages/zh');
  texts[locale] = chunk.default;
}

/**
 * A rule message of the shared zod schemas (e.g. `required` or `maxLength|{"max":20}`) in `locale`, as
 * domain/messages.ts `translate` renders it; any other text passes through unchanged.
 */
export function translate(message: string, locale: Locale): string {
  return renderMessage(message, texts[locale] ?? {});
}
