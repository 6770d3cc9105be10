import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { openProgress, staffCalls, stepNode } from './support/nodes.ts';
import { openFlowList, staffLogin } from './support/staff.ts';

/**
 * What only the apply drawers read: categories, CMTs, area codes, the expansion's scenarios. The
 * registration scenarios are also the list's own filter, so they are not among them.
 */
const DRAWER_DATA = [/\/v1\/cmt\/all/, /\/v1\/cmt\/category-large\//, /dictType=world_area_code/, /\/dict\/v1\/scenario_list\?dictType=cert_scenario&scenarioType=2/];
const REGISTER_DRAWER_DATA = DRAWER_DATA.slice(0, 3);

describe('the staff shell, personal center, step bar and flow list, as a person meets them', () => {
  let stack: RunningStack;
  let browser: Browser;
  const pages: Page[] = [];
  const login = async (lang: 'zh' | 'en') => {
    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', lang);
    pages.push(page);
    return page;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('Ctrl+Shift+0 on a real keyboard (key ")", code "Digit0") shows the build info', async () => {
    const page = await login('zh');
    await page.getByTestId('sidebar').waitFor();
    await page.evaluate(() => {
      document.addEventListener('keydown', (e) => ((window as unknown as { lastKey: string }).lastKey = `${e.key}|${e.code}`));
    });
    await page.keyboard.down('Control');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Digit0');
    await page.keyboard.up('Shift');
    await page.keyboard.up('Control');
    // Chromium reports what the user's keyboard gives: with Shift held, the key is ')'.
    expect(await page.evaluate(() => (window as unknown as { lastKey: string }).lastKey)).toBe(')|Digit0');
    await page.locator('.mantine-Notification-root').filter({ hasText: '版本信息' }).waitFor({ timeout: 5_000 });
  });

  it('the personal center names the roles in the user language, not by code', async () => {
    for (const [lang, name] of [
      ['zh', '采购经理'],
      ['en', 'Purchasing manager'],
    ] as const) {
      const page = await login(lang);
      await page.goto(`${stack.appUrl}/profile`);
      const badges = page.getByTestId('role-badge');
      await badges.first().waitFor({ timeout: 15_000 });
      expect(await badges.allInnerTexts()).toEqual([name]);
      expect(await page.getByText('PURCHASE_MANAGER').count()).toBe(0);
    }
  });

  it('the English step bar at 1440 px shows node names as written, its four stages in one row, no name cut', async () => {
    const page = await login('en');
    await page.setViewportSize({ width: 1440, height: 900 });
    const apply = await validRegisterApply(stack.db.db);
    const { flowNo } = await staffCalls(page, stack.appUrl).post<{ flowNo: string }>('/v1/cert-flow-node/create', apply);
    await openProgress(page, stack.appUrl, flowNo);
    expect(await stepNode(page, 'APTITUDE').innerText()).toBe('Qualification matching');
    expect(await stepNode(page, 'KCP1').innerText()).toContain('First-stage meeting conclusion');
    for (const code of ['APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'RELEASE']) {
      const label = stepNode(page, code).locator('.mantine-Badge-label').first();
      const look = await label.evaluate((el) => ({
        transform: getComputedStyle(el).textTransform,
        cut: el.scrollWidth > el.clientWidth,
      }));
      expect(look, code).toEqual({ transform: 'none', cut: false });
    }
    const icons = await page.getByTestId('step-bar').locator('.mantine-Stepper-stepIcon').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(icons).size, 'the four stages share one row').toBe(1);
    const bar = await page.getByTestId('step-bar').boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(1440);
  });

  it('the flow list asks for the apply drawer choices only when the drawer opens', async () => {
    const page = await login('zh');
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    await openFlowList(page, 'zh');
    await page.getByRole('table').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => DRAWER_DATA.some((re) => re.test(url)))).toEqual([]);

    await page.getByRole('button', { name: '新建注册申请' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: '认证场景', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const re of REGISTER_DRAWER_DATA) expect(requested.some((url) => re.test(url)), String(re)).toBe(true);
  });
});
