import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client, Connection } from '@temporalio/client';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { wireDay } from '#domain/date-time.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { addMonths } from '#domain/requalification/requalification.ts';
import type { RunningStack } from '#infra/stack.ts';
import { CERTIFICATE_WATCH_ID, certificatesChangedSignal } from '#workflows/certificate-definitions.ts';
import { certFlowWorkflowId } from '#workflows/definitions.ts';
import { startTestStack } from '../support/stack.ts';
import { admitSupplierThroughFlow, type AdmittedSupplier } from './support/admitted-supplier.ts';
import { launchBrowser } from './support/browser.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { clickAsPrincipal, confirmDialog, openProgress, pdf, toast, uploadIn } from './support/nodes.ts';
import { openFlowList, staffLogin } from './support/staff.ts';
import { chainedSteps } from './support/steps.ts';
import { waitUntil } from './support/wait.ts';
import { eventually } from '../support/fixtures.ts';

/**
 * Requalification started by the schedule (docs/decisions/0055-requalification.md): the configuration gives the
 * supplier's category a twelve-month interval; a year and a month on (its qualification day moves back, as the
 * certificate story moves its dates, and the watch is told) the watch starts a requalification. Its flow is marked in
 * the list and on the progress page; self-inspection and system certification pass through the engine (their screens
 * have their own stories); the purchasing manager fails it at KCP2, which submits the category's exit; the CMT leader
 * approves it on the approval card, and the supplier's page shows the category eliminated and the requalification
 * failed.
 */
