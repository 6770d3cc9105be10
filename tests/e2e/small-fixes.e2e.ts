import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { layoutFaults, overlappingBoxes } from './support/layout.ts';
import { openProgress, staffCalls, stepNode } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { openFlowList, staffLogin } from './support/staff.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
/** What the header shows side by side: the menu button, the name, the tags, help, announcements, the user. */
const HEADER_PARTS = 'button, a, .mantine-Badge-root';
/** The step bar's stage names and its node buttons. */
const STEP_BAR_PARTS = '.mantine-Stepper-stepLabel, [data-node-code]';

/**
 * How each header of the table reads where it is: its text cut off (wider than its cell), covered
 * at its start or end by another element (the sticky operations column), or broken inside a word
 * (a header without a space set over more than one line).
 */
function unreadableHeaders(page: Page) {
  return page.locator('table').first().evaluate((table) =>
    [...table.querySelectorAll<HTMLElement>('thead th')].flatMap((th) => {
      const text = th.innerText.trim();
      const box = th.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const faults = [
        th.scrollWidth > th.clientWidth + 1 && 'cut',
        [box.left + 4, box.right - 4].some((x) => !th.contains(document.elementFromPoint(x, box.top + box.height / 2))) && 'covered',
        !text.includes(' ') && lines > 1 && 'broken',
      ].filter(Boolean);
      return faults.length ? [`${text}: ${faults.join(', ')}`] : [];
    }),
  );
}

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

  it('the browser tab names the page shown, then the app, in the user language', async () => {
    for (const [lang, home, flows, app] of [
      ['zh', '首页', '认证流程管理', '供应商管理平台'],
      ['en', 'Home', 'Certification flows', 'Supplier Management Platform'],
    ] as const) {
      const page = await login(lang);
      await expect.poll(() => page.title()).toBe(`${home} - ${app}`);
      await page.getByTestId('sidebar').getByRole('link', { name: flows }).click();
      await expect.poll(() => page.title()).toBe(`${flows} - ${app}`);
    }
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

    // Dates read one unambiguous way in English too (2026-11-27 18:37:17, never 27/11/2026).
    await openFlowList(page, 'en');
    const row = page.locator(`tr[data-flow-no="${flowNo}"]`);
    await row.waitFor({ timeout: 15_000 });
    const text = await row.innerText();
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('at 390 px the header and the step bar keep every word apart and whole; at 1366 px both stay in one row', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await login(lang);
      await page.setViewportSize(PHONE);
      // A new supplier each time: a credit code already in a running flow is refused.
      const apply = await validRegisterApply(stack.db.db);
      const { flowNo } = await staffCalls(page, stack.appUrl).post<{ flowNo: string }>('/v1/cert-flow-node/create', apply);
      await openProgress(page, stack.appUrl, flowNo);
      const header = page.locator('header');
      const bar = page.getByTestId('step-bar');
      await stepNode(page, 'APTITUDE').waitFor();
      await page.getByTestId('env-tag').waitFor();
      expect(await overlappingBoxes(header, HEADER_PARTS), `${lang} header`).toEqual([]);
      for (const part of await header.locator(HEADER_PARTS).all()) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width, `${lang} header inside the screen`).toBeLessThanOrEqual(PHONE.width);
      }
      // The name gives way first: whole in Chinese, cut with an ellipsis in English, never squeezed to a letter.
      const name = header.getByRole('link', { name: lang === 'zh' ? '供应商管理平台' : /Supplier Manag/ });
      if (lang === 'zh') expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the name whole').toBe(true);
      else expect((await name.boundingBox())!.width).toBeGreaterThan(100);
      for (const tag of ['env-tag', 'factory-tag']) {
        expect(await page.getByTestId(tag).evaluate((el) => el.scrollWidth <= el.clientWidth), `${lang} ${tag} whole`).toBe(true);
      }
      // The tab bar sits under the taller header, not under its second row.
      const headerBottom = (await header.boundingBox())!;
      expect((await page.getByTestId('tab-bar').boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height - 1);
      expect(await overlappingBoxes(bar, STEP_BAR_PARTS), `${lang} step bar`).toEqual([]);
      const faults = await layoutFaults(bar);
      expect({ charPerLine: faults.charPerLine, pastEdge: faults.pastEdge }, `${lang} step bar`).toEqual({ charPerLine: [], pastEdge: [] });

      await page.setViewportSize(LAPTOP);
      await page.waitForFunction(() => document.querySelector('[data-testid="step-bar"]')?.getAttribute('data-orientation') === 'horizontal');
      for (const part of await header.locator(HEADER_PARTS).all()) {
        const box = await part.boundingBox();
        if (box) expect(box.y, `${lang} header in one row`).toBeLessThan(50);
      }
      const icons = await bar.locator('.mantine-Stepper-stepIcon').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
      expect(new Set(icons).size, `${lang}: the four stages share one row`).toBe(1);
    }
  });

  it('my open tasks name a node task once: the task is the node, no column repeats it', async () => {
    const { flowNo } = await insertFlowAtNode(stack.db.db, 'APTITUDE');
    const taskNo = await openTaskNo(stack.db.db, flowNo, 'NODE_PRINCIPAL');
    for (const [lang, node] of [
      ['zh', '资质匹配'],
      ['en', 'Qualification matching'],
    ] as const) {
      const page = await login(lang);
      await page.goto(`${stack.appUrl}/dashboard`);
      const row = page.getByTestId('my-tasks').locator(`tr[data-task-no="${taskNo}"]`);
      await row.waitFor({ timeout: 20_000 });
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.filter((c) => c.includes(node)), lang).toEqual([node]);
      expect(await row.getByRole('link', { name: node }).count()).toBe(1);
      expect(await page.getByTestId('my-tasks').locator('th').allInnerTexts()).not.toContain(lang === 'zh' ? '节点' : 'Node');
    }
  });

  it('the flow list at 1366 px shows every header whole, none under the operations column', async () => {
    let day = '';
    for (const lang of ['zh', 'en'] as const) {
      const page = await login(lang);
      await page.setViewportSize(LAPTOP);
      // Two new suppliers: a credit code already in a running flow is refused.
      if (lang === 'zh') for (let i = 0; i < 2; i++) ({ flowNo: day } = await staffCalls(page, stack.appUrl).post<{ flowNo: string }>('/v1/cert-flow-node/create', await validRegisterApply(stack.db.db)));
      // Flows numbered as applications number them (CF + day + sequence), not the longer numbers of flows a test inserts.
      await page.goto(`${stack.appUrl}/cert-flow?flowNo=${day.slice(0, -4)}`);
      await page.locator('tr[data-flow-no]').first().waitFor({ timeout: 20_000 });
      await page.getByTestId('list-loading').waitFor({ state: 'hidden' });
      expect(await page.locator('thead th').count()).toBe(12);
      await page.screenshot({ path: `test-results/flow-list-1366-${lang}.png` });
      expect(await unreadableHeaders(page), lang).toEqual([]);
    }
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
