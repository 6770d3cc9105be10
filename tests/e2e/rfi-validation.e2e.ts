import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { translate, withParams } from '#domain/messages.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import type { Lang } from './support/lang.ts';
import { Questionnaire } from './support/questionnaire.ts';
import { fillCompany, fillContacts } from './support/rfi-steps.ts';
import { applyAsPurchasingManager } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

/** Req rfi §5 messages as written in the requirements (zh) and in our English catalogue (en). */
const MESSAGE = {
  zh: {
    companyName: '请输入公司中文名称',
    companyType: '请选择公司类型',
    licence: '请上传营业执照',
    postalCode: '请输入正确长度的邮政编码',
    email: '请输入正确的邮箱地址',
    phoneTooLong: '联系电话不能超过11位',
  },
  en: {
    companyName: translate('enterCompanyChineseName', 'en'),
    companyType: translate('chooseCompanyType', 'en'),
    licence: translate('uploadBusinessLicense', 'en'),
    postalCode: translate('postalCodeLength', 'en'),
    email: translate('invalidEmail', 'en'),
    phoneTooLong: translate(withParams('phoneTooLong', { max: 11 }), 'en'),
  },
} as const;

describe('the questionnaire refuses invalid entries with the messages of req rfi §5', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each(['zh', 'en'] as Lang[])('in %s', async (lang) => {
    const M = MESSAGE[lang];
    const email = `e2e-rules-${lang}-${Date.now()}@supplier.example.com`;
    const { page: pm } = await applyAsPurchasingManager(browser, stack.appUrl, lang, { email });
    await pm.context().close();
    const q = new Questionnaire(await supplierLogin(browser, stack.appUrl, email, lang), lang);
    await q.waitForStep('company');

    // Next on an empty step 1 stays there and names what is missing.
    await q.nextRefused();
    expect(await q.shows(M.companyName)).toBe(true);
    expect(await q.shows(M.companyType)).toBe(true);
    expect(await q.shows(M.licence)).toBe(true);

    // A mainland postal code has exactly 6 digits.
    await fillCompany(q);
    expect(await q.shows(M.companyName)).toBe(false);
    await q.fill('邮政编码', '2150');
    await q.nextRefused();
    expect(await q.shows(M.postalCode)).toBe(true);
    await q.fill('邮政编码', '215000');
    await q.next('contacts');

    // Step 2: an e-mail address must look like one; a +86 number has at most 11 digits.
    await fillContacts(q, 'li.na@@huaxiang');
    await q.fill('联系电话', '139123456789', q.step.locator('tr[data-row="0"]'));
    await q.nextRefused();
    expect(await q.shows(M.email)).toBe(true);
    expect(await q.shows(M.phoneTooLong)).toBe(true);
    await q.fill('邮箱', 'li.na@huaxiang.example.com', q.step.locator('tr[data-row="0"]'));
    await q.fill('联系电话', '13912345678', q.step.locator('tr[data-row="0"]'));
    await q.next('finance');

    // What was accepted is what the server stored.
    const app = await stack.db.db.selectFrom('rfi_application').select(['sections', 'current_step']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(app.current_step).toBe(3);
    expect((app.sections as Record<string, { companyChineseName?: string; postalCode?: string }>).company).toMatchObject({ postalCode: '215000' });
  });
});
