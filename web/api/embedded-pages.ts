import { queryOptions } from '@tanstack/react-query';
import { SHELL } from '#domain/contracts/shell.ts';
import { call } from './call.ts';

/** Other systems' pages the installation lets the shell frame (req shell §2.6 /embedded/{id}). */
export const embeddedPagesQuery = (locale: string) =>
  queryOptions({
    queryKey: ['embedded-pages', locale] as const,
    queryFn: ({ signal }) => call(SHELL.embeddedPages, {}, { signal }),
    // The installation's setting: it changes with a restart only.
    staleTime: Infinity,
  });
