import { newTaxNumber } from '../../support/erp-vendors.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_LOGINS, DEMO_PASSWORD } from '#db/seeds/org.ts';
import { nextTotpStep, totpNow } from '../../support/totp.ts';
import { type Lang, LOCALE_OF } from './lang.ts';

const TEXT = {
  zh: {
    username: '用户名',
    password: '密码',
    login: '登录',
    totpCode: '动态验证码',
    verify: '验证',
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
    creditCode: '统一社会信用代码',
    submit: '提交',
    submitted: /提交成功 \((CF\d+)\)/,
  },
  en: {
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    totpCode: 'Authenticator code',
    verify: 'Verify',
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
    creditCode: 'Unified social credit code',
    submit: 'Submit',
    submitted: /Submitted \((CF\d+)\)/,
  },
} as const;

/**
 * A staff member's browser page, logged in with the seeded demo password, on the home page. The demo
 * administrator's second step is answered with a code of the published demo key (db/seeds/org.ts).
 */
export async function staffLogin(browser: Browser, appUrl: string, username: string, lang: Lang, viewport?: { width: number; height: number }): Promise<Page> {
  const L = TEXT[lang];
  const page = await (await browser.newContext({ locale: LOCALE_OF[lang], ...(viewport ? { viewport } : {}) })).newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel(L.username, { exact: true }).fill(username);
  await page.getByLabel(L.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: L.login, exact: true }).click();
  const secret = DEMO_LOGINS.find((l) => l.username === username)?.totpSecret;
  if (secret) await answerTotpStep(page, lang, secret);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  return page;
}

/** Types the authenticator code of `secret` into the login's second step; once more at the next step if this one's code was used. */
export async function answerTotpStep(page: Page, lang: Lang, secret: string): Promise<void> {
  const L = TEXT[lang];
  const field = page.getByLabel(L.totpCode, { exact: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    await field.fill(await totpNow(secret));
    await page.getByRole('button', { name: L.verify, exact: true }).click();
    const done = await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 5_000 }).then(() => true, () => false);
    if (done) return;
    await nextTotpStep();
    if (!new URL(page.url()).pathname.startsWith('/login')) return;
  }
}

/** Opens the flow list through the menu, as a person would. */
export async function openFlowList(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('link', { name: TEXT[lang].menuFlows }).first().click();
  await page.waitForURL(/\/cert-flow/);
}

async function pickFirstOption(page: Page, scope: Locator, label: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').filter({ hasNot: page.locator('[data-combobox-disabled]') }).first().click();
}

/**
 * The purchasing manager (pm.wang) starts a registration for a supplier contact e-mail through the
 * apply drawer of the flow list and returns the new flow number shown in the confirmation.
 */
export async function applyAsPurchasingManager(
  browser: Browser,
  appUrl: string,
  lang: Lang,
  supplier: { email: string; name?: string; creditCode?: string },
): Promise<{ page: Page; flowNo: string }> {
  const L = TEXT[lang];
  const page = await staffLogin(browser, appUrl, 'pm.wang', lang);
  await openFlowList(page, lang);
  await page.getByRole('button', { name: L.newApply }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel(L.supplierName).fill(supplier.name ?? (lang === 'zh' ? '宁波华翔精密部件有限公司' : 'Ningbo Precision Parts Co., Ltd.'));
  // A mainland supplier (the drawer's default region) with its unified social credit code.
  await drawer.getByLabel(L.creditCode).fill(supplier.creditCode ?? newTaxNumber());
  await pickFirstOption(page, drawer, L.large);
  await pickFirstOption(page, drawer, L.middle);
  await pickFirstOption(page, drawer, L.small);
  await page.keyboard.press('Escape');
  await pickFirstOption(page, drawer, L.scenario);
  await drawer.getByLabel(L.reason).fill(lang === 'zh' ? '新项目定点' : 'Sourcing for a new vehicle programme');
  await drawer.getByRole('combobox', { name: L.recommender, exact: true }).fill('E1');
  await page.getByRole('option').first().click();
  await drawer.getByLabel(L.contactName).fill(lang === 'zh' ? '李娜' : 'Li Na');
  await drawer.getByLabel(L.contactEmail).fill(supplier.email);
  await drawer.getByLabel(L.phone).fill('13912345678');
  // The name was typed long before: when the duplicate check found a similar supplier it asks why, as a person answers.
  const reason = drawer.getByTestId('duplicate-reason');
  if (await reason.count()) await reason.fill(lang === 'zh' ? '同名供应商的另一工厂' : 'Another plant of a namesake');
  await drawer.getByRole('button', { name: L.submit, exact: true }).click();
  const toast = page.getByText(L.submitted);
  await toast.first().waitFor({ timeout: 20_000 });
  const flowNo = (await toast.first().innerText()).match(L.submitted)![1];
  return { page, flowNo };
}
