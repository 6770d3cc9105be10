import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Connection } from '@temporalio/client';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { chainedSteps } from './support/steps.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { as, confirmDialog, openProgress, pdf, toast, uploadIn, waitNodeState } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { staffLogin } from './support/staff.ts';

const QUALITY = { jobNumber: 'E10020', name: '张伟', username: 'quality.zhang' };
const TECH = { jobNumber: 'E10021', name: '赵军', username: 'tech.zhao' };

/**
 * Req flow §10: a flow whose scenario audits system certification by VDA 6.3 (elements P5 and P7) reaches the node
 * through the workflow; in a real Chromium the purchasing manager names two experts, each scores their element, the
 * starred question P7.3 at 4 takes the audit from A to B, its finding becomes an action item the supplier answers on
 * the portal, the expert closes it and the purchasing manager completes the node with the grade recorded.
 */
describe('a VDA 6.3 process audit in system certification', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let pm: Page;
  let flowNo: string;
  let email: string;
  const db = () => stack.db.db;
  const step = chainedSteps();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  /** Every question of the element's form scored as given (10 unless named), with a finding below 10. */
  async function score(page: Page, element: string, scores: Record<string, string>) {
    const form = page.getByTestId(`vda-form-${element}`);
    await form.waitFor();
    const rows = form.locator('tbody tr');
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const id = (await row.getAttribute('data-testid'))!.replace('vda-row-', '');
      const value = scores[id] ?? '10';
      await row.getByRole('combobox', { name: '得分' }).click();
      await page.getByRole('option', { name: value, exact: true }).click();
      if (value !== '10') await row.getByRole('textbox', { name: '发现项' }).fill(`现场发现：${id}`);
    }
  }

  step('the flow runs under a scenario version auditing P5 and P7 and reaches system certification', async () => {
    const engine = await connectFlowEngine(stack);
    connection = engine.connection;
    ({ flowNo, email } = await engine.drive.reachUnderStandards({ vda63: { elements: ['P5', 'P7'] } }, 'SYSTEM_CERT'));
  });

  step('the purchasing manager names an expert per element', async () => {
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await as(pm, 'vda-experts', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await pm.getByTestId('vda-audit-panel').waitFor();
      for (const [element, expert] of [['P5', QUALITY], ['P7', TECH]] as const) {
        const box = pm.getByTestId(`vda-expert-${element}`).getByRole('combobox');
        await box.click();
        await box.fill(expert.jobNumber);
        await pm.getByRole('option', { name: `${expert.name} (${expert.jobNumber})` }).click();
      }
      await pm.getByTestId('vda-save-experts').click();
      await toast(pm, '审核专家已保存');
    });
  });

  step('each expert scores their element; a starred question at 4 downgrades A to B, and its finding goes to the supplier', async () => {
    const quality = await staffLogin(browser, stack.appUrl, QUALITY.username, 'zh');
    await as(quality, 'vda-score-p5', async () => {
      await openProgress(quality, stack.appUrl, flowNo);
      await score(quality, 'P5', {});
      await quality.getByTestId('vda-figure-P5').getByText('E_P5: 100%').waitFor();
      await quality.getByTestId('vda-submit-P5').click();
      await toast(quality, '过程要素已提交');
    });
    await quality.context().close();

    const tech = await staffLogin(browser, stack.appUrl, TECH.username, 'zh');
    await as(tech, 'vda-score-p7', async () => {
      await openProgress(tech, stack.appUrl, flowNo);
      await score(tech, 'P7', { 'P7.3': '4' });
      // The finding's evidence: a photo of the shop floor as a file.
      await uploadIn(tech, tech.getByTestId('vda-row-P7.3'), pdf('现场照片.pdf'));
      // Worked out as the expert types: P7 = 44 of 50, overall 114 of 120.
      await tech.getByTestId('vda-figure-P7').getByText('E_P7: 88%').waitFor();
      await tech.getByTestId('vda-overall').getByText('95%').waitFor();
      expect(await tech.getByTestId('vda-grade').textContent()).toBe('B');
      expect(await tech.getByTestId('vda-grade-rule').textContent()).toBe('星号问题 P7.3 得 4 分，由 A 降为 B');
      await tech.getByTestId('vda-submit-P7').click();
      await toast(tech, '过程要素已提交');

      await tech.getByTestId('vda-make-action-P7.3').click();
      const form = tech.getByTestId('vda-action-form');
      await form.getByLabel('要求的措施').fill('建立断供风险预案并演练');
      await form.getByLabel('供应商方责任人').fill('刘洋');
      await form.getByLabel('责任人邮箱').fill(email);
      await form.getByTestId('vda-action-due').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
      await tech.getByTestId('vda-action-save').click();
      await toast(tech, '措施项已发送给供应商');
      await tech.getByTestId('vda-action-P7.3').getByText('待供应商答复').waitFor();
    });

    const supplier = await portalLogin(browser, stack.appUrl, email);
    await as(supplier, 'vda-portal-answer', async () => {
      await supplier.getByTestId('portal-audit-actions-entry').click();
      const card = supplier.getByTestId('portal-action-P7.3');
      await card.getByText('现场发现：P7.3').waitFor();
      await card.getByTestId('portal-action-answer').fill('已建立断供风险预案，并于本月完成演练');
      await uploadIn(supplier, card, pdf('断供预案.pdf'));
      await card.getByTestId('portal-action-submit').click();
      await toast(supplier, '措施项已答复');
      await card.getByText('已答复，待审核专家关闭').waitFor();
    });

    // The progress page lists the action item until it is closed.
    await openProgress(pm, stack.appUrl, flowNo);
    await pm.getByTestId('open-audit-actions').getByText('待关闭').waitFor();

    await as(tech, 'vda-close-action', async () => {
      await openProgress(tech, stack.appUrl, flowNo);
      await tech.getByTestId('vda-close-P7.3').first().click();
      await toast(tech, '措施项已关闭');
    });
    await tech.context().close();
  });

  step('the purchasing manager completes the node; the grade and its rule are recorded', async () => {
    await as(pm, 'vda-complete', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await pm.getByTestId('vda-complete').click();
      await confirmDialog(pm, '完成节点');
      await waitNodeState(pm, 'SYSTEM_CERT', 'finished');
    });
    const audit = await db().selectFrom('vda_audit').select(['grade', 'grade_rule', 'grade_subject', 'overall']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(audit).toEqual({ grade: 'B', grade_rule: 'STARRED_AT_4', grade_subject: 'P7.3', overall: 95 });
    const evidence = await db().selectFrom('vda_answer').select('documents').where('flow_no', '=', flowNo).where('question_id', '=', 'P7.3').executeTakeFirstOrThrow();
    expect(evidence.documents.map((d) => d.documentName)).toEqual(['现场照片.pdf']);
    const node = await db().selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'SYSTEM_CERT').executeTakeFirstOrThrow();
    expect(node.status).toBe(NODE_STATUS.FINISHED);
  });
});
