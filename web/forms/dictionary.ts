import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { dictQuery, type DictOption } from '#web/api/reference.ts';
import { useFormCaller } from './caller.tsx';

export type { DictOption };

/**
 * The entries of a dictionary (GET /dict/v1/list) in the current language, for the caller of the
 * surrounding form (supplier or staff), with a label lookup for read-only display and row titles.
 */
export function useDictionary(dictType: string, options: { enabled?: boolean } = {}) {
  const { i18n } = useLingui();
  const { auth } = useFormCaller();
  const query = useQuery({ ...dictQuery(dictType, i18n.locale, auth), enabled: options.enabled ?? Boolean(dictType) });
  const entries = query.data ?? [];
  return {
    ...query,
    entries,
    label: (key: unknown) => entries.find((e) => e.dictKey === String(key ?? ''))?.dictValue ?? (key == null ? '' : String(key)),
  };
}
