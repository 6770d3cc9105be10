import { z } from 'zod';
import { pageQuery } from '../fields.ts';
import type { FlowRowActions } from './row-actions.ts';

/** Query of the flow management list (spec 2 §2.1). */
export const flowListQuery = pageQuery.extend({
  flowNo: z.string().trim().max(40).optional(),
  supplierName: z.string().trim().max(200).optional(),
  cmtName: z.string().trim().max(100).optional(),
  categoryNames: z.string().trim().max(100).optional(),
  purchaseJobNumber: z.string().trim().max(40).optional(),
  cmtLeader: z.string().trim().max(40).optional(),
  certScenario: z.string().trim().max(40).optional(),
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
