import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { staffCalls } from './support/nodes.ts';
import { Questionnaire } from './support/questionnaire.ts';
import { openTaskNo } from './support/review.ts';
import { fillCompany } from './support/rfi-steps.ts';
import { applyAsPurchasingManager, staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

const DESKTOP = { width: 1440, height: 900 };

interface TableFit {
  /** How far the table runs past its area (px): 0 when it fits. */
  overflow: number;
  /** Cells another element (a sticky column) covers at their middle. */
  covered: string[];
  /** Cells set over more lines than allowed. */
  wrapped: string[];
  /** Headers whose text is cut off. */
  cut: string[];
}

/**
 * How a table sits in its area as a reader at this width meets it: whether it runs past the area (the area
 * then scrolls sideways), whether a cell is covered by another element where a reader looks for it, and which
 * cells wrap beyond `maxLines` lines.
 */
function tableFit(table: Locator, maxLines = 2): Promise<TableFit> {
  return table.evaluate((el, max) => {
    let area: HTMLElement = el.parentElement!;
    while (area.parentElement && getComputedStyle(area).overflowX === 'visible') area = area.parentElement;
    const name = (c: HTMLElement) => (c.innerText || c.querySelector('input')?.value || c.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    const linesOf = (c: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const fit: TableFit = { overflow: Math.max(0, area.scrollWidth - area.clientWidth), covered: [], wrapped: [], cut: [] };
    for (const cell of el.querySelectorAll<HTMLElement>('thead th, tbody td')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const areaBox = area.getBoundingClientRect();
      const inView = box.left + box.width / 2 < areaBox.right && box.left + box.width / 2 > areaBox.left;
      if (inView && hit && !cell.contains(hit)) fit.covered.push(name(cell));
      if (cell.tagName === 'TD' && !cell.querySelector('input, button, textarea') && linesOf(cell) > max) fit.wrapped.push(name(cell));
      if (cell.tagName === 'TH' && cell.scrollWidth > cell.clientWidth + 1) fit.cut.push(name(cell));
    }
    return fit;
  }, maxLines);
}

const FITS: TableFit = { overflow: 0, covered: [], wrapped: [], cut: [] };

interface ScrollFit {
  /** The key columns (row number, first column, operations) keep their place from one end of the scroll to the other. */
  keyColumnsStay: boolean;
  /** Headers not seen whole and uncovered at either end of the scroll. */
  neverSeen: string[];
}

/** How a table wider than its area reads as one scrolls it from one end to the other. */
function scrollFit(table: Locator): Promise<ScrollFit> {
  return table.evaluate((el) => {
    let area: HTMLElement = el.parentElement!;
    while (area.parentElement && getComputedStyle(area).overflowX === 'visible') area = area.parentElement;
    const headers = [...el.querySelectorAll<HTMLElement>('thead th')];
    const keys = headers.filter((th) => th.hasAttribute('data-key-column'));
    const seenWhole = (th: HTMLElement) => {
      const box = th.getBoundingClientRect();
      const a = area.getBoundingClientRect();
      if (box.left < a.left - 1 || box.right > a.right + 1) return false;
      return [box.left + 3, box.left + box.width / 2, box.right - 3].every((x) => th.contains(document.elementFromPoint(x, box.top + box.height / 2)));
    };
    const at = (scroll: number) => {
      area.scrollLeft = scroll;
      return { keys: keys.map((th) => Math.round(th.getBoundingClientRect().left)), seen: headers.filter(seenWhole) };
    };
    const start = at(0);
    const end = at(area.scrollWidth);
    area.scrollLeft = 0;
    const name = (th: HTMLElement) => th.innerText.trim();
    return {
      keyColumnsStay: area.scrollWidth > area.clientWidth ? keys.length > 0 && start.keys.every((x, i) => Math.abs(x - end.keys[i]!) <= 1) : true,
      neverSeen: headers.filter((th) => !start.seen.includes(th) && !end.seen.includes(th)).map(name),
    };
  });
}

const READABLE: ScrollFit = { keyColumnsStay: true, neverSeen: [] };

/**
 * The tables people read most at 1440 × 900: the flow list (in both languages, with an approval link) fits its
 * area, no cell under the fixed operations column and no text cell over two lines; the questionnaire's contacts
 * and the release form's purchasing organisations scroll sideways with their key columns fixed, every column
 * seen whole at one end of the scroll or the other.
 */
describe('tables at 1440 × 900', () => {
  let stack: RunningStack;
  let browser: Browser;
  let engine: Awaited<ReturnType<typeof connectFlowEngine>>;
  let flows: FlowGateway;
  const db = () => stack.db.db;
  const plan: NodePlanEntry[] = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'KCP2', 'RELEASE'].includes(n.nodeCode));

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    engine = await connectFlowEngine(stack);
    flows = engine.flows;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await engine?.connection.close();
    await stack?.stop();
  });

  let releaseFlowNo: string;

  it('the flow list fits in Chinese and in English, its approval link in view', async () => {
    // A flow at KCP2 for the release form below (numbered as tests number inserted flows).
    const { flowNo } = await insertAppliedFlow(db(), { plan, supplierName: '苏州工业园区精密汽车零部件制造有限公司', creditCode: newTaxNumber() });
    releaseFlowNo = flowNo;
    await flows.startFlow({ flowNo, plan, searchAttributes: { flowNo, supplierName: '苏州工业园区精密汽车零部件制造有限公司', scenario: 'S1', purchaseManager: PM_ACTOR.jobNumber, stage: 30, currentNode: 'KCP2' } });
    await openTaskNo(db(), flowNo, 'NODE_PRINCIPAL');
    // The list shows flows as applications number them (CF + day + sequence), one with an approval round
    // whose first step is open, as the approval engine records one.
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', DESKTOP);
    const apply = await validRegisterApply(db(), { supplierName: '苏州工业园区精密汽车零部件制造有限公司' });
    const { flowNo: listed } = await staffCalls(pm, stack.appUrl).post<{ flowNo: string }>('/v1/cert-flow-node/create', apply);
    await pm.close();
    const approvalNo = `AP${listed}`;
    await db().insertInto('flow_approval').values({ approval_no: approvalNo, flow_no: listed, kind: 'SUPPLIER_CODE', round: 1, status: 20, started_by: PM_ACTOR.jobNumber }).execute();
    await db().insertInto('flow_approval_step').values({ approval_no: approvalNo, step: 1, role: 'CMT_LEADER', job_number: 'E10010', name: '李强', task_no: `TK${listed}`, opened_at: new Date() }).execute();
    for (const lang of ['zh', 'en'] as const) {
      const page = await staffLogin(browser, stack.appUrl, 'pm.wang', lang, DESKTOP);
      await page.goto(`${stack.appUrl}/cert-flow?flowNo=${listed}`);
      await page.locator('tr[data-flow-no]').first().waitFor({ timeout: 20_000 });
      await page.getByTestId('list-loading').waitFor({ state: 'hidden' });
      await page.screenshot({ path: `test-results/flow-list-1440-${lang}.png` });
      // The 审批流 column opens the round's record card.
      const link = page.locator(`tr[data-flow-no="${listed}"]`).getByRole('link', { name: lang === 'zh' ? '查看' : 'View' });
      expect(await link.getAttribute('href')).toBe(`/cert-flow/approval?flowNo=${listed}&taskNo=TK${listed}`);
      expect(await tableFit(page.locator('table').first()), lang).toEqual(FITS);
      await page.close();
    }
  });

  it('the questionnaire’s contacts scroll sideways with the name and the delete button fixed, every column seen whole', async () => {
    const email = `e2e-fit-${Date.now()}@supplier.example.com`;
    const { page: pm } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email });
    await pm.close();
    for (const lang of ['zh'] as const) {
      const page = await supplierLogin(browser, stack.appUrl, email, lang);
      await page.setViewportSize(DESKTOP);
      const q = new Questionnaire(page, lang);
      await q.waitForStep('company');
      await fillCompany(q);
      await q.next('contacts');
      const table = q.step.locator('table').first();
      await table.waitFor();
      await page.screenshot({ path: `test-results/rfi-contacts-1440-${lang}.png` });
      expect(await scrollFit(table)).toEqual(READABLE);
    }
  });

  it('the release form’s purchasing organisations show every column whole, 目的港 included, their key columns fixed', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh', DESKTOP);
    const calls = staffCalls(pm, stack.appUrl);
    const minutes = await calls.upload('minutes.pdf');
    await calls.post('/v1/supplier-assessment/save', { flowNo: releaseFlowNo, accessStatus: 10, documentList: [minutes], todoList: [] });
    await calls.post('/v1/supplier-assessment/init_supplier-pre-release', { flowNo: releaseFlowNo });
    await pm.goto(`${stack.appUrl}/cert-flow/detail?id=${releaseFlowNo}&node=PRERELEASE`);
    const purchase = pm.getByTestId('release-panel').locator('table', { has: pm.getByText('目的港', { exact: true }) });
    await purchase.waitFor({ timeout: 20_000 });
    await purchase.scrollIntoViewIfNeeded();
    await pm.screenshot({ path: 'test-results/release-purchase-1440-zh.png', fullPage: true });
    expect(await scrollFit(purchase)).toEqual(READABLE);
  });
});
