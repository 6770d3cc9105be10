import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { readNewestMail } from './support/mailbox.ts';

/** What a person reads on screen, per language. */
const TEXT = {
  zh: {
    browserLocale: 'zh-CN',
    username: '用户名',
    password: '密码',
    login: '登录',
    menuFlows: '认证流程管理',
    newApply: '新建注册申请',
    supplierName: '供应商名称',
    large: '大类',
    middle: '中类',
    small: '小类',
    scenario: '认证场景',
    reason: '申请原因',
    recommender: '推荐人',
    contactName: '联系人姓名',
    contactEmail: '联系人邮箱',
    phone: '联系电话',
    submit: '提交',
    submitted: '提交成功',
    email: '邮箱',
    code: '验证码',
    getCode: '获取验证码',
    countdown: /\d+秒后重新获取/,
    enter: '进入',
    loggedIn: '登录成功',
    step1: '公司信息',
  },
  en: {
    browserLocale: 'en-US',
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    menuFlows: 'Certification flows',
    newApply: 'New registration application',
    supplierName: 'Supplier name',
    large: 'Large category',
    middle: 'Middle category',
    small: 'Small categories',
    scenario: 'Certification scenario',
    reason: 'Reason',
    recommender: 'Recommender',
    contactName: 'Contact name',
    contactEmail: 'Contact e-mail',
    phone: 'Phone number',
    submit: 'Submit',
    submitted: 'Submitted',
    email: 'E-mail',
    code: 'Verification code',
    getCode: 'Get code',
    countdown: /Retry in \d+ ?s|\d+ ?s/,
    enter: 'Enter',
    loggedIn: 'Logged in',
    step1: 'company',
  },
} as const;

async function pickFirstOption(page: Page, scope: Locator, label: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').filter({ hasNot: page.locator('[data-combobox-disabled]') }).first().click();
}

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

    // 1. The purchasing manager logs in and applies.
    const staff = await (await browser.newContext({ locale: L.browserLocale })).newPage();
    await staff.goto(`${stack.appUrl}/login`);
    await staff.getByLabel(L.username, { exact: true }).fill('pm.wang');
    await staff.getByLabel(L.password, { exact: true }).fill('Demo@2026');
    await staff.getByRole('button', { name: L.login, exact: true }).click();
    await staff.getByRole('link', { name: L.menuFlows }).first().click();
    await staff.getByRole('button', { name: L.newApply }).click();
    const drawer = staff.getByRole('dialog');
    await drawer.getByLabel(L.supplierName).fill(lang === 'zh' ? '宁波华翔精密部件有限公司' : 'Ningbo Precision Parts Co., Ltd.');
    await pickFirstOption(staff, drawer, L.large);
    await pickFirstOption(staff, drawer, L.middle);
    await pickFirstOption(staff, drawer, L.small);
    await staff.keyboard.press('Escape');
    await pickFirstOption(staff, drawer, L.scenario);
    await drawer.getByLabel(L.reason).fill(lang === 'zh' ? '新项目定点' : 'Sourcing for a new vehicle programme');
    await drawer.getByRole('combobox', { name: L.recommender, exact: true }).fill('E1');
    await staff.getByRole('option').first().click();
    await drawer.getByLabel(L.contactName).fill(lang === 'zh' ? '李娜' : 'Li Na');
    await drawer.getByLabel(L.contactEmail).fill(supplierEmail);
    await drawer.getByLabel(L.phone).fill('13912345678');
    await drawer.getByRole('button', { name: L.submit, exact: true }).click();
    await expect.poll(() => staff.getByText(L.submitted).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // 2. The invitation arrives; the supplier opens its link.
    const supplier = await (await browser.newContext({ locale: L.browserLocale })).newPage();
    const invitation = await readNewestMail(supplier, stack.appUrl, supplierEmail, /\/client\/login\//);
    const link = invitation.match(/https?:\/\/\S+\/client\/login\/[A-Za-z0-9_-]+/)![0];
    await supplier.goto(link);

    // 3. The login page: e-mail read-only, enter disabled until agreed and filled.
    const emailField = supplier.getByLabel(L.email, { exact: true });
    await expect.poll(() => emailField.inputValue()).toBe(supplierEmail);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    const enter = supplier.getByRole('button', { name: L.enter, exact: true });
    expect(await enter.isDisabled()).toBe(true);

    await supplier.getByRole('button', { name: L.getCode }).click();
    await expect.poll(() => supplier.getByRole('button', { name: L.countdown }).count()).toBe(1);

    // 4. The code arrives by mail; login moves on to the questionnaire.
    const mailPage = await supplier.context().newPage();
    const codeMail = await readNewestMail(mailPage, stack.appUrl, supplierEmail, /\b\d{6}\b/);
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
    await supplier.screenshot({ path: `test-results/e2e-questionnaire-${lang}.png` });

    // 5. The flow is findable in Temporal by its flow number, and the list shows it.
    const flow = await stack.db.db.selectFrom('cert_flow').select(['flow_no', 'current_node_code']).where('contact_email', '=', supplierEmail).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('RFI');
    await staff.reload();
    await expect.poll(() => staff.getByText(flow.flow_no).count()).toBeGreaterThan(0);
  });
});
