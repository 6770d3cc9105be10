import { useCallback, useRef } from 'react';
import type { FormErrors } from '@mantine/form';
import { loadRuleMessagesOnDemand } from '#web/i18n.ts';

export type FormRules<V> = (values: V) => FormErrors;

/**
 * A form's rules (the domain's zod schema through `zod4Resolver`) loaded when the user first reaches for
 * the form instead of with the page: on a page that is nothing but a small form, zod (≈ 25 kB gzipped)
 * was the largest thing it loaded before painting. Give `validate` to `useForm`; call `load` on the
 * form's first focus; `submitWith(handler)` waits for the rules, so a submit is always checked by them.
 * Should they fail to load (the network), the form submits unchecked: the server applies the same rules.
 * The rule messages of the language load with them, for a page that opts out of loading them up front
 * (`staticData.ruleMessagesOnDemand`).
 */
export function useLazyRules<V>(importRules: () => Promise<FormRules<V>>) {
  const rules = useRef<FormRules<V> | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const load = useCallback(
    (): Promise<void> =>
      (loading.current ??= Promise.all([importRules(), loadRuleMessagesOnDemand()]).then(
        ([loaded]) => {
          rules.current = loaded;
        },
        () => {
          loading.current = null; // tried again at the next focus or submit
        },
      )),
    [importRules],
  );
  const validate = useCallback((values: V): FormErrors => rules.current?.(values) ?? {}, []);
  const submitWith = useCallback(
    (submit: () => void) => (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      void load().then(submit);
    },
    [load],
  );
  return { validate, load, submitWith };
}
