import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_LOGINS } from '#db/seeds/org.ts';
import type { RunningStack } from '#infra/stack.ts';
import { latestTask } from '#services/cert-flow/task-rows.ts';
import { startTestStack } from '../support/stack.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { launchBrowser } from './support/browser.ts';
import { as, openProgress, pdf, toast, uploadIn } from './support/nodes.ts';
import { staffLogin } from './support/staff.ts';

/**
 * The publicity node's screen in Chromium (req flow §2.3, §4.6, §5.10): the countdown, the objections
 * table saved by the purchasing manager, and the push by the certification administrator. The flow is
 * recorded at PUBLICITY without a workflow behind it (the return runs in the whole-flow suite).
 */
describe('the publicity panel', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let flowNo: string;
  const db = () => stack.db.db;
  const admin = DEMO_LOGINS.find((l) => l.roleLabel.includes('认证管理员'))!.username;
  const objections = () => db().selectFrom('publicity_objection').selectAll().where('flow_no', '=', flowNo).execute();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    // pm.wang (E10002) holds PUBLICITY; the period ends in 2 days, 3 hours, 4 minutes and a half.
    flowNo = (await insertFlowAtNode(db(), 'PUBLICITY', { supplierName: '公示精密<b>冲压</b>' })).flowNo;
    const task = await latestTask(db(), { flowNo, nodeCode: 'PUBLICITY', taskType: 'NODE_PRINCIPAL' });
    const end = new Date(Date.now() + ((2 * 24 + 3) * 3600 + 4 * 60 + 30) * 1000);
    await db().updateTable('cert_task').set({ end_time: end }).where('task_no', '=', task!.taskNo).execute();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('counts down in days, hours, minutes and seconds, every second', async () => {
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await as(pm, 'publicity-countdown', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const value = pm.getByTestId('publicity-countdown-value');
      await value.waitFor();
      expect(await value.innerText()).toMatch(/^2天 3小时 4分 \d{1,2}秒$/);
      const first = await value.getAttribute('data-seconds');
      await pm.waitForFunction((s) => document.querySelector('[data-testid="publicity-countdown-value"]')?.getAttribute('data-seconds') !== s, first, { timeout: 3_000 });
      expect(await pm.getByRole('button', { name: '完成节点' }).count()).toBe(0);
      expect(await pm.getByTestId('publicity-push').count()).toBe(0);
    });
  });

  it('the principal adds an objection, is told the rules, uploads its attachment and saves', async () => {
    await as(pm, 'publicity-objections', async () => {
      const panel = pm.getByTestId('publicity-panel');
      await pm.getByTestId('publicity-delete-rows').click();
      await toast(pm, '请选择要删除的行');

      await pm.getByTestId('publicity-add-row').click();
      const row = pm.getByTestId('publicity-row-0');
      await pm.getByTestId('publicity-save').click();
      await row.getByText('请输入异议说明').waitFor();
      await row.getByLabel('第1行异议说明').fill('异'.repeat(51));
      await pm.getByTestId('publicity-save').click();
      await row.getByText('请控制字数在50以内').waitFor();
      await row.getByLabel('第1行异议说明').fill('该供应商曾发生批量质量事故');
      await uploadIn(pm, row, pdf('事故报告.pdf'));
      await row.getByText('事故报告.pdf').waitFor();
      await pm.getByTestId('publicity-save').click();
      await toast(pm, '保存成功');
      await panel.getByTestId('publicity-row-0').getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/).waitFor();
      expect(await objections()).toEqual([
        expect.objectContaining({ description: '该供应商曾发生批量质量事故', proposer_job_number: 'E10002', document_name: '事故报告.pdf' }),
      ]);

      // A second row, then the first deleted by selection.
      await pm.getByTestId('publicity-add-row').click();
      await pm.getByTestId('publicity-row-1').getByLabel('第2行异议说明').fill('交付延迟');
      await pm.getByLabel('选择第1行').check();
      await pm.getByTestId('publicity-delete-rows').click();
      await pm.getByTestId('publicity-save').click();
      await toast(pm, '保存成功');
      expect((await objections()).map((o) => o.description)).toEqual(['交付延迟']);
    });
  });

  it('the certification administrator sees the table read-only and pushes the notice once', async () => {
    const page = await staffLogin(browser, stack.appUrl, admin, 'zh');
    await as(page, 'publicity-push', async () => {
      await openProgress(page, stack.appUrl, flowNo);
      await page.getByTestId('publicity-row-0').waitFor();
      expect(await page.getByTestId('publicity-add-row').count()).toBe(0);
      expect(await page.getByTestId('publicity-save').getAttribute('data-disabled')).toBe('true');
      const push = page.getByTestId('publicity-push');
      expect(await push.getAttribute('data-disabled')).toBeNull();
      await push.click();
      await toast(page, '操作成功');
      await page.locator('[data-testid="publicity-push"][data-disabled="true"]').waitFor();
      const notices = await db().selectFrom('announcement').selectAll().where('source_flow_no', '=', flowNo).execute();
      expect(notices).toHaveLength(1);
      expect(notices[0]!.context).toContain('公示精密&lt;b&gt;冲压&lt;/b&gt;');
    });
  });
});
