import { z } from 'zod';

/**
 * Stable row ids on the list rows of the supplier master (contacts, banks, purchase groups, factories), so
 * the comparison matches rows by id, not by position (a reordered list is no change; an edited row is
 * modified, not removed and added). A master written before row ids gets them when it is first read for a
 * change, and keeps them from then on; a row the form adds gets a new one.
 */

export const LIST_PARTS = ['contactList', 'bankList', 'purchaseGroupList', 'factoryInfoDtoList'] as const;
export type ListPart = (typeof LIST_PARTS)[number];

export const ROW_ID_MAX = 64;
const ROW_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A row id as the form sends it: letters, digits, '-' and '_' (a UUID); none on a row the form just added. */
export const rowIdField = z
  .string({ error: 'invalidValue' })
  .max(ROW_ID_MAX, { error: 'invalidValue' })
  .regex(ROW_ID_PATTERN, { error: 'invalidValue' })
  .nullish()
  .transform((v) => v ?? undefined);

export type WithRowId<T> = T & { rowId: string };

/** A new row id (a random UUID; browsers and Node both have crypto.randomUUID). */
export function newRowId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The record with a row id on every list row: a row keeps its id unless it has none or repeats an earlier
 * row's id in the same list; those get a new one. `assigned` tells whether any id was given (the caller
 * then stores the record so the ids stay).
 */
export function withRowIds<R extends object>(record: R, makeId: () => string = newRowId): { record: R; assigned: boolean } {
  let assigned = false;
  const out: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const part of LIST_PARTS) {
    const list = (record as Record<string, unknown>)[part];
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    out[part] = list.map((row: { rowId?: unknown }) => {
      const id = typeof row.rowId === 'string' && ROW_ID_PATTERN.test(row.rowId) && row.rowId.length <= ROW_ID_MAX ? row.rowId : undefined;
      if (id && !seen.has(id)) {
        seen.add(id);
        return row;
      }
      assigned = true;
      const fresh = makeId();
      seen.add(fresh);
      return { ...row, rowId: fresh };
    });
  }
  return { record: out as R, assigned };
}

/** The rows of a list by their id. */
export function rowsById<T extends { rowId?: string }>(rows: readonly T[] | undefined): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows ?? []) if (row.rowId) map.set(row.rowId, row);
  return map;
}
