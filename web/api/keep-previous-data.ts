/**
 * TanStack Query's `keepPreviousData` (the same identity function) for `placeholderData`: a list keeps
 * showing its rows while the next page or filter loads. Written here because the query options of some
 * lists sit in modules the app's entry imports (the route loaders'), and Query's own would bring
 * query-core's utilities into the entry, which loads Query only with the first page that reads through it
 * (query-on-demand.tsx).
 */
export function keepPreviousData<T>(previousData: T): T {
  return previousData;
}
