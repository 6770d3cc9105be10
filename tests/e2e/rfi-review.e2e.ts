import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Client, Connection } from '@temporalio/client';
import { NODE_STATUS, RFI_STATUS } from '#domain/cert-flow/enums.ts';
import { certFlowWorkflowId } from '#workflows/definitions.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { readNewestMail } from './support/mailbox.ts';
import { REVIEW_TEXT, openAudit, openTabPaths, openTaskNo } from './support/review.ts';
import { resubmitByApi, submitQuestionnaireByApi } from './support/rfi-api.ts';
import { applyAsPurchasingManager, openFlowList, staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

const L = REVIEW_TEXT.zh;

/**
 * Req rfi §2/§4 "Tasks", req flow §2.4, §4.11, §5.2: after the supplier submits, the purchasing manager
 * and the CMT leader review the questionnaire from the task list; a rejection returns it to the
 * supplier with the reason; two passes close the RFI node and open APTITUDE.
 */
describe('staff review a submitted questionnaire', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let supplier: Page;
  let flowNo: string;
  const supplierEmail = `e2e-review-${Date.now()}@supplier.example.com`;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    ({ page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email: supplierEmail }));
    supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh');
    await submitQuestionnaireByApi(stack.appUrl, supplier);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('the purchasing manager rejects with a reason; the tab closes after 1 s for the progress page and the supplier is told why', async () => {
    const taskNo = await openTaskNo(stack.db.db, flowNo, 'PURCHASE_REVIEW');
    await openAudit(pm, 'zh', flowNo, taskNo);
    expect(await openTabPaths(pm)).toContain('/rfi/audit');

    await pm.getByRole('button', { name: L.reject, exact: true }).click();
    const dialog = pm.getByRole('dialog', { name: L.reject });
    const confirm = dialog.getByRole('button', { name: L.confirm, exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    const reason = dialog.getByLabel(L.rejectReason);
    await reason.fill('   ');
    expect(await confirm.isDisabled()).toBe(true);
    // Req flow §5.2: at most 100 characters.
    await reason.fill('营'.repeat(120));
    expect((await reason.inputValue()).length).toBe(100);
    await reason.fill('营业执照已过期，请上传最新版本');
    expect(await confirm.isDisabled()).toBe(false);

    const clicked = Date.now();
    await confirm.click();
    await expect.poll(() => pm.getByText(L.done).count()).toBeGreaterThan(0);
    await pm.waitForURL(isProgressPage, { timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
    expect(await openTabPaths(pm)).not.toContain('/rfi/audit');

    const mail = await readNewestMail(browser, stack.appUrl, supplierEmail, /营业执照已过期/);
    expect(mail).toContain('营业执照已过期，请上传最新版本');
    const app = await stack.db.db.selectFrom('rfi_application').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(app.status).toBe(RFI_STATUS.RETURNED);
  });

  it('someone else than the principal sees the audit without approve or reject', async () => {
    // The supplier answers the return (a second round with fresh review tasks).
    await resubmitByApi(stack.appUrl, supplier);
    const taskNo = await openTaskNo(stack.db.db, flowNo, 'PURCHASE_REVIEW');
    const other = await staffLogin(browser, stack.appUrl, await cmtLeaderUsername(), 'zh');
    await openAudit(other, 'zh', flowNo, taskNo);
    await other.getByTestId('change-log-10').waitFor();
    expect(await other.getByRole('button', { name: L.approve, exact: true }).count()).toBe(0);
    expect(await other.getByRole('button', { name: L.reject, exact: true }).count()).toBe(0);
    await other.context().close();
  });

  it('both reviewers approve; each tab closes after 2 s for the progress page; the flow moves on to APTITUDE', async () => {
    await approve(pm, await openTaskNo(stack.db.db, flowNo, 'PURCHASE_REVIEW'));
    const cmt = await staffLogin(browser, stack.appUrl, await cmtLeaderUsername(), 'zh');
    await approve(cmt, await openTaskNo(stack.db.db, flowNo, 'CMT_REVIEW'));

    // The projection: RFI passed, APTITUDE in progress — the second approval answered ('操作成功') once it was.
    const flow = await stack.db.db.selectFrom('cert_flow').select('current_node_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('APTITUDE');
    const nodes = await stack.db.db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).execute();
    expect(nodes.find((n) => n.node_code === 'RFI')?.status).toBe(NODE_STATUS.FINISHED);
    expect(nodes.find((n) => n.node_code === 'APTITUDE')?.status).toBe(NODE_STATUS.IN_PROGRESS);
    const app = await stack.db.db.selectFrom('rfi_application').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(app.status).toBe(RFI_STATUS.PASSED);

    // The task list shows every review finished.
    await openFlowList(cmt, 'zh');
    await cmt.locator(`tr[data-flow-no="${flowNo}"]`).getByRole('button', { name: L.tasks, exact: true }).click();
    const list = cmt.getByRole('dialog').getByTestId('task-list');
    await expect.poll(() => list.getByText(L.inProgress).count(), { timeout: 10_000 }).toBe(0);
    expect(await list.getByText(L.finished).count()).toBeGreaterThanOrEqual(3);

    // Operators find the flow at its new node in Temporal.
    const connection = await Connection.connect({ address: stack.temporalAddress });
    try {
      const client = new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE });
      const found = async () => {
        const ids: string[] = [];
        for await (const wf of client.workflow.list({ query: `FlowNo = '${flowNo}' AND CurrentNode = 'APTITUDE'` })) ids.push(wf.workflowId);
        return ids;
      };
      await expect.poll(found, { timeout: 20_000, interval: 500 }).toEqual([certFlowWorkflowId(flowNo)]);
    } finally {
      await connection.close();
    }
  });

  /** Req flow §2.3: a finished review returns to the flow's progress page. */
  const isProgressPage = (url: URL) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo;

  async function approve(page: Page, taskNo: string) {
    await openAudit(page, 'zh', flowNo, taskNo);
    const clicked = Date.now();
    await page.getByRole('button', { name: L.approve, exact: true }).click();
    await expect.poll(() => page.getByText(L.done).count()).toBeGreaterThan(0);
    await page.waitForURL(isProgressPage, { timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
    expect(await openTabPaths(page)).not.toContain('/rfi/audit');
  }

  /** The leader of the flow's CMT (db/seeds: every CMT has its own leader). */
  async function cmtLeaderUsername(): Promise<string> {
    const row = await stack.db.db
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.cmt_leader_job_number')
      .select('staff.username')
      .where('cert_flow.flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    return row.username;
  }
});
