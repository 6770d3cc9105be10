import { PAGE_SIZES } from '#domain/paging.ts';
import { integer, optionalInteger, type Param } from '../search-params.ts';

const pageSize: Param<number> = (raw) => {
  const n = optionalInteger()(raw);
  return n !== undefined && (PAGE_SIZES as readonly number[]).includes(n) ? n : 20;
};

/**
 * The page and page size of a list's URL, as every list route reads them: a bad or missing value falls back
 * to the first page of 20 instead of refusing the link.
 */
export const pagingSearch = {
  currentPage: integer(1, { min: 1 }),
  pageSize,
};
