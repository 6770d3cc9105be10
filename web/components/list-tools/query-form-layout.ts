/**
 * The generic query form's layout (req shell §2.6): 4 items per row; more rows than the maximum fold
 * behind an expand toggle. The requirements leave the maximum open: one row, so a list opens with its
 * table in view (docs/decisions/0041-list-tools-and-shell-details-1-of-2.md "List tools").
 */
export const QUERY_FORM_LAYOUT = { perRow: 4, maxRows: 1 } as const;

const foldAt = QUERY_FORM_LAYOUT.perRow * QUERY_FORM_LAYOUT.maxRows;

/** Whether the form has more items than its folded rows hold, and so a toggle. */
export const hasToggle = (items: number): boolean => items > foldAt;

/** How many items show: all when expanded or when they fit, else the folded rows' worth. */
export const shownItems = (items: number, expanded: boolean): number => (expanded || !hasToggle(items) ? items : foldAt);

/** A form opens expanded when a folded item holds an applied filter, so no filter applies unseen. */
export const opensExpanded = (active: readonly boolean[]): boolean => active.slice(foldAt).some(Boolean);
