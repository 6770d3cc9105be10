/**
 * The longest value of each text filter of the flow list (req flow §2.1): the API's query schema
 * (flow-list.ts) and the list's URL (web) read them here, without zod.
 */
export const FLOW_LIST_TEXT_LIMITS = {
  flowNo: 40,
  supplierName: 200,
  cmtName: 100,
  categoryNames: 100,
  purchaseJobNumber: 40,
  cmtLeader: 40,
  certScenario: 40,
} as const;
