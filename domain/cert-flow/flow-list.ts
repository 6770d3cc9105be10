import { z } from 'zod';
import { pageQuery } from '../fields.ts';
import { FLOW_LIST_TEXT_LIMITS } from './flow-list-limits.ts';
import type { FlowRowActions } from './row-actions.ts';

const filterText = (max: number) => z.string().trim().max(max).optional();

/** Query of the flow management list (spec 2 §2.1). */
export const flowListQuery = pageQuery.extend({
  flowNo: filterText(FLOW_LIST_TEXT_LIMITS.flowNo),
  supplierName: filterText(FLOW_LIST_TEXT_LIMITS.supplierName),
  cmtName: filterText(FLOW_LIST_TEXT_LIMITS.cmtName),
  categoryNames: filterText(FLOW_LIST_TEXT_LIMITS.categoryNames),
  purchaseJobNumber: filterText(FLOW_LIST_TEXT_LIMITS.purchaseJobNumber),
  cmtLeader: filterText(FLOW_LIST_TEXT_LIMITS.cmtLeader),
  certScenario: filterText(FLOW_LIST_TEXT_LIMITS.certScenario),
  stage: z.coerce.number().int().optional(),
});
export type FlowListQuery = z.infer<typeof flowListQuery>;

/** Row model of the list (spec 2 §2.1). */
export interface FlowListRow {
  flowNo: string;
  supplierCode: string | null;
  supplierName: string;
  cmtName: string;
  categoryNames: string;
  certScenario: string;
  certScenarioStr: string;
  stage: number;
  stageStr: string;
  purchaseName: string;
  purchaseJobNumber: string;
  cmtLeader: string;
  cmtLeaderName: string;
  startTime: string;
  passTime: string | null;
  bpmUrl: string | null;
  currentNodeCode: string;
  /** What the caller may do with this row, each refusal with its reason (row-actions.ts). */
  actions: FlowRowActions;
}
