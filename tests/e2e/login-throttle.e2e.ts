import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { LOCALE_OF } from './support/lang.ts';
import { as } from './support/nodes.ts';
import { staffLogin } from './support/staff.ts';

/**
 * A company behind one address: one person (or someone guessing at their account) failing again and again
 * closes that account from there for a while — the login page says for how long — while a colleague at the
 * same address logs in as usual.
 */
describe('failed logins close one account, not the office', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('ten wrong passwords for one account: its login says how long to wait; a colleague at the same address logs in', async () => {
    const page = await (await browser.newContext({ locale: LOCALE_OF.zh })).newPage();
    await as(page, 'throttled-login', async () => {
      await page.goto(`${stack.appUrl}/login`);
      for (let i = 0; i < 10; i++) {
        await page.getByLabel('用户名', { exact: true }).fill('pm.wang');
        await page.getByLabel('密码', { exact: true }).fill(`wrong-${i}`);
        const answered = page.waitForResponse((r) => r.url().endsWith('/v1/auth/login'));
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await answered;
      }
      await page.getByText(/^登录失败次数过多，请\d+(秒|分钟)后再试$/).waitFor({ timeout: 10_000 });
    });
    await page.context().close();

    const colleague = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    expect(new URL(colleague.url()).pathname).not.toMatch(/^\/login/);
    await colleague.context().close();
  });
});
