import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createApp } from '#api/app.ts';
import { serveWebApp } from '#api/web-static.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { launchBrowser } from './support/browser.ts';
import { staffLogin } from './support/staff.ts';

/**
 * The app's pages under their Content-Security-Policy, in a real Chromium: the staff shell renders
 * with Mantine's styles and the watermark, the API reference works, nothing breaks the policy — and no
 * other site can show the login page in a frame. Needs `npx vite build` (as every e2e suite).
 */
describe('the app under its security headers', () => {
  let api: TestApp;
  let server: Server;
  let appUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    const app = createApp(api.deps);
    if (!serveWebApp(app, path.resolve('dist/web'))) throw new Error('web app not built: run `npx vite build`');
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    appUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await api?.close();
  });

  /** Every message the page logs about a Content-Security-Policy violation. */
  const violationsOf = (page: Page): string[] => {
    const found: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) found.push(m.text());
    });
    page.on('pageerror', (e) => found.push(`page error: ${e.message}`));
    return found;
  };

  it('a staff page sent to the login comes back after it, with Mantine’s styles and the watermark, breaking no rule', async () => {
    const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    const violations = violationsOf(page);
    await page.goto(`${appUrl}/cert-flow`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('用户名', { exact: true }).fill('pm.wang');
    await page.getByLabel('密码', { exact: true }).fill('Demo@2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => /^\/cert-flow\/?$/.test(url.pathname), { timeout: 15_000 });

    const watermark = page.getByTestId('watermark');
    await watermark.waitFor({ state: 'attached' });
    expect(await watermark.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image\/png;base64,/);
    // Mantine's injected CSS variables and its component styles apply.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-6').trim())).not.toBe('');
    const button = page.getByRole('button').first();
    expect(await button.evaluate((el) => getComputedStyle(el).cursor)).toBe('pointer');
    expect(violations).toEqual([]);
  });

  it('a logged-in staff member’s own writes go through (Sec-Fetch-Site: same-origin)', async () => {
    const page = await staffLogin(browser, appUrl, 'pm.wang', 'zh');
    const violations = violationsOf(page);
    const status = await page.evaluate(async () => (await fetch('/v1/cert-flow-node/flow-list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(200);
    expect(violations).toEqual([]);
  });

  it('the API reference page renders its operations under the policy', async () => {
    const page = await (await browser.newContext()).newPage();
    const violations = violationsOf(page);
    await page.goto(`${appUrl}/v1/docs`);
    // Every area is listed (collapsed); opening one shows its operations.
    const doc = await page.evaluate(async () => (await (await fetch('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { tags: string[] }>> });
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const tags = [...new Set(operations.map((op) => op.tags[0]!))];
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 15_000 }).toBe(tags.length);
    const last = tags.at(-1)!;
    await page.locator(`.opblock-tag[data-tag="${last}"]`).click();
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.filter((op) => op.tags[0] === last).length);
    expect(violations).toEqual([]);
  });

  it('another site cannot show the login page in a frame', async () => {
    const page = await (await browser.newContext()).newPage();
    const refused = violationsOf(page);
    await page.setContent(`<iframe id="f" src="${appUrl}/login" width="800" height="600"></iframe>`);
    await expect.poll(() => refused.some((m) => m.includes("frame-ancestors 'none'")), { timeout: 10_000 }).toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame!.locator('input[type="password"]').count()).toBe(0);
  });
});
