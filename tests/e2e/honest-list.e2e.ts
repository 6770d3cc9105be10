import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { launchBrowser } from './support/browser.ts';
import { as } from './support/nodes.ts';
import { staffLogin } from './support/staff.ts';

const SCREEN = { width: 1440, height: 900 };

/**
 * The flow list at 1440 × 900 (req flow §2.1): its actions reachable without scrolling, each offered only as
 * the server allows it for this user, and a flow still at APTITUDE opened by its own principal.
 */
describe('the flow list offers what the server allows, on one screen', () => {
  let stack: RunningStack;
  let browser: Browser;
  const marker = `诚实列表${Date.now()}`;
  let flowNo: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    // A flow at APTITUDE (stage 10) of pm.wang (E10002) with CMT leader cmt.li.
    flowNo = (await insertFlowAtNode(stack.db.db, 'APTITUDE', { supplierName: `${marker}精密` })).flowNo;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function listAs(username: string): Promise<{ page: Page; row: Locator }> {
    const page = await staffLogin(browser, stack.appUrl, username, 'zh', SCREEN);
    await page.goto(`${stack.appUrl}/cert-flow?supplierName=${encodeURIComponent(marker)}`);
    const row = page.locator(`tr[data-flow-no="${flowNo}"]`);
    await row.waitFor();
    return { page, row };
  }

  /** The element the user would hit at the centre of `target`, checked without any scrolling. */
  async function hitWithoutScrolling(page: Page, target: Locator): Promise<boolean> {
    return target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const inView = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return inView && hit !== null && el.contains(hit);
    });
  }

  it("the flow's purchasing manager clicks terminate at 1440 × 900 without scrolling", async () => {
    const { page, row } = await listAs('pm.wang');
    await as(page, 'honest-list-terminate', async () => {
      const terminate = row.getByTestId('row-terminate');
      expect(await terminate.getAttribute('data-disabled')).toBeNull();
      expect(await hitWithoutScrolling(page, terminate)).toBe(true);
      await terminate.click({ noWaitAfter: true });
      const dialog = page.getByRole('dialog');
      await dialog.getByText('终止认证').waitFor();
      await dialog.getByRole('button', { name: '取消' }).click();
    });
    await page.context().close();
  });

  it('an expert sees adjust owner disabled with its reason, and no dialog opens', async () => {
    const { page, row } = await listAs('expert.chen');
    await as(page, 'honest-list-expert', async () => {
      const adjust = row.getByTestId('row-adjust-owner');
      expect(await adjust.getAttribute('data-disabled')).toBe('true');
      await adjust.hover();
      await page.getByRole('tooltip').getByText('无权调整该负责人').waitFor();
      // Disabled for assistive technology too; a forced click does nothing.
      await adjust.click({ force: true });
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The flow is not the expert's: the list keeps the requirements’ warning.
      await row.getByRole('button', { name: new RegExp(marker) }).click();
      await page.getByText('该流程未开启，无法进入详情').waitFor();
      expect(new URL(page.url()).pathname).toBe('/cert-flow');
    });
    await page.context().close();
  });

  it('its principal opens the flow at APTITUDE from the list', async () => {
    const { page, row } = await listAs('pm.wang');
    await as(page, 'honest-list-open', async () => {
      await row.getByRole('button', { name: new RegExp(marker) }).click();
      await page.waitForURL((url) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo);
      await page.getByTestId('progress-page').waitFor();
      expect(await page.getByText('该流程未开启，无法进入详情').count()).toBe(0);
    });
    await page.context().close();
  });
});
