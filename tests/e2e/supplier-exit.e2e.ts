import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { staffLogin } from './support/staff.ts';
import { waitUntil } from './support/wait.ts';

/**
 * Req exit §2.3, req flow §3.19: a purchasing manager takes one category of a supplier out (车门冲压件 of
 * 甬翔零部件, supplier code 100001), the CMT leader approves it on the exit's approval card; then the
 * expand drawer shows the category tagged 淘汰, lists the exit in the supplier's exit history, and offers
 * the category again (re-admission needs a new certification flow).
 */
describe('supplier exit of one category', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let flowNo: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const pick = async (page: Page, label: string, option: string) => {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option }).first().click();
  };

  it('the purchasing manager submits the exit of one category', async () => {
    await pm.getByRole('link', { name: '供应商退出' }).first().click();
    await pm.getByTestId('exit-new').click();
    await pm.getByRole('combobox', { name: '供应商', exact: true }).fill('100001');
    await pm.getByRole('option', { name: /100001/ }).first().click();
    await pick(pm, '退出品类', '车门冲压件');
    await pm.keyboard.press('Escape');
    await pm.getByTestId('exit-category').click();
    await pm.getByRole('option', { name: '淘汰退出' }).click();
    await pm.getByTestId('exit-types').click();
    await pm.getByRole('option', { name: '质量问题' }).click();
    await pm.keyboard.press('Escape');
    await pm.getByLabel('退出原因').fill('车门冲压件连续两个季度质量不达标');
    await pm.getByTestId('exit-submit').click();
    await pm.waitForURL(/\/supplier-exit\/detail\?flowNo=EX\d+/, { timeout: 20_000 });
    flowNo = new URL(pm.url()).searchParams.get('flowNo')!;
    await expect.poll(() => pm.getByTestId('exit-status').innerText()).toBe('审批中');
  }, 90_000);

  it('the CMT leader finds it in "my open tasks", approves it on the approval card; the category is eliminated and the task gone', async () => {
    const cmt = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    const task = cmt.getByTestId('my-tasks').locator(`tr[data-task-no="${flowNo}-EXIT_APPROVAL"]`);
    await waitUntil(async () => (await task.count()) === 1, 'the exit approval task on the dashboard');
    expect(await task.innerText()).toContain('供应商退出审批');
    await task.getByRole('link').click();
    await cmt.waitForURL(new RegExp(`/supplier-exit/detail\\?flowNo=${flowNo}`));
    await expect.poll(() => cmt.getByTestId('approval-status').innerText()).toBe('审批中');
    await cmt.getByTestId('approval-approve').click();
    await expect.poll(() => cmt.getByTestId('exit-status').innerText(), { timeout: 20_000 }).toBe('已通过');
    // The card keeps the decision and who made it; nobody decides any more.
    await expect.poll(() => cmt.getByTestId('approval-status').innerText()).toBe('已通过');
    expect(await cmt.getByTestId('approval-steps').innerText()).toContain('通过');
    expect(await cmt.getByTestId('approval-decision').count()).toBe(0);
    await expect.poll(() => cmt.getByTestId('exit-detail-categories').innerText()).toContain('淘汰');
    await cmt.goto(stack.appUrl);
    await cmt.getByTestId('my-tasks').waitFor();
    await expect.poll(() => task.count()).toBe(0);
    await cmt.close();
  }, 90_000);

  it('the status filter of the list applies through the address, follows Back, and 重置 clears it; its labels follow the language', async () => {
    const form = pm.getByTestId('query-form');
    const status = form.getByRole('combobox', { name: '状态', exact: true });
    const row = pm.getByTestId('exit-list').locator(`tr[data-flow-no="${flowNo}"]`);
    await pm.goto(`${stack.appUrl}/supplier-exit`);
    await row.waitFor();

    await status.click();
    await pm.getByRole('option', { name: '已通过', exact: true }).click();
    await form.getByTestId('query-search').click();
    await pm.waitForURL((url) => url.searchParams.get('status') === 'approved');
    await row.waitFor();

    await status.click();
    await pm.getByRole('option', { name: '草稿', exact: true }).click();
    await form.getByTestId('query-search').click();
    await pm.waitForURL((url) => url.searchParams.get('status') === 'draft');
    await row.waitFor({ state: 'detached' });

    // Back applies the earlier filter again, and the form shows it rather than the draft last typed.
    await pm.goBack();
    await pm.waitForURL((url) => url.searchParams.get('status') === 'approved');
    await row.waitFor();
    await expect.poll(() => status.inputValue()).toBe('已通过');

    await form.getByTestId('query-reset').click();
    await pm.waitForURL((url) => !url.searchParams.has('status'));
    await row.waitFor();
    expect(await status.inputValue()).toBe('');

    const en = await staffLogin(browser, stack.appUrl, 'pm.wang', 'en');
    await en.goto(`${stack.appUrl}/supplier-exit?status=approved`);
    const enStatus = en.getByTestId('query-form').getByRole('combobox', { name: 'Status', exact: true });
    await expect.poll(() => enStatus.inputValue()).toBe('Approved');
    await en.getByTestId('exit-list').locator(`tr[data-flow-no="${flowNo}"]`).waitFor();
    await en.context().close();
  }, 90_000);

  it('the expand drawer tags the category 淘汰, shows the exit in the history, and offers the category again', async () => {
    await pm.goto(`${stack.appUrl}/cert-flow`);
    await pm.getByRole('button', { name: '扩充供应商品类' }).click();
    const drawer = pm.getByRole('dialog');
    await drawer.getByRole('combobox', { name: '供应商', exact: true }).fill('100001');
    await pm.getByRole('option', { name: /100001/ }).first().click();
    await expect.poll(() => drawer.getByText('车门冲压件 (淘汰)').count()).toBe(1);
    const history = drawer.getByTestId('exit-history');
    await waitUntil(async () => (await history.innerText()).includes('淘汰退出'), 'the exit history row');
    expect(await history.innerText()).toMatch(/车门冲压件\s*淘汰/);
    expect(await history.innerText()).toContain('王磊');

    await pick(pm, '大类', '车身');
    await pick(pm, '中类', '冲压件');
    await pm.getByRole('combobox', { name: '小类', exact: true }).click();
    const again = pm.getByRole('option', { name: '车门冲压件' }).first();
    const still = pm.getByRole('option', { name: '白车身冲压件' }).first();
    expect(await still.getAttribute('data-combobox-disabled')).toBe('true');
    expect(await again.getAttribute('data-combobox-disabled')).toBeNull();
    await again.click();
    await pm.keyboard.press('Escape');
    await expect.poll(() => drawer.getByText('车门冲压件').count()).toBeGreaterThan(1);
  }, 90_000);

  it('a draft is deleted from its page, and a submitted exit terminated from the list, each after a confirmation', async () => {
    const fill = async (submit: boolean) => {
      await pm.goto(`${stack.appUrl}/supplier-exit/form`);
      await pm.getByRole('combobox', { name: '供应商', exact: true }).fill('100001');
      await pm.getByRole('option', { name: /100001/ }).first().click();
      await pick(pm, '退出品类', '白车身冲压件');
      await pm.keyboard.press('Escape');
      if (!submit) return pm.getByTestId('exit-save').click();
      await pm.getByTestId('exit-category').click();
      await pm.getByRole('option', { name: '淘汰退出' }).click();
      await pm.getByTestId('exit-types').click();
      await pm.getByRole('option', { name: '质量问题' }).click();
      await pm.keyboard.press('Escape');
      await pm.getByLabel('退出原因').fill('白车身冲压件定点转移');
      await pm.getByTestId('exit-submit').click();
    };
    const list = pm.getByTestId('exit-list');

    await fill(false);
    await pm.getByText('保存成功').first().waitFor();
    await pm.goto(`${stack.appUrl}/supplier-exit?status=draft`);
    const draftRow = list.locator('tr[data-flow-no]').first();
    await draftRow.waitFor();
    const draftNo = (await draftRow.getAttribute('data-flow-no'))!;
    await draftRow.getByRole('link', { name: draftNo }).click();
    await pm.getByTestId('exit-delete').click();
    const confirm = pm.getByRole('dialog');
    expect(await confirm.innerText()).toContain(draftNo);
    await confirm.getByRole('button', { name: '删除', exact: true }).click();
    await pm.waitForURL(/\/supplier-exit(\?|$)/);
    await expect.poll(async () => (await list.innerText()).includes(draftNo)).toBe(false);

    await fill(true);
    await pm.waitForURL(/\/supplier-exit\/detail\?flowNo=EX\d+/, { timeout: 20_000 });
    const exitNo = new URL(pm.url()).searchParams.get('flowNo')!;
    await pm.goto(`${stack.appUrl}/supplier-exit`);
    const row = list.locator(`tr[data-flow-no="${exitNo}"]`);
    await row.getByTestId('exit-terminate').click();
    // Cancelling changes nothing; confirming terminates.
    await pm.getByRole('dialog').getByRole('button', { name: '取消', exact: true }).click();
    expect(await row.innerText()).toContain('审批中');
    await row.getByTestId('exit-terminate').click();
    await pm.getByRole('dialog').getByRole('button', { name: '终止', exact: true }).click();
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('已终止');
    expect(await row.getByTestId('exit-terminate').count()).toBe(0);
  }, 120_000);
});
