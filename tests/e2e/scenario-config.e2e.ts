import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { openProgress, staffCalls, stepNode } from './support/nodes.ts';
import { openFlowList, staffLogin } from './support/staff.ts';

/** Req scenario §2.5: an administrator makes a scenario through the screen; flows under it follow its plan. */
describe('scenario configuration, as a certification administrator uses it', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a scenario without SAMPLE_CERT, applied, gives new flows a plan without that node', async () => {
    const admin = await staffLogin(browser, stack.appUrl, 'admin', 'zh');
    await admin.getByRole('link', { name: '场景配置' }).first().click();
    await admin.getByTestId('scenario-table').waitFor();
    await admin.getByTestId('scenario-new').click();

    const editor = admin.getByTestId('scenario-editor');
    await editor.waitFor();
    await admin.getByTestId('scenario-name-zh').fill('无样件认证场景');
    await admin.getByTestId('scenario-name-en').fill('No sample certification');
    await admin.getByTestId('remove-node-SAMPLE_CERT').click();
    expect(await admin.getByTestId('plan-node-SAMPLE_CERT').count()).toBe(0);
    // An invalid due time is named on its field, and nothing is saved.
    const rfiDue = admin.getByTestId('plan-node-RFI').getByTestId('due-days');
    await rfiDue.fill('61');
    await admin.getByTestId('scenario-save').click();
    await admin.getByTestId('plan-node-RFI').getByText('办理时限须为1至60个工作日（发起和公示节点无时限）').waitFor();
    await rfiDue.fill('8');
    // Part of a day is said in days and hours, as typed; whole days again say nothing more.
    const publicity = admin.getByTestId('publicity-days');
    await publicity.fill('1.5');
    expect(await admin.getByTestId('publicity-span').innerText()).toBe('（合 1 天 12 小时）');
    await publicity.fill('7');
    expect(await admin.getByTestId('publicity-span').count()).toBe(0);
    await admin.getByTestId('scenario-save').click();

    // Saved as a draft: the editor reopens on it in EDIT mode, not yet offered to new flows.
    await admin.waitForURL(/\/scenario-config\/edit\?.*code=SCN_/, { timeout: 15_000 });
    await admin.getByTestId('applied-version').getByText('尚未应用，新流程不可选择此场景').waitFor();
    const code = new URL(admin.url()).searchParams.get('code')!;
    await admin.getByTestId('scenario-apply').click();
    await admin.getByTestId('applied-version').getByText('新发起的流程使用 v1').waitFor({ timeout: 15_000 });

    // The purchasing manager's apply drawer offers it.
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await openFlowList(pm, 'zh');
    await pm.getByRole('button', { name: '新建注册申请' }).click();
    await pm.getByRole('dialog').getByRole('combobox', { name: '认证场景', exact: true }).click();
    await pm.getByRole('option', { name: '无样件认证场景' }).waitFor();
    await pm.keyboard.press('Escape');

    const apply = await validRegisterApply(stack.db.db, { certScenario: code });
    const { flowNo } = await staffCalls(pm, stack.appUrl).post<{ flowNo: string }>('/v1/cert-flow-node/create', apply);
    await openProgress(pm, stack.appUrl, flowNo);
    await stepNode(pm, 'SYSTEM_CERT').waitFor();
    expect(await stepNode(pm, 'SAMPLE_CERT').count()).toBe(0);
  });
});
