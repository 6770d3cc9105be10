import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { QueryItem } from './query-form.tsx';
import { filtersToApply, isActive, type ListFilters } from './query-filters.ts';

/** The filters a text input edits: those whose value is free text. */
type TextKey<F> = { [K in keyof F]-?: string extends NonNullable<F[K]> ? K : never }[keyof F] & string;

/**
 * The draft of a list's query form (req shell §2.6) over the filters its route's search applies: the page
 * binds its fields with `text(key)` / `choice(key)`, wraps each in `item(key, field)` and spreads `actions`
 * on `<QueryForm>`. 查询 (or Enter) hands `apply` the draft with text trimmed; 重置 clears the draft and
 * hands `apply` no filters. `apply` navigates: the route's search is what is applied, so Back, a reload and a
 * shared link show the same list. When the applied filters change under the form (Back, a link), the draft
 * follows them.
 */
export function useListQueryForm<F extends ListFilters>(applied: F, apply: (filters: Partial<F>) => void) {
  const [draft, setDraft] = useState<Partial<F>>(applied);
  // The draft is reset while rendering, not in an effect, so the fields never show the old filters for a frame.
  const appliedKey = JSON.stringify(applied);
  const [draftOf, setDraftOf] = useState(appliedKey);
  if (draftOf !== appliedKey) {
    setDraftOf(appliedKey);
    setDraft(applied);
  }
  const set = <K extends keyof F>(key: K, value: F[K] | undefined) => setDraft((d) => ({ ...d, [key]: value }));
  return {
    draft,
    set,
    /** Value and onChange of a text input. */
    text: (key: TextKey<F>) => ({
      value: (draft[key] as string | undefined) ?? '',
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, (e.currentTarget.value || undefined) as F[typeof key]),
    }),
    /** Value and onChange of an `OptionSelect`. */
    choice: <K extends keyof F & string>(key: K) => ({ value: draft[key], onChange: (v: F[K] | undefined) => set(key, v) }),
    /** A field of the form, marked active when the applied filters hold a value for it. */
    item: (key: keyof F & string, field: ReactNode): QueryItem => ({ key, field, active: isActive(applied, key) }),
    /** 查询 and 重置 of `<QueryForm>`. */
    actions: {
      onSearch: () => apply(filtersToApply(draft as F)),
      onReset: () => {
        setDraft({});
        apply({});
      },
    },
  };
}
