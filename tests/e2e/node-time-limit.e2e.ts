import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { WorkflowHandle } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { eventually } from '../support/fixtures.ts';
import { startTimeSkippingEngine } from '../support/time-skipping.ts';
import { launchBrowser } from './support/browser.ts';
import { readNewestMail } from './support/mailbox.ts';
import { staffLogin } from './support/staff.ts';
import { chainedSteps } from './support/steps.ts';

const HOUR = 3_600_000;

/**
 * A node passes its time limit (docs/decisions/0056-node-time-limits.md, "Operations dashboard"). The flow runs on the
 * time-skipping engine with the product's worker and activities over the stack's database, so its clock jumps past
 * APTITUDE's five working days; the database's clock is the real one, so the flow's due time moves back by the same
 * span (as the certificate story moves its dates). The CMT leader then finds the escalation task and mail, sees the
 * flow at the top of the dashboard's overdue nodes, and opens it from there.
 */
describe('a node passes its time limit: escalation, the dashboard, the flow', () => {
  let stack: RunningStack;
  let browser: Browser;
  let engine: Awaited<ReturnType<typeof startTimeSkippingEngine>>;
  let leader: Page;
  let flowNo: string;
  let handle: WorkflowHandle;
  const step = chainedSteps(180_000);
  const db = () => stack.db.db;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    engine = await startTimeSkippingEngine(stack.db.db, stack.appUrl);
  }, 300_000);
  afterAll(async () => {
    await engine?.stop();
    await browser?.close();
    await stack?.stop();
  });

  step('the flow opens APTITUDE with its due time five working days on', async () => {
    const namespace = engine.env.namespace ?? 'default';
    const flows = createTemporalFlowGateway({ connection: engine.env.connection, namespace, taskQueue: engine.taskQueue });
    const drive = flowDriver({ db: stack.db, flows, client: flows.client });
    ({ flowNo, handle } = await drive.start());
    await drive.passRfi(flowNo, handle);
    const flow = await db().selectFrom('cert_flow').select(['current_node_code', 'current_due_at', 'supplier_name']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('APTITUDE');
    expect(new Date(flow.current_due_at!).getTime()).toBeGreaterThan(Date.now() + 4 * 24 * HOUR);
  });

  step('the engine passes the due time: the CMT leader gets the escalation task and mail, once', async () => {
    const { current_due_at } = await db().selectFrom('cert_flow').select('current_due_at').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    const due = new Date(current_due_at!).getTime();
    const skipped = due + HOUR - (await engine.env.currentTimeMs());
    await engine.env.sleep(skipped);
    const escalationNo = `${flowNo}-APTITUDE-NODE_OVERDUE`;
    await eventually(() => db().selectFrom('cert_task').select('task_no').where('task_no', '=', escalationNo).executeTakeFirst(), 60_000);
    // The database's clock has not moved: the open node's moments move back by the span the engine skipped.
    const back = (at: Date | null) => (at ? new Date(new Date(at).getTime() - skipped) : at);
    const flow = await db().selectFrom('cert_flow').select('current_due_at').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    await db().updateTable('cert_flow').set({ current_due_at: back(flow.current_due_at) }).where('flow_no', '=', flowNo).execute();
    const node = await db().selectFrom('cert_flow_node').select('started_at').where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow();
    await db().updateTable('cert_flow_node').set({ started_at: back(node.started_at) }).where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').execute();
    const task = await db().selectFrom('cert_task').select('end_time').where('task_no', '=', `${flowNo}-APTITUDE-NODE_PRINCIPAL`).executeTakeFirstOrThrow();
    await db().updateTable('cert_task').set({ end_time: back(task.end_time) }).where('task_no', '=', `${flowNo}-APTITUDE-NODE_PRINCIPAL`).execute();

    leader = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    const row = leader.getByTestId('my-tasks').locator(`[data-task-no="${escalationNo}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('节点已超过时限');
    const email = await db().selectFrom('staff').select('email').where('job_number', '=', 'E10010').executeTakeFirstOrThrow();
    const mail = await readNewestMail(browser, stack.appUrl, email.email, /超过时限/);
    expect(mail).toContain(flowNo);
    // A day later the engine escalates nothing more.
    await engine.env.sleep(24 * HOUR);
    const mails = await db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `node-escalation:${escalationNo}`).execute();
    expect(mails).toHaveLength(1);
  });

  step("the dashboard lists the flow among the overdue nodes, and clicking it opens the flow's progress page", async () => {
    await leader.goto(`${stack.appUrl}/operations`);
    const overdue = leader.getByTestId('overdue-nodes');
    const row = overdue.locator(`tr[data-flow-no="${flowNo}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('资质匹配');
    // The running-flows chart and its stage links count it too.
    await leader.getByTestId('open-stage-10').waitFor();
    await leader.setViewportSize({ width: 1440, height: 900 });
    await leader.screenshot({ path: 'test-results/operations-dashboard.png' });
    await row.getByRole('link').click();
    await leader.waitForURL(new RegExp(`/cert-flow/detail\\?id=${flowNo}`));
    const badge = leader.getByTestId('node-time-limit');
    await badge.waitFor();
    expect(await badge.textContent()).toMatch(/已超时：\d+\/5 个工作日/);
  });

  step('the full list of overdue flows is the flow list filtered, and exports as the list shows it', async () => {
    await leader.goto(`${stack.appUrl}/operations`);
    await leader.getByTestId('overdue-nodes').getByRole('link', { name: '全部超时流程' }).click();
    await leader.waitForURL(/\/cert-flow\?.*timeLimit=overdue/);
    await leader.getByTestId('late-first').waitFor();
    const listed = leader.locator('tbody tr', { hasText: flowNo });
    await listed.waitFor();
    expect(await listed.getByTestId('flow-overdue').count()).toBe(1);
    const [download] = await Promise.all([leader.waitForEvent('download'), leader.getByTestId('flow-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^认证流程-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows.slice(1).map((r) => r[0])).toEqual([flowNo]);
    expect(rows[1]![5]).toMatch(/已超时/);
  });

  step('in English the dashboard names its figures in English, the flow still listed late', async () => {
    const en = await staffLogin(browser, stack.appUrl, 'cmt.li', 'en');
    await en.goto(`${stack.appUrl}/operations`);
    await en.getByRole('heading', { name: 'Operations dashboard', level: 3 }).waitFor();
    const overdue = en.getByTestId('overdue-nodes');
    await overdue.getByText('Overdue nodes').waitFor();
    expect(await overdue.locator(`tr[data-flow-no="${flowNo}"]`).textContent()).toContain('Qualification matching');
    for (const title of ['Running flows by stage and node', 'Time per node (days)', 'Admissions, terminations and exits per month']) {
      await en.getByText(title, { exact: true }).waitFor();
    }
    await en.close();
  });

  step('at a phone’s width the dashboard keeps its cards inside the screen', async () => {
    await leader.setViewportSize({ width: 390, height: 844 });
    await leader.goto(`${stack.appUrl}/operations`);
    await leader.getByTestId('overdue-nodes').waitFor();
    const overflow = await leader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await leader.screenshot({ path: 'test-results/operations-dashboard-phone.png', fullPage: true });
  });
});
