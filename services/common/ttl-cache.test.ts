import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache.ts';

describe('the look-up cache', () => {
  it('answers from the cache within the TTL and reloads after it', async () => {
    let t = 0;
    let loads = 0;
    const cache = ttlCache<number>(60_000, { now: () => t });
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    t = 59_999;
    expect(await cache.get('k', load)).toBe(1);
    t = 60_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between callers and forgets a failed one', async () => {
    let loads = 0;
    const cache = ttlCache<number>(60_000);
    const [a, b] = await Promise.all([cache.get('k', async () => ++loads), cache.get('k', async () => ++loads)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 7)).toBe(7);
  });

  it('keeps at most max keys, dropping the oldest', async () => {
    let loads = 0;
    const cache = ttlCache<number>(60_000, { max: 2 });
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
