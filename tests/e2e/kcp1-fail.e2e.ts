import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { as, confirmDialog, holdUploads, nodeStatuses, openProgress, pdf, staffCalls, stepNode, toast, uploadIn } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { submitQuestionnaireByApi } from './support/rfi-api.ts';
import { applyAsPurchasingManager, openFlowList, staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

/**
 * Req flow §4.3: a failing meeting conclusion ends the certification flow. The flow reaches KCP1 through
 * the same calls the screens make (each with its own user's session); the purchasing manager then
 * chooses '不通过' in the KCP1 panel.
 */
describe('a failing first-stage meeting conclusion ends the flow', () => {
  let stack: RunningStack;
  let browser: Browser;
  const supplierEmail = `e2e-kcp1-fail-${Date.now()}@supplier.example.com`;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('KCP1 不通过: the progress page shows the flow terminated, later nodes stay closed, the list shows the stage', async () => {
    const db = stack.db.db;
    const { page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email: supplierEmail });
    const supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh');
    await submitQuestionnaireByApi(stack.appUrl, supplier);
    await supplier.context().close();

    // RFI reviews and APTITUDE through their calls.
    const pmApi = staffCalls(pm, stack.appUrl);
    await pmApi.post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db, flowNo, 'PURCHASE_REVIEW') });
    const leader = await db
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.cmt_leader_job_number')
      .select('staff.username')
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    const cmt = await staffLogin(browser, stack.appUrl, leader.username, 'zh');
    await staffCalls(cmt, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db, flowNo, 'CMT_REVIEW') });
    await cmt.context().close();
    // Each call answered with the next node open.
    expect((await nodeStatuses(db, flowNo)).APTITUDE).toBe(NODE_STATUS.IN_PROGRESS);
    await pmApi.post('/v1/cert-flow-aptitude/completed', { flowNo, description: '资质匹配', documentList: [await pmApi.upload('aptitude.pdf')] });
    expect((await nodeStatuses(db, flowNo)).KCP1).toBe(NODE_STATUS.IN_PROGRESS);

    await as(pm, 'kcp1-fail', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const panel = pm.getByTestId('kcp1-panel');
      await panel.waitFor();
      await panel.getByRole('radio', { name: '不通过', exact: true }).check();
      // While the minutes are still uploading, 提交 waits for them: clicked then, the form had no attachment yet.
      const held = await holdUploads(pm);
      const uploading = uploadIn(pm, panel, pdf('kcp1-minutes.pdf'));
      await panel.getByText('kcp1-minutes.pdf', { exact: true }).waitFor();
      expect(await pm.getByTestId('kcp1-submit').isDisabled()).toBe(true);
      held.release();
      await uploading;
      expect(await pm.getByTestId('kcp1-submit').isDisabled()).toBe(false);
      await pm.getByTestId('kcp1-submit').click();
      expect(await confirmDialog(pm, '完成节点')).toContain('完成后节点将关闭');
      await toast(pm, '提交成功');

      // The submit answered once the flow had ended: the page's next read shows it.
      const terminated = pm.getByTestId('flow-terminated');
      await terminated.waitFor({ timeout: 15_000 });
      expect(await terminated.innerText()).toContain('认证已终止');
      await pm.locator('[data-testid="progress-page"]').getByText('已终止', { exact: true }).first().waitFor();

      // KCP1 finished and read-only with its conclusion; nothing after it opens.
      expect(await stepNode(pm, 'KCP1').getAttribute('data-node-state')).toBe('finished');
      expect(await panel.getByRole('radio', { name: '不通过', exact: true }).isChecked()).toBe(true);
      expect(await pm.getByTestId('kcp1-submit').count()).toBe(0);
      for (const code of ['SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2']) {
        const node = stepNode(pm, code);
        expect([code, await node.getAttribute('data-node-state'), await node.getAttribute('aria-disabled')]).toEqual([code, 'notStarted', 'true']);
      }
      await stepNode(pm, 'SELF_INSPECTION').click({ force: true });
      await pm.waitForTimeout(300);
      expect(await pm.locator('[data-testid="node-area"]').getAttribute('data-node-code')).toBe('KCP1');

      // The flow list shows the terminated stage.
      await openFlowList(pm, 'zh');
      await pm.locator(`tr[data-flow-no="${flowNo}"]`).getByText('已终止', { exact: true }).waitFor({ timeout: 15_000 });
    });

    // The projection: stage 0, KCP1 finished, no later node opened, no task for one.
    const flow = await db.selectFrom('cert_flow').select(['stage']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.stage).toBe(STAGE.TERMINATED);
    const statuses = await nodeStatuses(db, flowNo);
    expect(statuses.KCP1).toBe(NODE_STATUS.FINISHED);
    for (const code of ['SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2']) expect([code, statuses[code]]).toEqual([code, NODE_STATUS.NOT_FINISH]);
    const later = await db
      .selectFrom('cert_task')
      .select('node_code')
      .where('flow_no', '=', flowNo)
      .where('node_code', 'in', ['SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2'])
      .execute();
    expect(later).toEqual([]);
  });
});
