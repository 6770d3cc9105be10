import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { LOCALE_OF } from './support/lang.ts';
import { readNewestMail } from './support/mailbox.ts';
import { applyAsPurchasingManager } from './support/staff.ts';
import { invitationLink } from './support/supplier.ts';

/** What the supplier's login page shows, per language (req rfi §2). */
const TEXT = {
  zh: { title: '直采供应商注册RFI', email: '邮箱', code: '验证码', getCode: '获取验证码', countdown: /\d+秒后重新获取/, enter: '进入', loggedIn: '登录成功', step1: '公司信息' },
  en: { title: 'Direct-purchase supplier registration (RFI)', email: 'E-mail', code: 'Verification code', getCode: 'Get code', countdown: /\d+ ?s/, enter: 'Enter', loggedIn: 'Logged in', step1: 'company' },
} as const;

describe.each(['zh', 'en'] as const)('a purchasing manager invites a supplier, who logs in with an e-mailed code (%s)', (lang) => {
  const L = TEXT[lang];
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('applies, mails the invitation, and lets the supplier into the questionnaire', async () => {
    const supplierEmail = `e2e-${lang}-${Date.now()}@supplier.example.com`;

    // 1. The purchasing manager applies through the drawer.
    const { page: staff, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, lang, { email: supplierEmail });

    // 2. The invitation arrives; the supplier opens its link. The page shows its form before any script
    // runs (rendered at build), in the browser's language, or in the one the supplier chose before.
    const link = await invitationLink(browser, stack.appUrl, supplierEmail);
    const other = lang === 'zh' ? 'en' : 'zh';
    for (const [cookie, shown] of [[undefined, lang], [other, other]] as const) {
      const noScript = await browser.newContext({ locale: LOCALE_OF[lang], javaScriptEnabled: false });
      if (cookie) await noScript.addCookies([{ name: 'locale', value: cookie, url: stack.appUrl }]);
      const bare = await noScript.newPage();
      await bare.goto(link);
      expect(await bare.getByRole('heading', { name: TEXT[shown].title }).isVisible()).toBe(true);
      expect(await bare.getByLabel(TEXT[shown].code, { exact: true }).isVisible()).toBe(true);
      await noScript.close();
    }
    const supplier = await (await browser.newContext({ locale: LOCALE_OF[lang] })).newPage();
    const pageErrors: string[] = [];
    supplier.on('pageerror', (e) => pageErrors.push(e.message));
    supplier.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    await supplier.goto(link);

    // 3. The login page: e-mail read-only, enter disabled until agreed and filled.
    const emailField = supplier.getByLabel(L.email, { exact: true });
    await expect.poll(() => emailField.inputValue()).toBe(supplierEmail);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    const enter = supplier.getByRole('button', { name: L.enter, exact: true });
    expect(await enter.isDisabled()).toBe(true);

    // The language chosen here is the one the server renders the page in from now on.
    const switchTo = async (to: 'zh' | 'en') => {
      await supplier.getByText(to === 'zh' ? '中文' : 'EN', { exact: true }).click();
      await expect.poll(() => supplier.getByRole('heading', { name: TEXT[to].title }).count()).toBe(1);
      const served = await (await supplier.context().request.get(link)).text();
      expect(served).toContain(`>${TEXT[to].title}</h3>`);
    };
    await switchTo(other);
    await switchTo(lang);

    await supplier.getByRole('button', { name: L.getCode }).click();
    await expect.poll(() => supplier.getByRole('button', { name: L.countdown }).count()).toBe(1);
    // A reload keeps counting down (req rfi §2), over the page as rendered at build.
    await supplier.reload();
    await expect.poll(() => emailField.inputValue()).toBe(supplierEmail);
    expect(await supplier.getByRole('button', { name: L.countdown }).count()).toBe(1);

    // 4. The code arrives by mail; the Enter key logs in and moves on to the questionnaire.
    const codeMail = await readNewestMail(browser, stack.appUrl, supplierEmail, /\b\d{6}\b/);
    const code = codeMail.match(/\b(\d{6})\b/)![1];
    await supplier.bringToFront();
    await supplier.getByLabel(L.code, { exact: true }).fill(code);
    expect(await enter.isDisabled()).toBe(true);
    await supplier.getByRole('checkbox').check();
    expect(await enter.isDisabled()).toBe(false);
    await supplier.getByLabel(L.code, { exact: true }).press('Enter');
    await expect.poll(() => supplier.getByText(L.loggedIn).count()).toBeGreaterThan(0);
    await supplier.waitForURL(/\/client\/rfi\//, { timeout: 10_000 });
    await expect.poll(() => supplier.getByText(L.step1).count()).toBeGreaterThan(0);
    // The scripts took the rendered form over as it was (a mismatch is an error React reports).
    expect(pageErrors).toEqual([]);

    // 5. The questionnaire is rendered at build too: its frame and step list show before any script runs;
    // a reload hydrates them and opens the step to resume at.
    const questionnaire = supplier.url();
    const noScript = await browser.newContext({ locale: LOCALE_OF[lang], javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(questionnaire);
    expect(await bare.getByRole('heading', { name: L.title }).isVisible()).toBe(true);
    expect(await bare.getByText(L.step1).first().isVisible()).toBe(true);
    await noScript.close();
    await supplier.reload();
    await supplier.locator('form input').first().waitFor({ timeout: 15_000 });
    expect(supplier.url()).toBe(questionnaire);
    expect(pageErrors).toEqual([]);
    // Without this link's session the frame gives way to the login, rendered afresh.
    const stranger = await (await browser.newContext({ locale: LOCALE_OF[lang] })).newPage();
    const strangerErrors: string[] = [];
    stranger.on('pageerror', (e) => strangerErrors.push(e.message));
    stranger.on('console', (m) => m.type() === 'error' && strangerErrors.push(m.text()));
    await stranger.goto(questionnaire);
    await stranger.waitForURL(/\/client\/login\//, { timeout: 10_000 });
    await stranger.getByLabel(L.code, { exact: true }).waitFor();
    expect(strangerErrors).toEqual([]);
    await stranger.context().close();

    // 6. The flow is at its RFI node, and the list shows it.
    const flow = await stack.db.db.selectFrom('cert_flow').select('current_node_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('RFI');
    await staff.reload();
    await expect.poll(() => staff.getByText(flowNo).count()).toBeGreaterThan(0);
  });
});
