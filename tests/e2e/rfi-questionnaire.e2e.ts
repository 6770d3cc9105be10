import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { Questionnaire } from './support/questionnaire.ts';
import { openAudit, openTaskList, openTaskNo, REVIEW_TEXT } from './support/review.ts';
import * as fill from './support/rfi-steps.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { applyAsPurchasingManager } from './support/staff.ts';
import { skipResendWait, supplierLogin } from './support/supplier.ts';
import { waitUntil } from './support/wait.ts';

type Sections = Record<string, Record<string, unknown>>;

/**
 * Req rfi §2, §4: the supplier answers the ten steps through the screens (Next validates, saves and
 * advances), leaves in the middle, logs in again and resumes at the step where it stopped, submits;
 * staff then read the answers in the audit mode.
 */
describe('a supplier answers the whole questionnaire through its screens', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const application = (email: string) =>
    stack.db.db.selectFrom('rfi_application').select(['status', 'current_step', 'sections']).where('email', '=', email).executeTakeFirstOrThrow();

  const invitations = async (email: string) =>
    (await stack.db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).execute()).filter((m) => m.text_body.includes('/client/login/')).length;

  it('with a re-issued link: fills steps 1–4, leaves, resumes at step 5 after logging in again, submits; staff see the answers', async () => {
    const email = `e2e-rfi-${Date.now()}@supplier.example.com`;
    const creditCode = newTaxNumber();
    const { page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email, creditCode });

    // Before the supplier starts, the purchasing manager re-issues the link from the task list
    // (only the in-progress RFI task offers it; the reviews do not exist yet).
    const tasks = await openTaskList(pm, 'zh', flowNo);
    const rfiTask = tasks.locator(`tr[data-task-no="${await openTaskNo(stack.db.db, flowNo, 'REGISTER_RFI')}"]`);
    await rfiTask.getByRole('button', { name: REVIEW_TEXT.zh.reissue }).click();
    await pm.getByText(REVIEW_TEXT.zh.done).first().waitFor();
    await waitUntil(async () => (await invitations(email)) === 2, 'the second invitation');
    expect(await tasks.getByRole('button', { name: REVIEW_TEXT.zh.audit }).count()).toBe(0);
    // The task list stays open on the purchasing manager's page while the supplier works.

    // First visit: steps 1 to 4.
    let q = new Questionnaire(await supplierLogin(browser, stack.appUrl, email, 'zh'), 'zh');
    await q.waitForStep('company');
    // The credit code the purchasing manager registered shows read-only, with where it came from.
    const code = q.page.getByLabel('统一社会信用代码');
    expect(await code.inputValue()).toBe(creditCode);
    expect(await code.getAttribute('readonly')).not.toBeNull();
    await q.page.getByText('由采购方在发起认证时登记；如有误，请联系您的采购联系人').waitFor();
    await fill.fillCompany(q);
    await q.next('contacts');
    await fill.fillContacts(q);
    await q.next('finance');
    await fill.fillFinance(q);
    await q.next('sales');
    await fill.fillSales(q);
    await q.next('certificates');

    // The supplier closes the page: its session goes with it.
    await q.page.context().close();
    expect((await application(email)).current_step).toBe(5);

    // Second visit: a new login opens step 5, and what was saved before is still there.
    await skipResendWait(stack.db.db, email);
    q = new Questionnaire(await supplierLogin(browser, stack.appUrl, email, 'zh'), 'zh');
    await q.waitForStep('certificates');
    expect(await q.page.getByTestId('step-title').innerText()).toBe('质量-证书及文件');
    await q.button('上一步').click();
    await q.waitForStep('sales');
    expect(await q.field('客户名称', q.step.locator('tr[data-row="0"]')).inputValue()).toBe(fill.BIG_CUSTOMER);
    await q.next('certificates');

    await fill.fillCertificates(q);
    await q.next('factories');
    await fill.fillFactories(q);
    await q.next('qualityTargets');
    await fill.fillQualityTargets(q);
    await q.next('otherCapability');
    await fill.fillOtherCapability(q);
    await q.next('development');
    await fill.fillDevelopment(q);
    await q.next('securityDelivery');
    await fill.fillSecurityDelivery(q);

    // Submit: the page says it arrived, what happens next, who the contact is and that mail follows; the login of
    // the invitation is one click away (req rfi §4), and the session has ended.
    await q.button('提交').click();
    const done = q.page.getByTestId('rfi-submitted');
    await done.waitFor({ timeout: 15_000 });
    expect(await done.innerText()).toContain('我方采购经理与CMT将审核您的问卷');
    expect(await done.getByTestId('rfi-submitted-contact').innerText()).toContain('王磊');
    expect(await done.innerText()).toContain('后续每一步都会通过邮件通知您');
    await done.getByRole('button', { name: '返回登录页' }).click();
    await q.page.waitForURL(/\/client\/login\//, { timeout: 10_000 });

    const app = await application(email);
    expect(app.status).toBe(RFI_STATUS.SUBMITTED);
    const sections = app.sections as Sections;
    expect(sections.company).toMatchObject({ companyChineseName: fill.COMPANY.chineseName, postalCode: fill.COMPANY.postalCode, businessLicenseName: 'business-licence.pdf' });
    expect(sections.contacts.contactList).toMatchObject([{ name: fill.CONTACT.name, email: fill.CONTACT.email }]);
    expect((sections.certificates.certificateList as { hold: boolean | null; certificateFileUrl: string }[]).slice(0, 3).every((c) => c.hold && c.certificateFileUrl)).toBe(true);
    expect(sections.factories).toMatchObject({ holdFactory: true, factoryList: [{ baseName: '苏州工厂' }] });
    expect((sections.qualityTargets.iptvList as unknown[]).length).toBe(3);

    // The task list left open follows the flow: the reviews appear in it without opening it again.
    await tasks.getByRole('button', { name: REVIEW_TEXT.zh.audit }).first().waitFor({ timeout: 15_000 });
    await pm.keyboard.press('Escape');

    // The purchasing manager's review task opens the answers read-only; any step can be opened.
    const audit = new Questionnaire(pm, 'zh');
    await openAudit(pm, 'zh', flowNo, await openTaskNo(stack.db.db, flowNo, 'PURCHASE_REVIEW'));
    await audit.waitForStep('company');
    expect(await audit.field('公司中文名称').inputValue()).toBe(fill.COMPANY.chineseName);
    expect(await audit.field('公司中文名称').isEditable()).toBe(false);
    expect(await audit.step.getByRole('link', { name: 'business-licence.pdf' }).count()).toBe(1);
    await pm.getByRole('button', { name: '质量-工厂及产品线' }).click();
    await audit.waitForStep('factories');
    expect(await audit.field('制造基地名称').inputValue()).toBe('苏州工厂');
    expect(await audit.button('提交').count()).toBe(0);
  });
});
