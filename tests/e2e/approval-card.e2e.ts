import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Connection } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { APPROVAL_STATUS, LIFE_CYCLE } from '#domain/cert-flow/evaluation.ts';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { startTestStack } from '../support/stack.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { launchBrowser } from './support/browser.ts';
import { openTabPaths, openTaskNo, REVIEW_TEXT, withScreenshot } from './support/review.ts';
import { staffLogin } from './support/staff.ts';
import { waitUntil } from './support/wait.ts';

const L = REVIEW_TEXT.zh;

/**
 * Req flow §2.4, §4.11, §5.2: the high-potential application's approver opens the approval record card
 * from the task mail, sees the approval's records, rejects with a reason (the tab closes after 1 s
 * for the progress page) and, in the next round, approves (after 2 s). The flow stands at KCP2 with
 * its application saved, as the KCP2 screen leaves it; the approval runs in the stack's own worker.
 */
describe('the approval record card of a high-potential application', () => {
  let stack: RunningStack;
  let browser: Browser;
  let flows: FlowGateway;
  let connection: Connection;
  let cmt: Page;
  let flowNo: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    connection = await Connection.connect({ address: stack.temporalAddress });
    flows = createTemporalFlowGateway({ connection, namespace: stack.config.TEMPORAL_NAMESPACE, taskQueue: stack.config.TEMPORAL_TASK_QUEUE });
    const db = stack.db.db;
    const plan: NodePlanEntry[] = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'KCP2', 'PUBLICITY', 'RELEASE'].includes(n.nodeCode));
    ({ flowNo } = await insertAppliedFlow(db, { plan }));
    await flows.startFlow({ flowNo, plan, searchAttributes: { flowNo, supplierName: '苏州精密冲压有限公司', scenario: 'S1', purchaseManager: PM_ACTOR.jobNumber, stage: 30, currentNode: 'KCP2' } });
    await openTaskNo(db, flowNo, 'NODE_PRINCIPAL');
    await db.insertInto('high_potential_application').values({ flow_no: flowNo, description: '高潜供应商', updated_by: PM_ACTOR.jobNumber }).execute();
    cmt = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
  });
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  /** Starts a round as the application's submit does and opens the card from the approver's task mail. */
  async function openCardFromMail(page: Page): Promise<string> {
    await flows.startApproval(flowNo, { kind: 'HIGH_POTENTIAL', actor: PM_ACTOR });
    const taskNo = await openTaskNo(stack.db.db, flowNo, 'APPROVAL');
    const mail = await stack.db.db.selectFrom('mail_outbox').select('text_body').where('dedupe_key', '=', `task:${taskNo}`).executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/cert-flow\/approval\?\S+/.exec(mail.text_body)![0];
    await page.goto(link);
    await page.getByTestId('approval-records').waitFor({ timeout: 20_000 });
    return taskNo;
  }

  const isProgressPage = (url: URL) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo;
  const application = () => stack.db.db.selectFrom('high_potential_application').select(['status', 'bpm_remark']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();

  it('the approver rejects with a reason: confirm stays disabled while empty, the tab closes after 1 s for the progress page', async () => {
    await withScreenshot(cmt, 'approval-reject', async () => {
      const taskNo = await openCardFromMail(cmt);
      const records = cmt.getByTestId('approval-records');
      expect(await records.getByText('李强 (E10010)').count()).toBe(1);
      // What is approved shows above the records, with the way to the flow.
      const subject = cmt.getByTestId('approval-subject');
      expect(await subject.innerText()).toContain('高潜供应商');
      expect(await subject.getByTestId('approval-flow-link').getAttribute('href')).toBe(`/cert-flow/detail?id=${flowNo}`);
      expect(await records.getByText('待审批').count()).toBe(1);
      expect(await cmt.getByTestId('approval-status').innerText()).toBe('审批中');
      expect(await openTabPaths(cmt)).toContain('/cert-flow/approval');

      await cmt.getByRole('button', { name: L.reject, exact: true }).click();
      const dialog = cmt.getByRole('dialog', { name: L.reject });
      const confirm = dialog.getByRole('button', { name: L.confirm, exact: true });
      expect(await confirm.isDisabled()).toBe(true);
      const reason = dialog.getByLabel(L.rejectReason);
      await reason.fill('营'.repeat(120));
      expect((await reason.inputValue()).length).toBe(100);
      await reason.fill('产能数据不足，请补充近三年产能报告');
      const clicked = Date.now();
      await confirm.click();
      await waitUntil(async () => (await cmt.getByText(L.done).count()) > 0, 'the success message');
      await cmt.waitForURL(isProgressPage, { timeout: 10_000 });
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
      expect(await openTabPaths(cmt)).not.toContain('/cert-flow/approval');

      await waitUntil(async () => (await application()).status === APPROVAL_STATUS.REJECT, 'the application rejected');
      expect((await application()).bpm_remark).toBe('产能数据不足，请补充近三年产能报告');
      // The card keeps the record: who, the decision and the reason, without the buttons.
      await cmt.goto(`${stack.appUrl}/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`);
      const after = cmt.getByTestId('approval-records');
      await after.getByText('产能数据不足，请补充近三年产能报告').waitFor();
      expect(await after.getByText('驳回', { exact: true }).count()).toBe(1);
      expect(await cmt.getByRole('button', { name: L.approve, exact: true }).count()).toBe(0);
    });
  });

  it('the applicant sees the next round without approve or reject; the approver approves and the tab closes after 2 s', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await withScreenshot(pm, 'approval-applicant', async () => {
      await openCardFromMail(pm);
      expect(await pm.getByTestId('approval-records').locator('tbody tr').count()).toBe(2);
      expect(await pm.getByRole('button', { name: L.approve, exact: true }).count()).toBe(0);
      expect(await pm.getByRole('button', { name: L.reject, exact: true }).count()).toBe(0);
    });
    await withScreenshot(cmt, 'approval-approve', async () => {
      const taskNo = await openTaskNo(stack.db.db, flowNo, 'APPROVAL');
      await cmt.goto(`${stack.appUrl}/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`);
      const clicked = Date.now();
      await cmt.getByRole('button', { name: L.approve, exact: true }).click();
      await cmt.waitForURL(isProgressPage, { timeout: 10_000 });
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
      await waitUntil(async () => (await application()).status === APPROVAL_STATUS.FINISHED, 'the application finished');
      const flow = await stack.db.db.selectFrom('cert_flow').select('life_cycle').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      expect(flow.life_cycle).toBe(LIFE_CYCLE.HIGH_POTENTIAL);
    });
  });
});
