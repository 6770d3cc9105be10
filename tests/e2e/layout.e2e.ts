import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Connection } from '@temporalio/client';
import type { RunningStack } from '#infra/stack.ts';
import { invitationTemp } from '#services/rfi/invitation.ts';
import { stateQuery } from '#workflows/definitions.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { fillAll, supplierClient, validSections } from '../support/rfi-questionnaire.ts';
import { supplierSession } from '../support/sessions.ts';
import { startTestStack } from '../support/stack.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { launchBrowser } from './support/browser.ts';
import { connectFlowEngine } from './support/flow-engine.ts';
import { layoutFaults, NO_FAULTS } from './support/layout.ts';
import { as, openProgress, staffCalls } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { staffLogin } from './support/staff.ts';

const PM = { username: 'pm.wang' };
const CMT = { username: 'cmt.li' };

/**
 * Issue-free reading at the widths people use: the RFI audit decision in view at 1440 × 900, the
 * system-certification screen at 1440 px and the progress page on a 390 px phone with every label
 * whole and no text set one character per line. The flow is brought to its places through its
 * workflow (tests/support/drive-flow.ts), as everyone-finds-their-task.e2e.ts does.
 */
describe('Layout: the audit decision in view, the system certification and progress pages readable', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let pm: Page;
  let cmt: Page;
  let flowNo: string;
  let drive: ReturnType<typeof flowDriver>;
  let handle: Awaited<ReturnType<ReturnType<typeof flowDriver>['start']>>['handle'];
  const db = () => stack.db.db;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    ({ connection, drive } = await connectFlowEngine(stack));
    pm = await staffLogin(browser, stack.appUrl, PM.username, 'zh');
    cmt = await staffLogin(browser, stack.appUrl, CMT.username, 'zh');
    ({ flowNo, handle } = await drive.start());
    // The supplier answers and submits with its own calls; the review tasks open.
    const applyNo = `RFI${flowNo}`;
    const supplier = supplierClient(stack.appUrl, { temp: invitationTemp(TEST_SECRET, applyNo, 1), ...(await supplierSession(db(), applyNo)) });
    await fillAll(supplier, validSections());
    expect((await supplier.submit()).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  it('RFI audit at 1440 × 900: 通过 and 驳回 are in view on arrival and stay in view at the foot of the form', async () => {
    await pm.setViewportSize({ width: 1440, height: 900 });
    const taskNo = await openTaskNo(db(), flowNo, 'PURCHASE_REVIEW');
    await as(pm, 'layout-audit', async () => {
      await pm.goto(`${stack.appUrl}/rfi/audit?id=RFI${flowNo}&flowNo=${flowNo}&taskNo=${taskNo}`);
      const buttons = [pm.getByRole('button', { name: '通过', exact: true }), pm.getByRole('button', { name: '驳回', exact: true })];
      await buttons[0]!.waitFor({ timeout: 20_000 });
      const inView = async () => {
        for (const button of buttons) {
          const box = (await button.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(900);
          expect(box.x + box.width).toBeLessThanOrEqual(1440);
        }
      };
      expect(await pm.evaluate(() => window.scrollY)).toBe(0);
      await inView();
      // The form is far taller than the screen; at its foot the decision is still there.
      expect(await pm.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1800);
      await pm.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await pm.waitForFunction(() => window.scrollY > 800);
      await inView();
      // Not hidden under the header or the tab bar: the click lands on the button itself.
      await buttons[1]!.click({ trial: true });
    });
  }, 120_000);

  it('the flow reaches SYSTEM_CERT through its workflow', async () => {
    await staffCalls(pm, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'PURCHASE_REVIEW') });
    await staffCalls(cmt, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'CMT_REVIEW') });
    let state = await handle.query(stateQuery);
    while (state.currentNode !== 'SYSTEM_CERT') state = await drive.complete(flowNo, handle, state.currentNode);
    expect(state).toMatchObject({ currentNode: 'SYSTEM_CERT', nodeOpen: true });
  }, 180_000);

  it('system certification at 1440 px: every dimension readable, no label cut, nothing past the edge', async () => {
    await pm.setViewportSize({ width: 1440, height: 900 });
    await as(pm, 'layout-system-cert', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const panel = pm.getByTestId('system-cert-panel');
      await panel.waitFor({ timeout: 20_000 });
      for (const code of ['QUALITY', 'TECHNOLOGY', 'PRODUCTION', 'SUPPLY', 'BUSINESS']) {
        const card = pm.getByTestId(`system-cert-row-${code}`);
        // The dimension's status and the materials' template link are shown, not cut off.
        await card.getByText('未提交', { exact: true }).waitFor();
        expect(await card.getByText('参考模板').isVisible()).toBe(true);
      }
      expect(await layoutFaults(panel)).toEqual(NO_FAULTS);
      await pm.screenshot({ path: 'test-results/layout-system-cert-1440.png', fullPage: true });
    });
  }, 120_000);

  it('the progress page at 390 px: the registration info and the node panel keep their labels whole', async () => {
    await pm.setViewportSize({ width: 390, height: 844 });
    await as(pm, 'layout-progress-390', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await pm.getByTestId('system-cert-panel').waitFor({ timeout: 20_000 });
      expect(await layoutFaults(pm.getByTestId('info-table'))).toEqual(NO_FAULTS);
      expect(await layoutFaults(pm.getByTestId('node-area'))).toEqual(NO_FAULTS);
      await pm.screenshot({ path: 'test-results/layout-progress-390.png', fullPage: true });
    });
  }, 120_000);
});
