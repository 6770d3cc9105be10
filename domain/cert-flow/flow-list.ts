import { z } from 'zod';
import { requalificationMark } from '../requalification/requalification.ts';
import { pageQuery } from '../fields.ts';
import { FLOW_LIST_TEXT_LIMITS } from './flow-list-limits.ts';
import { flowRowActionsAnswer } from './row-actions.ts';

const filterText = (max: number) => z.string().trim().max(max).optional();

/** Query of the flow management list (req flow §2.1). */
export const flowListQuery = pageQuery.extend({
  flowNo: filterText(FLOW_LIST_TEXT_LIMITS.flowNo),
  supplierName: filterText(FLOW_LIST_TEXT_LIMITS.supplierName),
  cmtName: filterText(FLOW_LIST_TEXT_LIMITS.cmtName),
  categoryNames: filterText(FLOW_LIST_TEXT_LIMITS.categoryNames),
  purchaseJobNumber: filterText(FLOW_LIST_TEXT_LIMITS.purchaseJobNumber),
  cmtLeader: filterText(FLOW_LIST_TEXT_LIMITS.cmtLeader),
  certScenario: filterText(FLOW_LIST_TEXT_LIMITS.certScenario),
  stage: z.coerce.number().int().optional(),
  /** Only flows whose open node has passed its time limit (docs/decisions/0056-node-time-limits.md). */
  timeLimit: z.enum(['overdue'], { error: 'invalidValue' }).optional(),
});
export type FlowListQuery = z.infer<typeof flowListQuery>;

/** The most rows an export writes: a broader filter is refused, naming the limit. */
export const FLOW_EXPORT_MAX_ROWS = 5000;
/** POST /api/v1/flows/export: the list's filters, without its paging. */
export const flowExportQuery = flowListQuery.omit({ currentPage: true, pageSize: true });
export type FlowExportQuery = z.infer<typeof flowExportQuery>;

/** Row model of the list (req flow §2.1). */
export const flowListRow = z.object({
  flowNo: z.string(),
  supplierCode: z.string().nullable(),
  supplierName: z.string(),
  cmtName: z.string(),
  categoryNames: z.string(),
  certScenario: z.string(),
  certScenarioStr: z.string(),
  stage: z.number(),
  stageStr: z.string(),
  purchaseName: z.string(),
  purchaseJobNumber: z.string(),
  cmtLeader: z.string(),
  cmtLeaderName: z.string(),
  startTime: z.string(),
  passTime: z.string().nullable(),
  bpmUrl: z.string().nullable(),
  currentNodeCode: z.string(),
  /** The open node has passed its time limit. */
  overdue: z.boolean(),
  /** Marks a requalification: what started it and where it stands; null for other flows. */
  requalification: requalificationMark.nullable(),
  /** What the caller may do with this row, each refusal with its reason (row-actions.ts). */
  actions: flowRowActionsAnswer,
});
export type FlowListRow = z.infer<typeof flowListRow>;
