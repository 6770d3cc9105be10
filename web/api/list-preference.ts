import { queryOptions } from '@tanstack/react-query';
import { SHELL } from '#domain/contracts/shell.ts';
import type { ListKey } from '#domain/shell/list-preference.ts';
import { call } from './call.ts';

/** The caller's column choice per list (req shell §2.6), kept on the server so it follows them across browsers. */
export const listPreferenceKeys = {
  all: ['list-preference'] as const,
  of: (listKey: ListKey) => [...listPreferenceKeys.all, listKey] as const,
};

export const listPreferenceQuery = (listKey: ListKey) =>
  queryOptions({
    queryKey: listPreferenceKeys.of(listKey),
    queryFn: ({ signal }) => call(SHELL.listPreference, { params: { listKey } }, { signal, handleErrors: true }),
    // Only this user's own writes change it, and they update the cache themselves.
    staleTime: Infinity,
    retry: false,
  });

export const saveListPreference = (listKey: ListKey, hiddenColumns: string[]) => call(SHELL.saveListPreference, { params: { listKey }, body: { hiddenColumns } });
