import type { Page } from 'playwright-core';
import type { Db } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { Lang } from './lang.ts';
import { openFlowList } from './staff.ts';
import { waitUntil } from './wait.ts';

export const REVIEW_TEXT = {
  zh: {
    tasks: '任务',
    operationLog: '操作日志',
    audit: '查看/审核',
    reissue: '重新下发',
    approve: '通过',
    reject: '驳回',
    rejectReason: '驳回原因',
    confirm: '确定',
    done: '操作成功',
    inProgress: '进行中',
    finished: '已完成',
    notStarted: '未开始',
    auditRecords: '审核记录',
  },
  en: {
    tasks: 'Tasks',
    operationLog: 'Operation log',
    audit: 'View / audit',
    reissue: 'Re-issue',
    approve: 'Approve',
    reject: 'Reject',
    rejectReason: 'Reason for rejection',
    confirm: 'Confirm',
    done: 'Done',
    inProgress: 'In progress',
    finished: 'Finished',
    notStarted: 'Not started',
    auditRecords: 'Audit records',
  },
} as const;

/** The open task of a type (the newest round), once the workflow has created it. */
export async function openTaskNo(db: Db, flowNo: string, taskType: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = await db
      .selectFrom('cert_task')
      .select('task_no')
      .where('flow_no', '=', flowNo)
      .where('task_type', '=', taskType)
      .where('status', '=', TASK_STATUS.IN_PROGRESS)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (task) return task.task_no;
    if (Date.now() > deadline) throw new Error(`no open ${taskType} task of ${flowNo}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the flow's task list from the flow list ('tasks' in the row) and returns the drawer. */
export async function openTaskList(page: Page, lang: Lang, flowNo: string) {
  await openFlowList(page, lang);
  const row = page.locator(`tr[data-flow-no="${flowNo}"]`);
  await row.getByRole('button', { name: REVIEW_TEXT[lang].tasks, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('task-list').waitFor();
  return drawer;
}

/** Flow list → tasks → 'view/audit' of a task: the audit page of that task. */
export async function openAudit(page: Page, lang: Lang, flowNo: string, taskNo: string): Promise<void> {
  await withScreenshot(page, `audit-${taskNo}`, () => openAuditSteps(page, lang, flowNo, taskNo));
}

async function openAuditSteps(page: Page, lang: Lang, flowNo: string, taskNo: string): Promise<void> {
  const drawer = await openTaskList(page, lang, flowNo);
  const row = drawer.locator(`tr[data-task-no="${taskNo}"]`);
  await waitUntil(async () => (await row.getByText(REVIEW_TEXT[lang].inProgress).count()) === 1, `task ${taskNo} in progress`);
  await row.getByRole('button', { name: REVIEW_TEXT[lang].audit }).click();
  await page.waitForURL((url) => url.pathname === '/rfi/audit' && url.searchParams.get('taskNo') === taskNo);
  await page.getByTestId('audit-record-panel').waitFor();
}

/** The page tabs currently open, by path. */
export async function openTabPaths(page: Page): Promise<string[]> {
  return page.locator('[data-testid="tab-bar"] [role="tab"]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-path') ?? ''));
}

/** Runs `steps`; when they fail, keeps a screenshot and the page's text for the report. */
export async function withScreenshot<T>(page: Page, name: string, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (err) {
    await page.screenshot({ path: `test-results/e2e-failed-${name}.png`, fullPage: true }).catch(() => undefined);
    const text = await page.locator('body').innerText().catch(() => '');
    throw new Error(`${(err as Error).message}\nat ${page.url()}\n${text.slice(0, 2000)}`, { cause: err });
  }
}
