import { queryOptions } from '@tanstack/react-query';
import type { EmbeddedPage } from '#domain/shell/embedded-pages.ts';
import { get } from './client.ts';

/** Other systems' pages the installation lets the shell frame (spec 3 §2.6 /embedded/{id}). */
export const embeddedPagesQuery = (locale: string) =>
  queryOptions({
    queryKey: ['embedded-pages', locale] as const,
    queryFn: ({ signal }) => get<EmbeddedPage[]>('/v1/embedded-pages', undefined, { signal }),
    // The installation's setting: it changes with a restart only.
    staleTime: Infinity,
  });
