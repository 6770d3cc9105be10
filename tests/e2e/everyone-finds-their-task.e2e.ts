import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Connection } from '@temporalio/client';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import type { RunningStack } from '#infra/stack.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { as, confirmDialog, staffCalls, waitNodeState } from './support/nodes.ts';
import { staffLogin } from './support/staff.ts';

/** The five self-inspection dimensions with the role that owns each (domain/cert-flow/dimensions.ts). */
const OWNERS = { QUALITY: 'QUALITY_REVIEWER', TECHNOLOGY: 'TECHNICAL_REVIEWER', PRODUCTION: 'QUALITY_OPERATIONS', SUPPLY: 'SUPPLY_REVIEWER', BUSINESS: 'BUSINESS_REVIEWER' } as const;
/** The experts the purchasing manager chooses: three experts and two reviewers, one dimension each. */
const EXPERTS = { QUALITY: 'expert.chen', TECHNOLOGY: 'expert.yang', PRODUCTION: 'expert.wu', SUPPLY: 'supply.lin', BUSINESS: 'biz.qian' } as const;

/**
 * Issue 12's first point in a real Chromium: after KCP1 each of the five self-inspection owners, and
 * in the system certification each chosen expert, logs in, finds the task under "my open tasks" and
 * reaches the node's screen in one click, where their own dimension waits for them.
 *
 * Set up through the workflow (tests/support/drive-flow.ts): the flow started, its RFI passed and the
 * nodes up to SELF_INSPECTION completed; the experts chosen with the purchasing manager's own call.
 */
describe('everyone who must act finds their task on the dashboard', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let flowNo: string;
  let drive: ReturnType<typeof flowDriver>;
  let handle: Awaited<ReturnType<ReturnType<typeof flowDriver>['start']>>['handle'];
  const db = () => stack.db.db;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    ({ connection, drive } = await connectFlowEngine(stack));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  const usernameOf = async (jobNumber: string) =>
    (await db().selectFrom('staff').select('username').where('job_number', '=', jobNumber).executeTakeFirstOrThrow()).username;

  /** Logs in, finds the task on the dashboard and clicks it once: the page is then on the progress page at `node`. */
  async function reachByTask(username: string, taskNo: string, node: string): Promise<Page> {
    const page = await staffLogin(browser, stack.appUrl, username, 'zh');
    const row = page.getByTestId('my-tasks').locator(`[data-task-no="${taskNo}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(flowNo);
    // Started and due read alike, one unambiguous format (2026-11-27 18:37:17), never a raw wire or ISO text.
    const [started, due] = await Promise.all([row.locator('td[data-column="started"]').innerText(), row.locator('td[data-column="due"]').innerText()]);
    expect(started).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(due).toMatch(/^(-|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})/);
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo && url.searchParams.get('node') === node, { timeout: 15_000 });
    return page;
  }

  it('each of the five self-inspection owners reaches their checklist to issue', async () => {
    const started = await drive.start();
    flowNo = started.flowNo;
    handle = started.handle;
    expect(await drive.reach(flowNo, handle, 'SELF_INSPECTION')).toMatchObject({ currentNode: 'SELF_INSPECTION' });

    const roles = await db().selectFrom('cert_flow_role').select(['role', 'job_number']).where('flow_no', '=', flowNo).execute();
    for (const [dimension, role] of Object.entries(OWNERS)) {
      const username = await usernameOf(roles.find((r) => r.role === role)!.job_number);
      const page = await reachByTask(username, `${flowNo}-SELF_INSPECTION_ISSUE-${dimension}`, 'SELF_INSPECTION');
      await as(page, `owner-${dimension}`, async () => {
        await page.getByTestId(`self-inspection-row-${dimension}`).getByRole('button', { name: '上传并下发' }).waitFor({ timeout: 15_000 });
      });
      await page.context().close();
    }
  }, 300_000);

  it('each chosen expert reaches their dimension to score', async () => {
    expect(await drive.complete(flowNo, handle, 'SELF_INSPECTION')).toMatchObject({ currentNode: 'SYSTEM_CERT' });
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    const staff = await db().selectFrom('staff').select(['job_number', 'username']).where('username', 'in', Object.values(EXPERTS)).execute();
    const jobOf = (username: string) => staff.find((s) => s.username === username)!.job_number;
    const items = Object.entries(EXPERTS).map(([indexCode, username]) => ({ indexCode, approveExpertId: jobOf(username) }));
    await staffCalls(pm, stack.appUrl).post('/v1/system-cert/save-expert', { flowNo, items });
    await pm.context().close();

    for (const [dimension, username] of Object.entries(EXPERTS)) {
      const page = await reachByTask(username, `${flowNo}-SYSTEM_CERT_SCORE-${dimension}`, 'SYSTEM_CERT');
      await as(page, `expert-${dimension}`, async () => {
        // Their own row is the one open for scoring.
        await page.getByTestId(`system-cert-row-${dimension}`).getByLabel('风险项').waitFor({ timeout: 15_000 });
      });
      await page.context().close();
    }
  }, 300_000);

  it('the manager’s task says it waits for the scores; once all are in, the quality expert is called back to complete the node', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    const principalRow = pm.getByTestId('my-tasks').locator(`[data-task-no="${flowNo}-SYSTEM_CERT-NODE_PRINCIPAL"]`);
    const scores = async (dimension: keyof typeof EXPERTS) => {
      const page = await staffLogin(browser, stack.appUrl, EXPERTS[dimension], 'zh');
      const targetList = AUDIT_TARGETS[dimension].map((t) => ({ targetCode: t.code, score: 85 }));
      await staffCalls(page, stack.appUrl).post('/v1/system-cert/save', { flowNo, indexCode: dimension, targetList, riskDesc: '无', expertConclusionStatus: 10, documentList: [] });
      await page.context().close();
    };
    for (const dimension of ['TECHNOLOGY', 'PRODUCTION', 'SUPPLY', 'BUSINESS'] as const) await scores(dimension);
    await as(pm, 'system-cert-waiting', async () => {
      await pm.reload();
      await principalRow.waitFor({ timeout: 20_000 });
      expect(await principalRow.innerText()).toContain('体系认证：等待专家评分（4/5）');
    });
    await scores('QUALITY');
    await as(pm, 'system-cert-waiting-quality', async () => {
      await pm.reload();
      await principalRow.getByText('体系认证：等待质量专家陈刚完成节点').waitFor({ timeout: 20_000 });
    });
    await pm.context().close();

    const expert = await reachByTask(EXPERTS.QUALITY, `${flowNo}-SYSTEM_CERT-SYSTEM_CERT_CLOSE`, 'SYSTEM_CERT');
    await as(expert, 'system-cert-close', async () => {
      await expert.locator('[data-testid="system-cert-complete"]:not([data-disabled])').click({ timeout: 15_000 });
      await confirmDialog(expert, '完成节点');
      await waitNodeState(expert, 'SYSTEM_CERT', 'finished');
    });
    const closing = await db().selectFrom('cert_task').select('status').where('task_no', '=', `${flowNo}-SYSTEM_CERT-SYSTEM_CERT_CLOSE`).executeTakeFirstOrThrow();
    expect(closing.status).toBe(TASK_STATUS.FINISHED);
  }, 300_000);
});