describe('a scheduled requalification fails into the category exit', () => {
  let stack: RunningStack;
  let browser: Browser;
  let supplier: AdmittedSupplier;
  let connection: Connection;
  let pm: Page;
  let flowNo: string;
  let exitNo: string;
  const step = chainedSteps(180_000);
  const db = () => stack.db.db;
  const CATEGORY = '101001';

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

  step('an administrator gives 白车身冲压件 a twelve-month requalification whose failure exits the category', async () => {
    const admin = await staffLogin(browser, stack.appUrl, 'admin', 'zh');
    await admin.goto(`${stack.appUrl}/scenario-config`);
    await admin.getByTestId('requalification-policies').click();
    await admin.waitForURL(/\/scenario-config\/requalification/);
    const form = admin.getByTestId('policy-form');
    await form.getByRole('combobox', { name: '大类', exact: true }).click();
    await admin.getByRole('option', { name: '车身', exact: true }).click();
    await form.getByRole('combobox', { name: '中类', exact: true }).click();
    await admin.getByRole('option', { name: '冲压件', exact: true }).click();
    await form.getByRole('combobox', { name: '小类', exact: true }).click();
    await admin.getByRole('option', { name: '白车身冲压件', exact: true }).click();
    await admin.keyboard.press('Escape');
    // Zero months is refused on its field before anything is sent.
    await form.getByTestId('policy-interval').fill('0');
    await form.getByTestId('policy-save').click();
    await form.getByText('周期须为1至120个月，或留空（仅手动发起）').waitFor();
    await form.getByTestId('policy-interval').fill('12');
    await form.getByTestId('policy-save').click();
    await toast(admin, '保存成功');
    const row = admin.getByTestId(`policy-${CATEGORY}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('每12个月');
    expect(await row.innerText()).toContain('品类退出（需审批）');
    await admin.context().close();
  });

  step('thirteen months after its admission the watch starts the requalification, marked in the list and on its progress page', async () => {
    const longAgo = new Date(`${addMonths(wireDay(new Date()), -13)}T02:00:00Z`);
    await db().updateTable('supplier_category').set({ qualified_at: longAgo }).where('supplier_no', '=', supplier.supplierNo).execute();
    await new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE }).workflow.getHandle(CERTIFICATE_WATCH_ID).signal(certificatesChangedSignal);
    const r = await eventually(() => db().selectFrom('requalification').selectAll().where('supplier_no', '=', supplier.supplierNo).executeTakeFirst(), 30_000);
    expect(r).toMatchObject({ trigger: 'schedule', category_codes: [CATEGORY], outcome: 'running' });
    flowNo = r.flow_no;

    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await openFlowList(pm, 'zh');
    const row = pm.locator(`tr[data-flow-no="${flowNo}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('requalification-badge').innerText()).toBe('再认证');
    await openProgress(pm, stack.appUrl, flowNo);
    expect(await pm.getByTestId('progress-subtitle').innerText()).toContain('供应商再认证');
    expect(await pm.getByTestId('requalification-badge').innerText()).toBe('再认证');
  });

  step('self-inspection and system certification pass; at KCP2 only the conclusion is asked, and 不准入 fails it', async () => {
    const engine = await connectFlowEngine(stack);
    try {
      const handle = engine.flows.client.workflow.getHandle(certFlowWorkflowId(flowNo));
      await engine.drive.complete(flowNo, handle, 'SELF_INSPECTION');
      await engine.drive.complete(flowNo, handle, 'SYSTEM_CERT');
    } finally {
      await engine.connection.close();
    }
    await openProgress(pm, stack.appUrl, flowNo);
    const panel = pm.getByTestId('kcp2-panel');
    await panel.waitFor({ timeout: 15_000 });
    // A requalification keeps the supplier's code: no supplier-code or high-potential application here.
    expect(await pm.getByTestId('kcp2-evaluation-actions').count()).toBe(0);
    await panel.getByRole('radio', { name: '不准入', exact: true }).check();
    await uploadIn(pm, panel, pdf('kcp2-requalification-minutes.pdf'));
    await clickAsPrincipal(pm, 'kcp2-complete');
    await confirmDialog(pm, '完成节点');
    await toast(pm, '提交成功');
    const r = await eventually(() => db().selectFrom('requalification').selectAll().where('flow_no', '=', flowNo).where('outcome', '=', 'failed').executeTakeFirst(), 30_000);
    exitNo = r.exit_flow_no!;
    expect(exitNo).toMatch(/^EX/);
    expect((await db().selectFrom('cert_flow').select('stage').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).stage).toBe(STAGE.TERMINATED);
    await pm.reload();
    await expect.poll(() => pm.getByTestId('requalification-badge').innerText(), { timeout: 15_000 }).toBe('再认证 · 不通过');
    expect(await pm.getByTestId('progress-exit-link').innerText()).toBe(`品类退出 ${exitNo}`);
  });

  step('the CMT leader approves the category exit on its approval card; the supplier page shows the category eliminated and the requalification failed', async () => {
    const cmt = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    const task = cmt.getByTestId('my-tasks').locator(`tr[data-task-no="${exitNo}-EXIT_APPROVAL"]`);
    await waitUntil(async () => (await task.count()) === 1, 'the exit approval task on the dashboard', 30_000);
    await task.getByRole('link').click();
    await cmt.waitForURL(new RegExp(`/supplier-exit/detail\\?flowNo=${exitNo}`));
    await expect.poll(() => cmt.getByTestId('approval-status').innerText(), { timeout: 20_000 }).toBe('审批中');
    await cmt.getByTestId('approval-approve').click();
    await expect.poll(() => cmt.getByTestId('exit-status').innerText(), { timeout: 20_000 }).toBe('已通过');
    await cmt.context().close();
    expect((await db().selectFrom('supplier_category').select('life_cycle').where('supplier_no', '=', supplier.supplierNo).where('category_code', '=', CATEGORY).executeTakeFirstOrThrow()).life_cycle).toBe(
      CATEGORY_LIFE_CYCLE.ELIMINATED,
    );

    // The suppliers list (the menu's 供应商) shows it requalified no more; its row opens the supplier's page.
    await pm.goto(`${stack.appUrl}/suppliers?search=${supplier.supplierCode}`);
    const listed = pm.getByTestId('supplier-list').locator(`tr[data-supplier-no="${supplier.supplierNo}"]`);
    await listed.waitFor({ timeout: 15_000 });
    expect(await listed.innerText()).not.toContain('再认证中');
    await listed.getByRole('link', { name: new RegExp(supplier.supplierCode) }).click();
    await pm.waitForURL(/\/suppliers\/detail\?supplierNo=/);
    await expect.poll(() => pm.getByTestId(`category-${CATEGORY}`).innerText(), { timeout: 15_000 }).toContain('已淘汰');
    const row = pm.getByTestId('requalification-table').locator('tr', { hasText: flowNo });
    expect(await row.innerText()).toContain('周期到期');
    expect(await row.innerText()).toContain('不通过');
    expect(await row.getByTestId('requalification-exit-link').innerText()).toBe(`品类退出 ${exitNo}`);
  });

  step('the purchasing manager starts one by hand from the supplier page for its other category, and lands on its progress page', async () => {
    await db().insertInto('supplier_category').values({ supplier_no: supplier.supplierNo, category_code: '101002', flow_no: supplier.flowNo }).execute();
    await pm.reload();
    await pm.getByTestId('requalification-start').click();
    const form = pm.getByTestId('requalification-form');
    // The eliminated category is not offered; nothing chosen and no reason are refused on their fields.
    expect(await form.getByRole('checkbox').count()).toBe(1);
    await form.getByTestId('requalification-submit').click();
    await form.getByText('请选择再认证的品类').waitFor();
    await form.getByText('请输入再认证原因').waitFor();
    await form.getByRole('checkbox', { name: '车门冲压件' }).check();
    await form.getByTestId('requalification-reason').fill('客户投诉车门冲压件尺寸超差');
    await form.getByTestId('requalification-submit').click();
    await toast(pm, '再认证已发起');
    await pm.waitForURL(/\/cert-flow\/detail\?id=/);
    await pm.getByTestId('requalification-badge').waitFor();
    const manual = await db().selectFrom('requalification').selectAll().where('supplier_no', '=', supplier.supplierNo).where('trigger', '=', 'manual').executeTakeFirstOrThrow();
    expect(manual).toMatchObject({ category_codes: ['101002'], outcome: 'running' });
    expect(pm.url()).toContain(manual.flow_no);
  });
});
