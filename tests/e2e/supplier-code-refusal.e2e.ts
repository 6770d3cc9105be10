import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Connection } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { testErp } from '../support/erp.ts';
import { newTaxNumber, sampleVendor } from '../support/erp-vendors.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { as, staffCalls } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { staffLogin } from './support/staff.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The supplier-code application as the purchasing manager meets the ERP: a bank code the ERP would
 * refuse is refused in the form before any approval; a 12-digit CNAPS code (联行号) goes through; when the
 * ERP still refuses the approved application, the manager has a to-do saying which field to correct, KCP2
 * says the application was rejected (not "in progress"), and a resubmission clears the refusal.
 */
describe('the supplier code the ERP refuses', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let flows: FlowGateway;
  let pm: Page;
  let cmt: Page;
  const db = () => stack.db.db;
  const plan: NodePlanEntry[] = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'KCP2', 'RELEASE'].includes(n.nodeCode));

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    connection = await Connection.connect({ address: stack.temporalAddress });
    flows = createTemporalFlowGateway({ connection, namespace: stack.config.TEMPORAL_NAMESPACE, taskQueue: stack.config.TEMPORAL_TASK_QUEUE });
    [pm, cmt] = await Promise.all([staffLogin(browser, stack.appUrl, 'pm.wang', 'zh'), staffLogin(browser, stack.appUrl, 'cmt.li', 'zh')]);
  });
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  /** A flow at KCP2 with its conclusion saved and the release form saved as the manager left it, with a 10-digit bank code. */
  async function releaseFormSaved(creditCode: string): Promise<string> {
    const { flowNo } = await insertAppliedFlow(db(), { plan, creditCode });
    await flows.startFlow({ flowNo, plan, searchAttributes: { flowNo, supplierName: '苏州精密冲压有限公司', scenario: 'S1', purchaseManager: PM_ACTOR.jobNumber, stage: 30, currentNode: 'KCP2' } });
    await openTaskNo(db(), flowNo, 'NODE_PRINCIPAL');
    const calls = staffCalls(pm, stack.appUrl);
    const minutes = await calls.upload('minutes.pdf');
    await calls.post('/v1/supplier-assessment/save', { flowNo, accessStatus: 10, documentList: [minutes], todoList: [] });
    await calls.post('/v1/supplier-assessment/init_supplier-pre-release', { flowNo });
    const { version } = await calls.get<{ version: number }>('/v1/supplier-release/get-supplier-info', { flowNo });
    const form = validReleaseForm({ fileUrl: (await calls.upload('bank-licence.pdf')).documentUrl });
    form.bankList[0].bankSwiftCode = '1022900021';
    await calls.post('/v1/supplier-release/save-supplier-info', { flowNo, version, form });
    return flowNo;
  }

  async function waitForTask(taskNo: string): Promise<string> {
    await waitUntil(async () => Boolean(await db().selectFrom('cert_task').select('task_no').where('task_no', '=', taskNo).executeTakeFirst()), taskNo, 20_000);
    return taskNo;
  }

  const bankCode = (page: Page) => page.getByTestId('release-panel').getByLabel('SWIFT/联行号').first();

  it('a wrong bank code is refused in the form; the ERP’s refusal becomes the manager’s to-do; a resubmission clears it', async () => {
    const creditCode = newTaxNumber();
    // The ERP already has a partner with this tax number: it refuses to create a second one.
    await testErp().createVendor(sampleVendor({ taxNumber: creditCode }), `elsewhere:${creditCode}`);
    const flowNo = await releaseFormSaved(creditCode);

    await as(pm, 'refusal-form', async () => {
      await pm.goto(`${stack.appUrl}/cert-flow/detail?id=${flowNo}&node=PRERELEASE`);
      await pm.getByTestId('release-submit').click({ timeout: 20_000 });
      await pm.getByText('请填写8位或11位SWIFT代码（BIC），或12位数字联行号').first().waitFor({ timeout: 10_000 });
      await bankCode(pm).fill('102290024016');
      await pm.getByTestId('release-submit').click();
      await pm.locator('[data-testid="release-panel"][data-read-only="true"]').waitFor({ timeout: 20_000 });
    });

    // The CMT leader reads what is approved on the card (the banks and purchase data as submitted) and approves; the ERP refuses.
    const taskNo = await openTaskNo(db(), flowNo, 'APPROVAL');
    await as(cmt, 'refusal-approve', async () => {
      await cmt.goto(`${stack.appUrl}/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`);
      const subject = cmt.getByTestId('approval-subject');
      await subject.waitFor({ timeout: 20_000 });
      const bank = subject.getByTestId('diff-section-bankList');
      expect(await bank.locator('[data-testid="diff-field-bankSwiftCode"]').first().innerText()).toContain('102290024016');
      // The payment terms by their name, not their ERP code (Z030).
      const purchase = await subject.getByTestId('diff-section-purchaseGroupList').innerText();
      expect(purchase).toContain('发票日后30天付款');
      expect(purchase).not.toContain('Z030');
      expect(await subject.getByRole('tab').allInnerTexts()).toEqual(['发布表单']);
      await cmt.getByRole('button', { name: '通过', exact: true }).click();
      await cmt.waitForURL((url) => url.pathname === '/cert-flow/detail', { timeout: 10_000 });
    });
    const releaseStatus = async () => (await db().selectFrom('supplier_release').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).status;
    await waitUntil(async () => (await releaseStatus()) === RELEASE_STATUS.REJECTED, 'the ERP’s refusal', 30_000);

    await as(pm, 'refusal-todo', async () => {
      await pm.goto(`${stack.appUrl}/dashboard`);
      const todo = pm.getByText('SAP拒绝了供应商编码申请：修改发布表单并重新提交');
      await todo.first().waitFor({ timeout: 20_000 });
      await todo.first().click();
      const refusal = pm.getByTestId('kcp2-erp-refusal');
      await refusal.waitFor({ timeout: 20_000 });
      expect(await refusal.innerText()).toContain('请在发布表单中修改：统一社会信用代码');
      expect(await pm.getByTestId('kcp2-completion-blocked').innerText()).toContain('供应商编码申请已被驳回');
    });
    const mail = await db().selectFrom('mail_outbox').select('text_body').where('dedupe_key', '=', `task:${flowNo}-SC-1-ERP_REFUSED`).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('SAP拒绝了供应商编码申请');

    await as(pm, 'refusal-resubmit', async () => {
      await pm.goto(`${stack.appUrl}/cert-flow/detail?id=${flowNo}&node=PRERELEASE`);
      const advice = pm.getByTestId('release-sap-advice');
      await advice.waitFor({ timeout: 20_000 });
      await pm.getByTestId('release-panel').getByLabel('银行账号').first().fill('6222021001123456000');
      await pm.getByTestId('release-submit').click();
      await pm.locator('[data-testid="release-panel"][data-read-only="true"]').waitFor({ timeout: 20_000 });
      await pm.getByTestId('release-sap-result').waitFor({ state: 'detached', timeout: 10_000 });
    });
    const refusalTask = await db().selectFrom('cert_task').select('status').where('task_type', '=', 'ERP_REFUSED').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(refusalTask.status).toBe(TASK_STATUS.FINISHED);

    // The second round's card shows what changed since the first: the account number.
    const round2 = await waitForTask(`${flowNo}-SC-2-1`);
    await as(cmt, 'refusal-round-2', async () => {
      await cmt.goto(`${stack.appUrl}/cert-flow/approval?flowNo=${flowNo}&taskNo=${round2}`);
      await cmt.getByRole('tab', { name: '与上一轮提交比较' }).click({ timeout: 20_000 });
      const changed = cmt.locator('[data-testid="diff-field-bankCardNum"][data-change="modified"]');
      expect(await changed.innerText()).toContain('6222021001123456000');
    });
  });
});
