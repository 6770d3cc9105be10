import { fill, fillRows } from '../values.ts';

/** Stored values laid over a template of empty inputs (see ../values.ts). */
export const over = fill;

/** Each stored row over a fresh empty row; at least `min` rows, so a required list shows one to fill. */
export function rowsOver<T extends Record<string, unknown>>(empty: () => T, list: unknown, min = 0): T[] {
  const rows = fillRows(empty, list);
  while (rows.length < min) rows.push(empty());
  return rows;
}
