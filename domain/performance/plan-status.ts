/**
 * Plan status: draft (created, editable by its owner) → running (the round's tasks are out) → calculated
 * (summaries written) → approving (submitted to approval) → concluded (outcomes published); cancelled ends a
 * draft or a running round. Only `create`/`edit` of this half change a draft; the round moves the rest.
 */
export const PERF_PLAN_STATUS = ['draft', 'running', 'calculated', 'approving', 'concluded', 'cancelled'] as const;
export type PerfPlanStatus = (typeof PERF_PLAN_STATUS)[number];
