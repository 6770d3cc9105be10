import zlib from 'node:zlib';
import type { RunningStack } from '#infra/stack.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { loginCookie } from '../support/staff-login.ts';
import { printTable, ratio } from './stats.ts';

interface Loaded {
  files: number;
  raw: number;
  gzip: number;
}

/** The JavaScript a page really loads in Chromium (production build), sized raw and gzipped. */
async function javascriptOf(
  url: string,
  opts: { cookie?: { name: string; value: string; url: string }; sessionStorage?: Record<string, string> } = {},
): Promise<Loaded> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    if (opts.cookie) await context.addCookies([opts.cookie]);
    if (opts.sessionStorage) {
      await context.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
      }, opts.sessionStorage);
    }
    const page = await context.newPage();
    const seen = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') seen.set(res.url(), res.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(seen.values());
    return {
      files: all.length,
      raw: all.reduce((n, b) => n + b.length, 0),
      gzip: all.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * Gzipped JavaScript of the supplier login page against the staff dashboard (the app shell),
 * both loaded from the production build in the same run.
 */
export async function benchPageJavascript(stack: RunningStack): Promise<void> {
  const flow = await stack.db.db.selectFrom('cert_flow').select('flow_no').executeTakeFirst();
  if (!flow) throw new Error('run the apply benchmark first: it creates the flows this one needs');
  const { temp } = await issueRfiInvitation(stack.db.db, {
    flowNo: flow.flow_no,
    email: 'bench@example.com',
    locale: 'zh',
    secret: stack.config.appSecret,
    inviteSeq: 99,
  });
  const supplier = await javascriptOf(`${stack.appUrl}/client/login/${temp}`);
  // The questionnaire's first load, as the browser has it right after login.
  const token = newToken();
  const app = await stack.db.db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flow.flow_no).executeTakeFirstOrThrow();
  await stack.db.db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: app.apply_no, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  const questionnaire = await javascriptOf(`${stack.appUrl}/client/rfi/${temp}`, { sessionStorage: { supplier_session: JSON.stringify({ temp, token }) } });
  const [name, value] = (await loginCookie(stack.appUrl)).split('=');
  const staff = await javascriptOf(`${stack.appUrl}/dashboard`, { cookie: { name, value, url: stack.appUrl } });
  const line = (l: Loaded) => `${kb(l.gzip)} gzipped (${kb(l.raw)} raw, ${l.files} files)`;
  printTable('JavaScript loaded by a page (production build, gzip -9)', [
    ['supplier login page', line(supplier)],
    ['supplier questionnaire, first load', line(questionnaire)],
    ['staff dashboard (baseline)', line(staff)],
    ['supplier login / staff dashboard', ratio(supplier.gzip, staff.gzip)],
    ['questionnaire / staff dashboard', ratio(questionnaire.gzip, staff.gzip)],
  ]);
}
