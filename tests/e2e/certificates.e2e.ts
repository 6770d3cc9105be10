import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client, Connection } from '@temporalio/client';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import type { RunningStack } from '#infra/stack.ts';
import { CERTIFICATE_WATCH_ID, certificatesChangedSignal } from '#workflows/certificate-definitions.ts';
import { startTestStack } from '../support/stack.ts';
import { admitSupplierThroughFlow, type AdmittedSupplier } from './support/admitted-supplier.ts';
import { launchBrowser } from './support/browser.ts';
import { readNewestMail } from './support/mailbox.ts';
import { pdf, uploadIn } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { staffLogin } from './support/staff.ts';
import { chainedSteps } from './support/steps.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Certificates kept valid (docs/decisions/): a supplier admitted through its flow holds an IATF 16949 on its
 * master. Its end is moved 30 days ahead (the watch's clock is the real one; the certificate's
 * date moves instead) and the watch told: the supplier and its purchasing manager are mailed, the manager finds the
 * task; then it ends, which pauses expansions; the supplier uploads the renewal on the portal, the purchasing manager
 * approves it on the approval card, and the supplier's page shows the new dates.
 */
describe('a certificate ends and is renewed', () => {
  let stack: RunningStack;
  let browser: Browser;
  let supplier: AdmittedSupplier;
  let connection: Connection;
  let pm: Page;
  let portal: Page;
  const step = chainedSteps(180_000);
  const today = wireDay(new Date());
  const renewedUntil = addDays(today, 3 * 365);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    supplier = await admitSupplierThroughFlow(stack);
    connection = await Connection.connect({ address: stack.temporalAddress });
  }, 300_000);
  afterAll(async () => {
    await connection?.close();
    await browser?.close();
    await stack?.stop();
  });

  const iatf = () =>
    stack.db.db.selectFrom('supplier_certificate').selectAll().where('supplier_no', '=', supplier.supplierNo).where('kind', '=', 'IATF16949').where('status', '!=', 'replaced').executeTakeFirstOrThrow();
  /** Moves the certificate's end and tells the watch, as a new day would. */
  async function endsOn(day: string) {
    await stack.db.db.updateTable('supplier_certificate').set({ valid_until: day }).where('id', '=', (await iatf()).id).execute();
    await new Client({ connection }).workflow.getHandle(CERTIFICATE_WATCH_ID).signal(certificatesChangedSignal);
  }

  step('the supplier holds an IATF 16949 on its master (as its admission keeps it; tests/api/certificates.test.ts)', async () => {
    await stack.db.db
      .insertInto('supplier_certificate')
      .values({ supplier_no: supplier.supplierNo, kind: 'IATF16949', issuer: 'TÜV SÜD', certificate_no: 'IATF-0412345', valid_from: '2025-03-01', valid_until: '2028-02-28', file_url: '/f/iatf', source: supplier.flowNo })
      .execute();
    expect(await iatf()).toMatchObject({ issuer: 'TÜV SÜD', valid_until: '2028-02-28', status: 'valid' });
  });

  step('30 days before its end the supplier and its purchasing manager are mailed; the manager’s task opens the supplier’s page', async () => {
    await endsOn(addDays(today, 30));
    const mail = await readNewestMail(browser, stack.appUrl, supplier.email, /证书将于30天后到期/);
    expect(mail).toContain(addDays(today, 30));
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    const task = pm.getByTestId('my-tasks').locator(`tr[data-task-no="CERT${(await iatf()).id}-CERTIFICATE_ENDING"]`);
    await waitUntil(async () => (await task.count()) === 1, 'the certificate task on the dashboard');
    expect(await task.innerText()).toContain('供应商证书即将到期');
    await task.getByRole('link').first().click();
    await pm.waitForURL(/\/suppliers\/detail\?supplierNo=/);
    const row = pm.getByTestId('certificate-row').and(pm.locator('[data-kind="IATF16949"]'));
    expect(await row.getByTestId('certificate-state').innerText()).toBe('剩余 30 天');
  });

  step('on the day after its end it has expired: the page warns that new flows and expansions are paused', async () => {
    await endsOn(addDays(today, -1));
    await waitUntil(async () => (await iatf()).status === 'expired', 'the certificate expired');
    await pm.reload();
    await pm.getByTestId('supplier-blocked').waitFor();
    expect(await pm.getByTestId('category-certificate-warning').innerText()).toContain('IATF16949');
  });

  step('the supplier sees the task on the portal and uploads the renewal', async () => {
    portal = await portalLogin(browser, stack.appUrl, supplier.email);
    await portal.getByTestId('portal-certificate-todos').waitFor();
    await portal.getByTestId('portal-certificate-todos-link').click();
    await portal.waitForURL(/\/client\/portal\/certificates/);
    const row = portal.getByTestId('certificate-row').and(portal.locator('[data-kind="IATF16949"]'));
    await row.getByTestId('certificate-renew').click();
    const form = portal.getByTestId('renewal-form');
    await form.getByLabel('发证机构').fill('TÜV SÜD');
    await form.getByLabel('证书编号').fill('IATF-0498765');
    await form.getByLabel('生效日期').fill(today);
    // A renewal that ends before it starts is refused on the field, before anything is sent.
    await form.getByLabel('有效期至').fill(addDays(today, -10));
    await form.getByTestId('renewal-submit').click();
    await form.getByText('有效期至须晚于生效日期').waitFor();
    await form.getByLabel('有效期至').fill(renewedUntil);
    await uploadIn(portal, form, pdf('IATF16949-renewed.pdf'));
    await form.getByTestId('renewal-submit').click();
    await portal.getByTestId('renewal-status').first().waitFor();
    expect(await portal.getByTestId('renewal-status').first().innerText()).toBe('审批中');
  });

  step('the purchasing manager approves on the approval card; the supplier page shows the new dates, no longer paused', async () => {
    // The renewal's approval opens its step (the task) as its workflow runs, after the portal's answer.
    await waitUntil(
      async () => Boolean(await stack.db.db.selectFrom('cert_task').select('task_no').where('task_type', '=', 'CERTIFICATE_RENEWAL').where('status', '=', 20).executeTakeFirst()),
      'the renewal approval step opened',
      30_000,
    );
    await pm.goto(stack.appUrl);
    const task = pm.getByTestId('my-tasks').locator('tr[data-task-no$="-CERTIFICATE_RENEWAL"]');
    await waitUntil(async () => (await task.count()) === 1, 'the renewal task on the dashboard');
    expect(await task.innerText()).toContain('供应商换证审批');
    await task.getByRole('link').first().click();
    await pm.waitForURL(/\/suppliers\/renewal\?renewalNo=RN\d+/);
    expect(await pm.getByTestId('renewal-compare').innerText()).toContain('IATF-0498765');
    await pm.getByTestId('approval-approve').click();
    await waitUntil(async () => (await iatf()).valid_until === renewedUntil, 'the renewal on the master');
    await pm.getByTestId('renewal-supplier').click();
    await pm.waitForURL(/\/suppliers\/detail/);
    const row = pm.getByTestId('certificate-row').and(pm.locator('[data-kind="IATF16949"]'));
    await waitUntil(async () => (await row.getByTestId('certificate-until').innerText()) === renewedUntil, 'the new end on the page');
    expect(await pm.getByTestId('supplier-blocked').count()).toBe(0);
  });
});
