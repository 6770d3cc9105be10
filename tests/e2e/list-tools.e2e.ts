import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { launchBrowser } from './support/browser.ts';
import { as } from './support/nodes.ts';
import { staffLogin } from './support/staff.ts';

const SCREEN = { width: 1440, height: 900 };

/**
 * The list tools on the flow list (req shell §2.6): the column chooser keeps a hidden column hidden after a
 * reload and in another browser; the query form filters, Reset clears, and the expand toggle shows the
 * fields past the first row.
 */
describe('list tools on the flow list', () => {
  let stack: RunningStack;
  let browser: Browser;
  const marker = `列表工具${Date.now()}`;
  let mine: string;
  let other: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    mine = (await insertFlowAtNode(stack.db.db, 'APTITUDE', { supplierName: `${marker}甲` })).flowNo;
    other = (await insertFlowAtNode(stack.db.db, 'APTITUDE', { supplierName: `${marker}乙` })).flowNo;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const header = (page: Page, key: string) => page.locator(`thead th[data-column="${key}"]`);
  const row = (page: Page, flowNo: string) => page.locator(`tr[data-flow-no="${flowNo}"]`);

  async function openList(page: Page, query = ''): Promise<void> {
    await page.goto(`${stack.appUrl}/cert-flow${query}`);
    await page.getByTestId('query-form').waitFor();
    await header(page, 'flowNo').waitFor();
  }

  it('hides a column with the chooser; it stays hidden after a reload and in another browser', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', SCREEN);
    await as(page, 'list-tools-columns', async () => {
      await openList(page);
      expect(await header(page, 'cmtName').count()).toBe(1);
      await page.getByTestId('column-chooser-open').click();
      const drawer = page.getByRole('dialog', { name: '表格字段编辑' });
      await drawer.waitFor();
      expect(Math.round((await drawer.boundingBox())!.width)).toBe(320);
      // The flow number identifies a row: offered ticked and disabled.
      expect(await drawer.getByRole('checkbox', { name: '流程编号' }).isDisabled()).toBe(true);
      await drawer.getByRole('checkbox', { name: 'CMT', exact: true }).uncheck();
      expect(await drawer.getByRole('checkbox', { name: '全选' }).isChecked()).toBe(false);
      await drawer.getByTestId('column-chooser-save').click();
      await drawer.waitFor({ state: 'hidden' });
      await header(page, 'cmtName').waitFor({ state: 'detached' });
      expect(await header(page, 'cmtLeaderName').count()).toBe(1);

      await page.reload();
      await header(page, 'flowNo').waitFor();
      await row(page, mine).waitFor();
      expect(await header(page, 'cmtName').count()).toBe(0);
      expect(await header(page, 'stage').count()).toBe(1);
    });
    // Another browser (a fresh context, its own storage) of the same person.
    const elsewhere = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', SCREEN);
    await as(elsewhere, 'list-tools-columns-elsewhere', async () => {
      await openList(elsewhere);
      await row(elsewhere, mine).waitFor();
      expect(await header(elsewhere, 'cmtName').count()).toBe(0);
      // Select all shows it again.
      await elsewhere.getByTestId('column-chooser-open').click();
      const drawer = elsewhere.getByRole('dialog', { name: '表格字段编辑' });
      await drawer.getByRole('checkbox', { name: '全选' }).check();
      await drawer.getByTestId('column-chooser-save').click();
      await header(elsewhere, 'cmtName').waitFor();
    });
    await page.context().close();
    await elsewhere.context().close();
  });

  it('filters with 查询 and clears with 重置; the toggle shows the fields past the first row', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', SCREEN);
    await as(page, 'list-tools-query', async () => {
      await openList(page);
      const form = page.getByTestId('query-form');
      // Folded: the first row of four only.
      expect(await form.getByRole('textbox', { name: '供应商名称' }).isVisible()).toBe(true);
      expect(await form.getByText('当前阶段').count()).toBe(0);
      expect(await form.getByText('采购经理').count()).toBe(0);
      await form.getByTestId('query-toggle').click();
      await form.getByText('当前阶段').waitFor();
      await form.getByText('采购经理').waitFor();
      expect(await form.getByTestId('query-toggle').getAttribute('aria-expanded')).toBe('true');

      await form.getByRole('textbox', { name: '供应商名称' }).fill(`${marker}甲`);
      await form.getByTestId('query-search').click();
      await page.waitForURL((url) => url.searchParams.get('supplierName') === `${marker}甲`);
      await row(page, mine).waitFor();
      await row(page, other).waitFor({ state: 'detached' });

      await page.getByTestId('query-form').getByTestId('query-reset').click();
      await page.waitForURL((url) => !url.searchParams.has('supplierName'));
      await row(page, other).waitFor();
      await row(page, mine).waitFor();
      expect(await page.getByTestId('query-form').getByRole('textbox', { name: '供应商名称' }).inputValue()).toBe('');
    });
    await page.context().close();
  });

  it('opens expanded when a folded field holds the applied filter', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', SCREEN);
    await as(page, 'list-tools-folded-filter', async () => {
      await openList(page, '?stage=10');
      const form = page.getByTestId('query-form');
      await form.getByText('当前阶段').waitFor();
      expect(await form.getByTestId('query-toggle').getAttribute('aria-expanded')).toBe('true');
    });
    await page.context().close();
  });
});
