import { z } from 'zod';
import { PAGE_SIZES } from '#domain/fields.ts';

/**
 * The page and page size of a list's URL, as every list route reads them: a bad or missing value falls back
 * to the first page of 20 instead of refusing the link.
 */
export const pagingSearch = {
  currentPage: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(20),
};
