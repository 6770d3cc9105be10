import type { RunningStack } from '#infra/stack.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { keyPages, loadPage, type LoadOptions, type PageLoad, type PageTarget } from '../support/page-load.ts';
import { percentile, printTable, ratio } from './stats.ts';

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const s = (n: number) => `${(n / 1000).toFixed(2)} s`;

/** Loads per page for LCP: one load's figure moves by a few hundred ms on a shared machine. */
const LCP_RUNS = Number(process.env.LCP_RUNS ?? 7);

/** The lowest of a few loads on each figure: a shared machine only ever adds time. */
async function bestOf(n: number, load: () => Promise<PageLoad>): Promise<PageLoad> {
  const runs: PageLoad[] = [];
  for (let i = 0; i < n; i++) runs.push(await load());
  const min = (f: (l: PageLoad) => number) => Math.min(...runs.map(f));
  return { ...runs[0], lcpMs: min((l) => l.lcpMs), readyMs: min((l) => l.readyMs), transferred: min((l) => l.transferred) };
}

/**
 * First load of the key pages from the production build: the JavaScript they request (gzipped) against
 * their budgets, LCP at 4× CPU slowdown, and what compression saves — bytes on the wire and the supplier
 * login's time to its form on Chromium's "Slow 4G" profile — measured against the same server asked for
 * uncompressed answers (Accept-Encoding: identity) in the same run.
 */
export async function benchPageJavascript(stack: RunningStack): Promise<void> {
  const pages = await keyPages(stack);
  const browser = await launchBrowser();
  try {
    const budgets: Array<[PageTarget, number]> = [
      [pages.supplierLogin, 150_000],
      [pages.questionnaire, 250_000],
      [pages.dashboard, 250_000],
    ];
    const rows: Array<[string, string]> = [];
    for (const [target, budget] of budgets) {
      const runs: PageLoad[] = [];
      for (let i = 0; i < LCP_RUNS; i++) runs.push(await loadPage(browser, target, { cpuThrottle: 4 }));
      const load = runs[0];
      const lcps = runs.map((r) => r.lcpMs);
      const median = percentile(lcps, 50);
      const typical = runs.find((r) => r.lcpMs === median)!;
      const elements = [...new Set(runs.map((r) => r.lcpElement))].join(', ');
      rows.push([`${target.name}: JS gzipped / budget ${kb(budget)}`, `${kb(load.scriptGzip)} (${kb(load.scriptRaw)} raw, ${load.scripts.length} files) = ${ratio(load.scriptGzip, budget)}`]);
      rows.push([`${target.name}: LCP at 4× CPU / budget 1 s`, `median ${median.toFixed(0)} ms = ${ratio(median, 1000)}, ${Math.min(...lcps).toFixed(0)}–${Math.max(...lcps).toFixed(0)} ms over ${LCP_RUNS} loads`]);
      rows.push([`${target.name}: LCP element`, elements]);
      // Apart from LCP: a page rendered at build shows before its scripts have taken it over.
      const usable = runs.map((r) => r.readyMs);
      rows.push([`${target.name}: usable at 4× CPU`, `median ${percentile(usable, 50).toFixed(0)} ms, ${Math.min(...usable).toFixed(0)}–${Math.max(...usable).toFixed(0)} ms`]);
      rows.push([`${target.name}: API calls of the median load`, typical.apiCalls.map((c) => `${c.path} ${c.start}–${c.end}`).join(', ') || 'none']);
    }
    printTable(`First load from the production build (JS gzip -9; LCP of ${LCP_RUNS} loads each)`, rows);

    const wire: Array<[string, string]> = [];
    for (const target of [pages.supplierLogin, pages.flowList]) {
      const plain = await bestOf(2, () => loadPage(browser, target, { identity: true }));
      const packed = await bestOf(2, () => loadPage(browser, target));
      wire.push([`${target.name}: bytes transferred, compressed / uncompressed`, `${kb(packed.transferred)} / ${kb(plain.transferred)} = ${ratio(packed.transferred, plain.transferred)}`]);
    }
    const slow: LoadOptions = { network: 'slow-4g' };
    const plain = await bestOf(2, () => loadPage(browser, pages.supplierLogin, { ...slow, identity: true }));
    const packed = await bestOf(2, () => loadPage(browser, pages.supplierLogin, slow));
    wire.push([`supplier login: form usable on Slow 4G, compressed / uncompressed`, `${s(packed.readyMs)} / ${s(plain.readyMs)} = ${ratio(packed.readyMs, plain.readyMs)}`]);
    wire.push([`supplier login: form shown (LCP) on Slow 4G, compressed / uncompressed`, `${s(packed.lcpMs)} / ${s(plain.lcpMs)} = ${ratio(packed.lcpMs, plain.lcpMs)}`]);
    printTable('Compression (same server, Accept-Encoding: identity as the baseline)', wire);
  } finally {
    await browser.close();
  }
}
