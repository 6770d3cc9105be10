import zlib from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { validRegisterApply } from './fixtures.ts';
import { loginCookie } from './staff-login.ts';

/** A page as a user opens it: its address and what the browser already holds (session cookie or storage). */
export interface PageTarget {
  name: string;
  url: string;
  cookie?: { name: string; value: string; url: string };
  sessionStorage?: Record<string, string>;
  /** Shown once the page is usable: the benchmark times its first appearance. */
  ready: string;
}

export interface PageLoad {
  /** Every script the browser requested, with its size as sent uncompressed and gzipped at level 9. */
  scripts: Array<{ url: string; raw: number; gzip: number }>;
  scriptRaw: number;
  scriptGzip: number;
  /** Bytes on the wire for every response of the load (headers and bodies, as sent). */
  transferred: number;
  /** Largest contentful paint, ms after navigation start. */
  lcpMs: number;
  /** The element LCP picked last: its tag and the start of its text. */
  lcpElement: string;
  /** The API calls of the load: path, and start and end in ms after navigation start. */
  apiCalls: Array<{ path: string; start: number; end: number }>;
  /** When the `ready` selector first matched, ms after navigation start. */
  readyMs: number;
}

export interface LoadOptions {
  /** CPU slowdown factor (CDP Emulation.setCPUThrottlingRate); 1 = none. */
  cpuThrottle?: number;
  /** Network profile; none = loopback as it is. */
  network?: 'slow-4g';
  /** Ask for uncompressed answers (Accept-Encoding: identity), to compare with what compression saves. */
  identity?: boolean;
}

/**
 * Chromium DevTools' "Slow 4G" preset (Chromium's NetworkManager: 1.6 Mbit/s down and 750 kbit/s up at
 * 90 % efficiency, 150 ms × 3.75 round trip).
 */
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 };

/** Opens a page in a fresh browser context and measures its first load from the production build. */
export async function loadPage(browser: Browser, target: PageTarget, opts: LoadOptions = {}): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    if (target.cookie) await context.addCookies([target.cookie]);
    await context.addInitScript(
      ({ entries, ready }) => {
        for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
        const w = window as unknown as { __lcp: number; __lcpElement: string; __ready: number };
        w.__lcp = -1;
        w.__lcpElement = '';
        w.__ready = -1;
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          if (!last) return;
          w.__lcp = last.startTime;
          const el = last.element;
          w.__lcpElement = el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 24)}"` : '(removed)';
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Noted at the DOM change that inserts it (the frame that paints it follows within milliseconds).
        const seen = new MutationObserver(() => {
          if (w.__ready < 0 && document.querySelector(ready)) {
            w.__ready = performance.now();
            seen.disconnect();
          }
        });
        // Attributes too: a page rendered on the server becomes usable by an attribute changing (a button enabled).
        seen.observe(document, { childList: true, subtree: true, attributes: true });
      },
      { entries: target.sessionStorage ?? {}, ready: target.ready },
    );
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let transferred = 0;
    cdp.on('Network.loadingFinished', (e) => {
      transferred += e.encodedDataLength;
    });
    if (opts.network === 'slow-4g') await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    if (opts.cpuThrottle && opts.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuThrottle });
    if (opts.identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });

    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.set(res.url(), res.body());
    });
    await page.goto(target.url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForSelector(target.ready, { timeout: 60_000 });
    // LCP is final once the user could interact; read it after the page settled.
    const { lcp, lcpElement, ready, apiCalls } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __ready: number };
      const apiCalls = performance
        .getEntriesByType('resource')
        .filter((e) => ['fetch', 'xmlhttprequest'].includes((e as PerformanceResourceTiming).initiatorType))
        .map((e) => ({ path: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round((e as PerformanceResourceTiming).responseEnd) }));
      return { lcp: w.__lcp, lcpElement: w.__lcpElement, ready: w.__ready, apiCalls };
    });
    const scripts = await Promise.all(
      [...bodies].map(async ([url, body]) => {
        const b = await body;
        return { url, raw: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length };
      }),
    );
    return {
      scripts,
      scriptRaw: scripts.reduce((n, s) => n + s.raw, 0),
      scriptGzip: scripts.reduce((n, s) => n + s.gzip, 0),
      transferred,
      lcpMs: lcp,
      lcpElement,
      apiCalls,
      readyMs: ready,
    };
  } finally {
    await context.close();
  }
}

/**
 * The pages whose first load matters most, on a running stack: the supplier's login page (from a fresh
 * invitation), the questionnaire right after login, the staff dashboard and the certification flow list.
 * Makes one flow through the API for the supplier pages.
 */
export async function keyPages(stack: RunningStack): Promise<Record<'supplierLogin' | 'questionnaire' | 'dashboard' | 'flowList', PageTarget>> {
  const db = stack.db.db;
  const cookie = await loginCookie(stack.appUrl);
  const input = await validRegisterApply(db, { contactEmail: `page-load-${Date.now()}@example.com` });
  const res = await fetch(`${stack.appUrl}/v1/cert-flow-node/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(input),
  });
  if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${await res.text()}`);
  const { flowNo } = ((await res.json()) as { data: { flowNo: string } }).data;
  // The apply opens the RFI node in the workflow, which creates the application row.
  let app: { apply_no: string } | undefined;
  for (let i = 0; i < 600 && !app; i++) {
    app = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
    if (!app) await new Promise((r) => setTimeout(r, 50));
  }
  if (!app) throw new Error(`flow ${flowNo} has no RFI application`);
  const { temp } = await issueRfiInvitation(db, { flowNo, email: input.contactEmail, locale: 'zh', secret: stack.config.appSecret, inviteSeq: 99 });
  const token = newToken();
  await db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: app.apply_no, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  const [name, value] = cookie.split('=');
  const staff = { name, value, url: stack.appUrl };
  return {
    // Its form is in the HTML (domain/shell/prerendered-pages.ts): usable once the scripts have taken it over
    // and the invitation's e-mail is in, which enables the get-code button.
    supplierLogin: { name: 'supplier login', url: `${stack.appUrl}/client/login/${temp}`, ready: 'form button:not(:disabled)' },
    questionnaire: {
      name: 'questionnaire',
      url: `${stack.appUrl}/client/rfi/${temp}`,
      sessionStorage: { supplier_session: JSON.stringify({ temp, token }) },
      ready: 'form input, main input',
    },
    // Its frame is in the HTML (domain/shell/prerendered-pages.ts): usable once the member's menu has replaced its placeholder.
    dashboard: { name: 'staff dashboard', url: `${stack.appUrl}/dashboard`, cookie: staff, ready: '[data-testid="side-menu"] a[href]' },
    flowList: { name: 'flow list', url: `${stack.appUrl}/cert-flow`, cookie: staff, ready: 'table tbody tr' },
  };
}
