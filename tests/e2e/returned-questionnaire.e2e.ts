import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { REVIEW_TEXT, openAudit, openTaskNo } from './support/review.ts';
import { submitQuestionnaireByApi } from './support/rfi-api.ts';
import { applyAsPurchasingManager } from './support/staff.ts';
import { invitationLink, skipResendWait, supplierLogin } from './support/supplier.ts';
import { waitUntil } from './support/wait.ts';

const L = REVIEW_TEXT.zh;
const REASON = '营业执照已过期，请上传最新版本';

/**
 * The supplier's side of a return (req rfi §4): the mailed link opens the questionnaire where it needs a
 * change with the reason on every step, finished steps open from the step list; a dead link explains
 * itself and names the flow's purchasing manager.
 */
describe('a returned questionnaire and a dead invitation link', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let flowNo: string;
  let link: string;
  const supplierEmail = `e2e-returned-${Date.now()}@supplier.example.com`;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    ({ page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email: supplierEmail }));
    link = await invitationLink(browser, stack.appUrl, supplierEmail);
    const supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh', link);
    await submitQuestionnaireByApi(stack.appUrl, supplier);
    await supplier.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('opens the returned questionnaire on its step with the reason, and a finished step opens from the list', async () => {
    await openAudit(pm, 'zh', flowNo, await openTaskNo(stack.db.db, flowNo, 'PURCHASE_REVIEW'));
    await pm.getByRole('button', { name: L.reject, exact: true }).click();
    const dialog = pm.getByRole('dialog', { name: L.reject });
    await dialog.getByLabel(L.rejectReason).fill(REASON);
    await dialog.getByRole('button', { name: L.confirm, exact: true }).click();
    await waitUntil(async () => (await application()).status === RFI_STATUS.RETURNED, 'the questionnaire returned');

    // Every step still passes its rules, so the reason names no step: the questionnaire opens at step 1, not 10.
    await skipResendWait(stack.db.db, supplierEmail);
    const supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh');
    await supplier.getByTestId('step-title').filter({ hasText: '基本信息-公司信息' }).waitFor();
    expect(await supplier.getByTestId('return-reason').innerText()).toContain(REASON);

    // Step 6 from the step list: no nine presses of Previous or Next; the reason stays on top.
    await supplier.locator('[data-step="6"]').click();
    await supplier.locator('[data-rfi-step="factories"]').waitFor();
    expect(await supplier.getByTestId('return-reason').innerText()).toContain(REASON);
    await supplier.context().close();
  });

  it('an expired link explains itself and names the purchasing manager; a guessed one names nobody', async () => {
    await stack.db.db.updateTable('rfi_application').set({ temp_expires_at: new Date(Date.now() - 1000) }).where('flow_no', '=', flowNo).execute();
    const manager = await stack.db.db
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.purchase_job_number')
      .select(['staff.name', 'staff.email'])
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();

    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await page.goto(link);
    const card = page.getByTestId('invalid-link');
    await card.waitFor();
    expect(await card.innerText()).toContain('The link is invalid or has expired');
    const contact = await page.getByTestId('link-contact').innerText();
    expect(contact).toContain(manager.name);
    expect(contact).toContain(manager.email);
    expect(await page.getByRole('button', { name: 'Get code' }).count()).toBe(0);

    await page.goto(link.replace(/[^/]+$/, 'x'.repeat(43)));
    await page.getByTestId('invalid-link').waitFor();
    expect(await page.getByTestId('link-contact').count()).toBe(0);
    expect(await page.getByText(manager.email).count()).toBe(0);
    await page.context().close();
  });

  const application = () => stack.db.db.selectFrom('rfi_application').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
});
