import type { ReactNode } from 'react';
import { LIST_COLUMNS, type ColumnKey, type ListKey } from '#domain/shell/list-preference.ts';

/** One column of a list table: its key (one of the list's keys in domain/shell/list-preference.ts), header and cell. */
export interface ListColumn<L extends ListKey, Row> {
  key: ColumnKey<L>;
  title: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The narrowest the column gets (px): a word-length name keeps to two lines when the table is squeezed. */
  minWidth?: number;
}

/** The columns that show: the list's own order, without the hidden ones (fixed columns always show). */
export function visibleColumns<L extends ListKey, Row>(listKey: L, columns: readonly ListColumn<L, Row>[], hidden: readonly string[]): ListColumn<L, Row>[] {
  const fixed: readonly string[] = LIST_COLUMNS[listKey].fixed;
  return columns.filter((c) => fixed.includes(c.key) || !hidden.includes(c.key));
}

/** The select-all box of the chooser: checked when every choosable column shows, indeterminate when some do. */
export function selectAllState(choosable: readonly string[], hidden: readonly string[]): { checked: boolean; indeterminate: boolean } {
  const shown = choosable.filter((k) => !hidden.includes(k)).length;
  return { checked: shown === choosable.length, indeterminate: shown > 0 && shown < choosable.length };
}

/** Select all shows every column; unticking it hides every column that may be hidden. */
export const toggleAll = (choosable: readonly string[], hidden: readonly string[]): string[] => (hidden.some((k) => choosable.includes(k)) ? [] : [...choosable]);

/** Toggles one column, keeping the list's column order in what is stored. */
export function toggleColumn(order: readonly string[], hidden: readonly string[], key: string): string[] {
  const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
  return order.filter((k) => next.includes(k));
}
