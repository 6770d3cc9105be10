import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';

/**
 * Renders rule messages of domain/messages.ts (the ids the shared zod schemas use, e.g. `required`
 * or `maxLength|{"max":20}`) in the current language; any other text passes through unchanged.
 */
export function useRuleMessage(): (message: ReactNode) => ReactNode {
  const { i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  return (message) => (typeof message === 'string' ? translate(message, locale) : message);
}

interface FormLike {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): { error?: ReactNode };
}

/** `form.getInputProps` whose error is rendered through useRuleMessage. */
export function useFieldProps<F extends FormLike>(form: F) {
  const tr = useRuleMessage();
  return (path: string, options?: { type?: 'input' | 'checkbox' }): ReturnType<F['getInputProps']> => {
    const props = form.getInputProps(path, options) as ReturnType<F['getInputProps']>;
    return { ...props, error: tr(props.error) };
  };
}
