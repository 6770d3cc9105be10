/** A list's filters as its route's search holds them: each one text, a code or a number, absent when unset. */
export type ListFilters = { [key: string]: string | number | undefined };

/**
 * What 查询 applies of a draft: text trimmed, and a field left empty or blank unset, so the address never
 * carries `?supplier=%20` and a blank field does not filter. Every key stays (unset ones as `undefined`),
 * so spreading the result over the old search clears what the user emptied.
 */
export function filtersToApply<F extends ListFilters>(draft: F): F {
  const out: ListFilters = {};
  for (const [key, value] of Object.entries(draft)) out[key] = typeof value === 'string' ? value.trim() || undefined : value;
  return out as F;
}

/** Whether the applied filters hold a value for `key` (a folded field holding one opens the form expanded). */
export const isActive = (applied: ListFilters, key: string): boolean => applied[key] !== undefined && applied[key] !== '';
