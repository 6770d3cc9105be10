/**
 * Value equality of the change comparison and the bank rule: a field left out, sent as undefined or null,
 * or an empty text are all "not given", so none of them counts as a change against another; numbers and
 * their text (a select's '1' and 1) are the same value; lists compare element by element.
 */

export function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (isAbsent(a) || isAbsent(b)) return isAbsent(a) && isAbsent(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (typeof a === 'object' || typeof b === 'object') {
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    return sameFields(a as Record<string, unknown>, b as Record<string, unknown>);
  }
  return String(a).trim() === String(b).trim();
}

/** Two records have the same value in every field either has, except the `ignore`d ones. */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>, ignore: readonly string[] = []): boolean {
  return changedFields(a, b, ignore).length === 0;
}

/** The fields whose values differ (in the order of `a`'s keys, then `b`'s). */
export function changedFields(a: Record<string, unknown>, b: Record<string, unknown>, ignore: readonly string[] = []): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !ignore.includes(k));
  return keys.filter((k) => !sameValue(a[k], b[k]));
}
