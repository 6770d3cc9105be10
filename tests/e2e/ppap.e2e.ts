import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Connection } from '@temporalio/client';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { requiredElements } from '#domain/ppap/ppap.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { chainedSteps } from './support/steps.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { as, confirmDialog, openProgress, pdf, portalCalls, toast, uploadIn, waitNodeState } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { staffLogin } from './support/staff.ts';

/**
 * Req flow §11: a flow whose scenario approves samples by PPAP at level 3 reaches sample certification through the
 * workflow; in a real Chromium the supplier submits on the portal, the technical reviewer returns the process FMEA
 * with a reason, the supplier submits it again, the reviewer accepts every element and grants an interim approval.
 */
describe('a PPAP level 3 submission in sample certification', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let supplier: Page;
  let reviewer: Page;
  let flowNo: string;
  let email: string;
  const db = () => stack.db.db;
  const step = chainedSteps();
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  step('the flow runs under a scenario version using PPAP level 3 and reaches sample certification', async () => {
    const engine = await connectFlowEngine(stack);
    connection = engine.connection;
    ({ flowNo, email } = await engine.drive.reachUnderStandards({ ppap: { level: 3 } }, 'SAMPLE_CERT'));
  });

  step('the supplier submits the elements and the warrant on the portal', async () => {
    supplier = await portalLogin(browser, stack.appUrl, email);
    await as(supplier, 'ppap-portal-submit', async () => {
      await supplier.getByTestId(`portal-ppap-${flowNo}`).click();
      await supplier.getByTestId('portal-ppap').waitFor();
      // The master sample and the checking aids stay on file at level 3.
      await supplier.getByText('以下要素由贵司存档、无需提交：15 标准样品，16 检具').waitFor();
      // The design records through the page; the other thirteen files through the same calls (the page is the same).
      const design = supplier.getByTestId('portal-ppap-DESIGN_RECORDS');
      await uploadIn(supplier, design, pdf('设计记录.pdf'));
      await supplier.getByTestId('portal-ppap-submit-DESIGN_RECORDS').click();
      await toast(supplier, '要素已提交');
      await design.getByText('待评审').waitFor();
      const calls = await portalCalls(supplier, stack.appUrl);
      for (const element of requiredElements(3).filter((e) => e !== 'PSW' && e !== 'DESIGN_RECORDS')) {
        await calls.post('/api/v1/portal/ppap/element', { flowNo, element, documentList: [await calls.upload(`${element}.pdf`)] });
      }
      await supplier.reload();
      const warrant = supplier.getByTestId('portal-ppap-warrant');
      await warrant.getByTestId('psw-part-number').fill('BW-4711-A');
      await warrant.getByTestId('psw-drawing-level').fill('C');
      await warrant.getByTestId('psw-reason').click();
      await supplier.getByRole('option', { name: '首次提交', exact: true }).click();
      // Without the declaration the warrant is refused by its field.
      await warrant.getByTestId('psw-submit').click();
      await warrant.getByText('请确认声明').waitFor();
      await warrant.getByTestId('psw-declaration').check();
      await warrant.getByTestId('psw-submit').click();
      await toast(supplier, '零件提交保证书已提交');
    });
  });

  step('the technical reviewer returns the process FMEA with a reason; the supplier sees it and submits again', async () => {
    reviewer = await staffLogin(browser, stack.appUrl, 'tech.zhao', 'zh');
    await as(reviewer, 'ppap-return', async () => {
      await openProgress(reviewer, stack.appUrl, flowNo);
      await reviewer.getByTestId('ppap-panel').waitFor();
      await reviewer.getByTestId('ppap-warrant').getByText('零件号 BW-4711-A · 图纸变更等级 C · 提交原因 首次提交').waitFor();
      await reviewer.getByTestId('ppap-return-PFMEA').click();
      await reviewer.getByTestId('ppap-return-reason').fill('缺少严重度与探测度评级');
      await reviewer.getByTestId('ppap-return-confirm').click();
      await toast(reviewer, '评审已保存');
      await reviewer.getByTestId('ppap-element-PFMEA').getByText('已退回').waitFor();
    });
    await as(supplier, 'ppap-resubmit', async () => {
      await supplier.reload();
      const pfmea = supplier.getByTestId('portal-ppap-PFMEA');
      await pfmea.getByText('缺少严重度与探测度评级').waitFor();
      await uploadIn(supplier, pfmea, pdf('PFMEA-v2.pdf'));
      await supplier.getByTestId('portal-ppap-submit-PFMEA').click();
      await toast(supplier, '要素已提交');
      await pfmea.getByText('待评审').waitFor();
    });
  });

  step('the reviewer accepts every element and grants an interim approval, which completes the node', async () => {
    await as(reviewer, 'ppap-interim', async () => {
      await reviewer.reload();
      for (const element of requiredElements(3)) {
        await reviewer.getByTestId(`ppap-accept-${element}`).click();
        await reviewer.getByTestId(`ppap-element-${element}`).getByText('已接受').waitFor();
      }
      await reviewer.getByTestId('ppap-disposition-select').click();
      await reviewer.getByRole('option', { name: '临时批准', exact: true }).click();
      await reviewer.getByTestId('ppap-interim-until').fill(until);
      await reviewer.getByTestId('ppap-interim-conditions').fill('量产前三批 100% 全检');
      await reviewer.getByTestId('ppap-decide').click();
      await confirmDialog(reviewer, '完成节点');
      await waitNodeState(reviewer, 'SAMPLE_CERT', 'finished');
    });
    const submission = await db().selectFrom('ppap_submission').select(['disposition', 'approval_status', 'interim_until', 'conditions']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(submission).toEqual({ disposition: 'INTERIM', approval_status: 'INTERIM', interim_until: until, conditions: '量产前三批 100% 全检' });
    const node = await db().selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'SAMPLE_CERT').executeTakeFirstOrThrow();
    expect(node.status).toBe(NODE_STATUS.FINISHED);
  });
});
