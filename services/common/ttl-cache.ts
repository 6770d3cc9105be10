/**
 * Reads that may be up to `ttlMs` old (reference data and look-ups, req flow §7.9 and §9: cached 60).
 * Per process, which is all reference data needs: a change shows everywhere within the TTL. Callers
 * asking for the same key at once share one load; a failed load is not kept. At most `max` keys.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export function ttlCache<V>(ttlMs: number, opts: { max?: number; now?: () => number } = {}): TtlCache<V> {
  const max = opts.max ?? 500;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = load();
      entries.delete(key);
      // The oldest key makes room (Map keeps insertion order).
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

/**
 * One cache per owner (a database, an ERP client), so two databases in one process — the tests' —
 * never answer each other's reads.
 */
export function ttlCachePer<V>(ttlMs: number, opts?: { max?: number }): (owner: object) => TtlCache<V> {
  const caches = new WeakMap<object, TtlCache<V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = ttlCache<V>(ttlMs, opts)));
    return cache;
  };
}

/** Req flow §7.9 / req flow §9: look-ups are cached for 60 (seconds). */
export const LOOKUP_TTL_MS = 60_000;
