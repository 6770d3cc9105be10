/**
 * The page sizes a list offers. Apart from the zod schemas of fields.ts, so that a route reading a list's
 * page size from its URL does not load zod.
 */
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
