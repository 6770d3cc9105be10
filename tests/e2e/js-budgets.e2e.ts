import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { keyPages, loadPage, type PageTarget } from '../support/page-load.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * First-load budgets of the production build, as the browser loads it: the JavaScript it requests
 * (gzipped, in kB of 1,000 bytes) and the largest contentful paint on loopback with the CPU slowed 4×.
 * A budget exceeded by more than 10 % fails; below that the build is within the noise of a release.
 */
const TOLERANCE = 1.1;
const JS_BUDGET_KB = { supplierLogin: 150, questionnaire: 250, dashboard: 250 } as const;
const LCP_BUDGET_MS = 1000;
/** LCP is timed on a shared machine: the best of a few loads is the page's own cost, the rest is noise. */
const LCP_TRIES = 3;

describe('first load of the key pages stays within its budget', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pages: Awaited<ReturnType<typeof keyPages>>;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    pages = await keyPages(stack);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each(Object.keys(JS_BUDGET_KB) as (keyof typeof JS_BUDGET_KB)[])('%s: gzipped JavaScript and LCP', async (key) => {
    const target: PageTarget = pages[key];
    const first = await loadPage(browser, target);
    const kb = first.scriptGzip / 1000;
    const largest = [...first.scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 5).map((s) => `${s.url.split('/').pop()} ${(s.gzip / 1000).toFixed(1)} kB`);
    expect(kb, `${target.name}: ${kb.toFixed(1)} kB gzipped JS in ${first.scripts.length} files (largest: ${largest.join(', ')})`).toBeLessThanOrEqual(JS_BUDGET_KB[key] * TOLERANCE);

    let lcp = Infinity;
    for (let i = 0; i < LCP_TRIES && lcp > LCP_BUDGET_MS; i++) {
      const load = await loadPage(browser, target, { cpuThrottle: 4 });
      expect(load.lcpMs, `${target.name}: the page painted no contentful element`).toBeGreaterThan(0);
      lcp = Math.min(lcp, load.lcpMs);
    }
    expect(lcp, `${target.name}: LCP ${lcp.toFixed(0)} ms at 4× CPU slowdown`).toBeLessThanOrEqual(LCP_BUDGET_MS * TOLERANCE);
  });
});
