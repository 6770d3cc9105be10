import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { keyPages, loadPage } from '../support/page-load.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * The JavaScript a key page makes the browser load on its first visit (production build, every script it
 * requests until the network is idle, gzipped at level 9, in kB of 1,000 bytes).
 * `target` is the budget; a page fails when it exceeds its budget by more than 10 %. A page not yet within
 * reach of its target has a `ceiling` instead — its size when the ceiling was set, rounded up — so that it
 * cannot grow while the splitting that brings it to target is under way (docs/decisions/0043-production-build-compression-first-load-javascript-node-24-t.md "JS budgets").
 * Lower a ceiling whenever a page shrinks, and remove it once the page is within its budget's tolerance.
 */
const TOLERANCE = 1.1;
const BUDGETS = {
  supplierLogin: { target: 150 },
  questionnaire: { target: 250 },
  dashboard: { target: 250 },
} as const satisfies Record<string, { target: number; ceiling?: number }>;

describe('first load of the key pages stays within its JavaScript budget', () => {
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

  it.each(Object.keys(BUDGETS) as (keyof typeof BUDGETS)[])('%s', async (key) => {
    const target = pages[key];
    const load = await loadPage(browser, target);
    const budget: { target: number; ceiling?: number } = BUDGETS[key];
    const limit = budget.ceiling ?? budget.target * TOLERANCE;
    const kb = load.scriptGzip / 1000;
    const largest = [...load.scripts]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((s) => `${s.url.split('/').pop()} ${(s.gzip / 1000).toFixed(1)} kB`);
    // The page ran: its own form or shell is there, so the scripts counted are the ones it needs.
    expect(load.scripts.length).toBeGreaterThan(1);
    expect(kb, `${target.name}: ${kb.toFixed(1)} kB gzipped in ${load.scripts.length} files, limit ${limit} kB, budget ${budget.target} kB (largest: ${largest.join(', ')})`).toBeLessThanOrEqual(limit);
  });
});
