import { useEffect } from 'react';
import { type AnyForm, useDictionary, valueAt } from '#web/forms/index.ts';
import { rowsByDictionary, sameKeys } from './values.ts';

type Row = Record<string, unknown>;

/**
 * Keeps the list at `path` at one row per entry of `dictType` (req rfi §3: finance rows come from
 * financial_status, sales rows from company_sales, …): once the dictionary is loaded, missing entries
 * get a fresh row from `make(key, label)`, stored rows keep their values. Returns the dictionary, whose
 * `label(key)` titles each row in the current language.
 */
export function useDictionaryRows<T extends Row>(
  form: AnyForm,
  path: string,
  dictType: string,
  keyField: keyof T & string,
  make: (key: string, label: string) => T,
) {
  const dict = useDictionary(dictType);
  const entries = dict.data;
  useEffect(() => {
    if (!entries?.length) return;
    const current = ((valueAt(form.getValues(), path) as T[] | undefined) ?? []).filter(Boolean);
    const next = rowsByDictionary(
      entries.map((e) => ({ key: e.dictKey, label: e.dictValue })),
      current,
      keyField,
      make,
    );
    if (!sameKeys(current, next, keyField)) form.setFieldValue(path, next);
    // The form instance and the row maker are stable for the step's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries, path, keyField]);
  return dict;
}
