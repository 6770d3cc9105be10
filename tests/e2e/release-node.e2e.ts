import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Connection } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { as, confirmDialog, openProgress, toast, waitNodeState } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { staffLogin } from './support/staff.ts';

const CODE = '10009911';

/**
 * Req flow §2.6, §3.15, §4.2, §4.5: the RELEASE node's screen in a real Chromium against the whole stack.
 * With the supplier code obtained at KCP2, the node shows it and the read-only release form; only its
 * principal (pm.wang) confirms, after a dialog naming the code, and the workflow closes the node.
 * Without a code, the principal applies for one at RELEASE and the release form opens there. The flows
 * run a plan of START, KCP2 and RELEASE, their workflows in the stack's own worker.
 */
describe('the release node', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let flows: FlowGateway;
  let pm: Page;
  let cmt: Page;
  const db = () => stack.db.db;
  const plan: NodePlanEntry[] = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'KCP2', 'RELEASE'].includes(n.nodeCode));

  /** A flow whose workflow has opened RELEASE; with `code`, the release approved at KCP2 with that code. */
  async function atRelease(code?: string): Promise<string> {
    const { flowNo } = await insertAppliedFlow(db(), { plan, creditCode: newTaxNumber() });
    if (code) {
      await db()
        .insertInto('supplier_release')
        .values({ flow_no: flowNo, status: RELEASE_STATUS.APPROVED, form: JSON.stringify(validReleaseForm()), supplier_code: code, supplier_source: 'SAP', version: 3, updated_by: PM_ACTOR.jobNumber })
        .execute();
      await db().updateTable('cert_flow').set({ supplier_code: code }).where('flow_no', '=', flowNo).execute();
    }
    await flows.startFlow({ flowNo, plan, searchAttributes: { flowNo, supplierName: '苏州精密冲压有限公司', scenario: 'S1', purchaseManager: PM_ACTOR.jobNumber, stage: 30, currentNode: 'KCP2' } });
    await openTaskNo(db(), flowNo, 'NODE_PRINCIPAL');
    // KCP2 completed as its principal would (its screen is kcp2-to-supplier-code.e2e.ts's); answers with RELEASE open.
    await flows.completeNode(flowNo, { nodeCode: 'KCP2', actor: PM_ACTOR, outcome: 'pass' });
    return flowNo;
  }

  const releaseArea = (page: Page) => page.locator('[data-testid="node-area"][data-node-code="RELEASE"]');

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

  it('with the code obtained at KCP2: another person sees the code but cannot confirm; the principal confirms and RELEASE finishes', async () => {
    const flowNo = await atRelease(CODE);
    await as(cmt, 'release-other', async () => {
      await openProgress(cmt, stack.appUrl, flowNo);
      // The page is named after the supplier, its scenario and number beside it.
      expect(await cmt.getByTestId('progress-title').innerText()).toBe('苏州精密冲压有限公司');
      expect(await cmt.getByTestId('progress-subtitle').innerText()).toContain(flowNo);
      const area = releaseArea(cmt);
      await area.getByTestId('release-code').waitFor({ timeout: 20_000 });
      expect(await area.getByTestId('release-code').innerText()).toBe(CODE);
      expect(await area.getByTestId('release-confirm').getAttribute('data-disabled')).toBe('true');
    });
    await as(pm, 'release-confirm', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const area = releaseArea(pm);
      await area.getByTestId('release-code').waitFor({ timeout: 20_000 });
      expect(await area.getByTestId('release-code-source').innerText()).toBe('SAP新建');
      // The form is the approved one: shown read-only, without save and submit (req flow §4.5).
      await area.locator('[data-testid="release-panel"][data-read-only="true"]').waitFor();
      expect(await area.getByTestId('release-save').count()).toBe(0);

      await area.getByTestId('release-confirm').click();
      expect(await confirmDialog(pm, '确认发布')).toContain(CODE);
      await toast(pm, '操作成功');
      await waitNodeState(pm, 'RELEASE', 'finished');
      // The code stays shown on the finished node, with nothing left to confirm.
      await releaseArea(pm).getByTestId('release-confirm').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await releaseArea(pm).getByTestId('release-code').innerText()).toBe(CODE);
    });
    const node = await db().selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'RELEASE').executeTakeFirstOrThrow();
    expect(node.status).toBe(NODE_STATUS.FINISHED);
  });

  it('without a code: the principal applies for one at RELEASE, after the confirmation, and the release form opens there', async () => {
    const flowNo = await atRelease();
    await as(pm, 'release-apply', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const area = releaseArea(pm);
      await area.getByTestId('release-not-started').waitFor({ timeout: 20_000 });
      await area.getByTestId('release-apply-code').click();
      await confirmDialog(pm, '申请供应商编码');
      await area.getByTestId('release-save').waitFor({ timeout: 20_000 });
      await area.getByTestId('release-node-hint').waitFor();
      expect(await area.getByTestId('release-confirm').count()).toBe(0);
    });
    const release = await db().selectFrom('supplier_release').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(release.status).toBe(RELEASE_STATUS.INIT);
  });
});
