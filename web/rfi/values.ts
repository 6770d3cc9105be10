/**
 * Form values from stored sections: every input needs a defined value ('' for texts, null for
 * selects), while a stored section omits what was never given.
 */

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The template with the stored values laid over it; missing or null values keep the template's. */
export function fill<T extends Row>(template: T, data: unknown): T {
  if (!isRow(data)) return { ...template };
  const out: Row = { ...template };
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    out[key] = value;
  }
  return out as T;
}

/** Each stored row filled over a fresh template row. */
export function fillRows<T extends Row>(newRow: () => T, list: unknown): T[] {
  return Array.isArray(list) ? list.map((row) => fill(newRow(), row)) : [];
}

/**
 * Rows keyed by a dictionary (finance, sales, certificates): one row per entry in dictionary order,
 * holding the stored values of its key; stored rows whose key is no longer in the dictionary stay
 * at the end so nothing entered is lost.
 */
export function rowsByDictionary<T extends Row>(
  keys: readonly { key: string; label: string }[],
  stored: readonly T[],
  keyField: keyof T & string,
  make: (key: string, label: string) => T,
): T[] {
  const byKey = new Map(stored.map((r) => [String(r[keyField] ?? ''), r]));
  const rows = keys.map(({ key, label }) => {
    const row = byKey.get(key);
    return row ? { ...make(key, label), ...stripEmpty(row), [keyField]: key } : make(key, label);
  });
  const known = new Set(keys.map((k) => k.key));
  return [...rows, ...stored.filter((r) => !known.has(String(r[keyField] ?? '')))];
}

function stripEmpty<T extends Row>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** Whether two row lists hold the same keys in the same order. */
export function sameKeys(a: readonly Row[], b: readonly Row[], keyField: string): boolean {
  return a.length === b.length && a.every((r, i) => r[keyField] === b[i][keyField]);
}
