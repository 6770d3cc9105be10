import { addressFields } from './sections/address.ts';

type Row = Record<string, unknown>;

/** What an admitted factory (one with a factoryCode) keeps, whatever a save sends (req rfi §4, req change §5.2). */
const LOCKED_FIELDS = ['factoryCode', 'baseName', ...Object.keys(addressFields)] as const;

const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? (v.filter((r) => r && typeof r === 'object') as Row[]) : []);
const codeOf = (r: Row) => (typeof r.factoryCode === 'string' ? r.factoryCode.trim() : '');

/**
 * Applies the admitted-factory lock to a step-6 save against what is stored: a factory code can only
 * come from the stored data (a sent one that is not stored is dropped), an admitted factory keeps its
 * name and address, and it cannot be removed. Returns the values to validate, or the index-free error.
 */
export function lockAdmittedFactories(stored: unknown, sent: Row): { values: Row } | { removed: string[] } {
  const admitted = new Map(rowsOf((stored as Row | undefined)?.factoryList).filter(codeOf).map((r) => [codeOf(r), r]));
  const list = rowsOf(sent.factoryList).map((row) => {
    const code = codeOf(row);
    const original = code ? admitted.get(code) : undefined;
    if (!original) {
      const { factoryCode: _dropped, ...rest } = row;
      return rest;
    }
    return { ...row, ...Object.fromEntries(LOCKED_FIELDS.map((k) => [k, original[k]])) };
  });
  const kept = new Set(list.map(codeOf).filter(Boolean));
  const removed = [...admitted.keys()].filter((c) => !kept.has(c));
  if (removed.length) return { removed };
  return { values: { ...sent, ...(admitted.size ? { holdFactory: true } : {}), factoryList: list } };
}
