import { z } from 'zod';
import { ROUTES, type RouteKey } from '../permissions.ts';

/**
 * The staff lists whose columns a staff member may hide (req shell §2.6 "table field editor"), and the
 * columns each has. The chooser offers exactly these keys and the server accepts only these, so a
 * stored choice never names a column a list does not have. `fixed` columns identify a row and are
 * never hidden; the operations column is not a choosable column at all.
 *
 * A new list (assessment, performance) adds one entry here, with the route key that opens it.
 */
interface ListColumns {
  /** Who may keep a choice for the list: those who may open it. */
  routeKey: RouteKey | readonly RouteKey[];
  columns: readonly string[];
  fixed: readonly string[];
}

export const LIST_COLUMNS = {
  'cert-flow': {
    routeKey: ROUTES.certFlowList,
    columns: ['flowNo', 'supplierName', 'cmtName', 'categoryNames', 'certScenario', 'stage', 'purchaseName', 'cmtLeaderName', 'startTime', 'passTime', 'bpm'],
    fixed: ['flowNo'],
  },
  'supplier-inner-edit': {
    routeKey: ROUTES.supplierInnerEdit,
    columns: ['flowNo', 'supplier', 'modifyType', 'status', 'submitter', 'createdAt', 'submittedAt'],
    fixed: ['flowNo'],
  },
  suppliers: {
    routeKey: ROUTES.supplierList,
    columns: ['supplier', 'creditCode', 'categories', 'certificates', 'state'],
    fixed: ['supplier'],
  },
  'supplier-exit': {
    routeKey: ROUTES.supplierExit,
    columns: ['flowNo', 'supplier', 'scope', 'exitCategory', 'status', 'sponsor', 'approver', 'createdAt'],
    fixed: ['flowNo'],
  },
  'performance-plan': {
    routeKey: ROUTES.performancePlan,
    columns: ['planNo', 'name', 'period', 'system', 'supplierCount', 'status', 'deadline', 'owner'],
    fixed: ['planNo'],
  },
  'assessment-review': {
    routeKey: ROUTES.assessmentReview,
    columns: ['plan', 'supplier', 'reviewer', 'progress', 'status', 'deadline'],
    fixed: ['supplier'],
  },
  'scenario-config': {
    routeKey: ROUTES.scenarioConfig,
    columns: ['name', 'scenarioType', 'status', 'appliedVersion', 'nodeCount', 'runningFlows'],
    fixed: ['name'],
  },
} as const satisfies Record<string, ListColumns>;

export type ListKey = keyof typeof LIST_COLUMNS;
export type ColumnKey<L extends ListKey> = (typeof LIST_COLUMNS)[L]['columns'][number];
export const LIST_KEYS = Object.keys(LIST_COLUMNS) as [ListKey, ...ListKey[]];

/** Route keys that admit a caller to a list's choice. */
export const listRouteKeys = (listKey: ListKey): readonly string[] => {
  const key: RouteKey | readonly RouteKey[] = LIST_COLUMNS[listKey].routeKey;
  return typeof key === 'string' ? [key] : key;
};

export const listKeyParams = z.object({ listKey: z.enum(LIST_KEYS, { error: 'unknownList' }) });

/** At most every column once; which columns exist is the list's (see `hiddenColumnErrors`). */
export const listPreferenceBody = z.object({
  hiddenColumns: z
    .array(z.string().max(64), { error: 'invalidValue' })
    .max(100)
    .refine((keys) => new Set(keys).size === keys.length, { error: 'invalidValue' }),
});
export type ListPreferenceBody = z.infer<typeof listPreferenceBody>;

export interface ListPreference {
  listKey: ListKey;
  hiddenColumns: string[];
}

/**
 * The field errors of a choice for a list: a key the list does not have, or a fixed column. The server
 * refuses such a choice; the chooser never offers one.
 */
export function hiddenColumnErrors(listKey: ListKey, hidden: readonly string[]): Record<string, 'unknownColumn' | 'fixedColumn'> {
  const { columns, fixed } = LIST_COLUMNS[listKey] as ListColumns;
  const errors: Record<string, 'unknownColumn' | 'fixedColumn'> = {};
  hidden.forEach((key, i) => {
    if (!columns.includes(key)) errors[`hiddenColumns.${i}`] = 'unknownColumn';
    else if (fixed.includes(key)) errors[`hiddenColumns.${i}`] = 'fixedColumn';
  });
  return errors;
}

/** A stored choice as it applies today: columns a list has since dropped are left out. */
export function effectiveHidden(listKey: ListKey, stored: readonly string[]): string[] {
  const { columns, fixed } = LIST_COLUMNS[listKey] as ListColumns;
  return stored.filter((k) => columns.includes(k) && !fixed.includes(k));
}
