import { queryOptions } from '@tanstack/react-query';
import type { ListKey, ListPreference } from '#domain/shell/list-preference.ts';
import { get, post } from './client.ts';

/** The caller's column choice per list (spec 3 §2.6), kept on the server so it follows them across browsers. */
export const listPreferenceKeys = {
  all: ['list-preference'] as const,
  of: (listKey: ListKey) => [...listPreferenceKeys.all, listKey] as const,
};

export const listPreferenceQuery = (listKey: ListKey) =>
  queryOptions({
    queryKey: listPreferenceKeys.of(listKey),
    queryFn: ({ signal }) => get<ListPreference>(`/v1/list-preference/${listKey}`, undefined, { signal, handleErrors: true }),
    // Only this user's own writes change it, and they update the cache themselves.
    staleTime: Infinity,
    retry: false,
  });

export const saveListPreference = (listKey: ListKey, hiddenColumns: string[]) => post<ListPreference>(`/v1/list-preference/${listKey}`, { hiddenColumns });
