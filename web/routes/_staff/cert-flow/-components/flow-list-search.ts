import { z } from 'zod';
import { flowListQuery, type FlowListQuery } from '#domain/cert-flow/flow-list.ts';

const q = flowListQuery.shape;
const name = z.string().trim().max(100).optional().catch(undefined);

/**
 * The flow list's query form and paging as the route's search params (spec 2 §2.1): a reload or Back
 * keeps them and a link shares them. The fields and limits are the API's query; a value that does not
 * parse is dropped rather than failing the page.
 */
export const flowListSearch = z.object({
  flowNo: q.flowNo.catch(undefined),
  supplierName: q.supplierName.catch(undefined),
  cmtName: q.cmtName.catch(undefined),
  categoryNames: q.categoryNames.catch(undefined),
  purchaseJobNumber: q.purchaseJobNumber.catch(undefined),
  cmtLeader: q.cmtLeader.catch(undefined),
  certScenario: q.certScenario.catch(undefined),
  stage: q.stage.catch(undefined),
  // The chosen people's names, shown in the form; the list is queried by job number.
  purchaseName: name,
  cmtLeaderName: name,
  currentPage: q.currentPage.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type FlowListSearch = z.infer<typeof flowListSearch>;
export type FlowListFilters = Omit<FlowListSearch, 'currentPage' | 'pageSize'>;

/** Left out of the URL when they hold these. */
export const FLOW_LIST_PAGING = { currentPage: 1, pageSize: 20 } as const;

/** The API's query of a search: the same fields, without the names shown in the form. */
export const listQueryOf = (search: FlowListSearch): FlowListQuery => flowListQuery.parse(search);
