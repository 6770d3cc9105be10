import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import { FLOW_LIST_TEXT_LIMITS as MAX } from '#domain/cert-flow/flow-list-limits.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { optionalInteger, optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';

const name = optionalText({ max: 100 });

/**
 * The flow list's query form and paging as the route's search params (req flow §2.1): a reload or Back
 * keeps them and a link shares them. The fields and limits are the API's query; a value that does not
 * parse is dropped rather than failing the page.
 */
export const flowListSearch = searchParams({
  flowNo: optionalText({ max: MAX.flowNo }),
  supplierName: optionalText({ max: MAX.supplierName }),
  cmtName: optionalText({ max: MAX.cmtName }),
  categoryNames: optionalText({ max: MAX.categoryNames }),
  purchaseJobNumber: optionalText({ max: MAX.purchaseJobNumber }),
  cmtLeader: optionalText({ max: MAX.cmtLeader }),
  certScenario: optionalText({ max: MAX.certScenario }),
  stage: optionalInteger(),
  timeLimit: optionalOneOf(['overdue'] as const),
  // The chosen people's names, shown in the form; the list is queried by job number.
  purchaseName: name,
  cmtLeaderName: name,
  ...pagingSearch,
});
export type FlowListSearch = ReturnType<typeof flowListSearch>;
export type FlowListFilters = Omit<FlowListSearch, 'currentPage' | 'pageSize'>;

/** Left out of the URL when they hold these. */
export const FLOW_LIST_PAGING = { currentPage: 1, pageSize: 20 } as const;

/** The API's query of a search: the same fields, without the names shown in the form. */
export const listQueryOf = ({ purchaseName: _p, cmtLeaderName: _c, ...query }: FlowListSearch): FlowListQuery => query;
