import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { openFlowList, staffLogin } from './support/staff.ts';
import { waitUntil } from './support/wait.ts';

/**
 * The duplicate check in the apply drawer (docs/decisions/0054-a-duplicate-check-at-the-door.md): a purchasing manager
 * types the name of a supplier the company already has under another legal form — the drawer shows it with a link and
 * asks why the application goes on; typing its credit code with spaces says the application is refused and why, and
 * holds the submit back.
 */
describe('the apply drawer checks for duplicates as it is filled', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a similar name is shown with its link and asks a reason; the admitted supplier’s credit code refuses, naming it', async () => {
    await openFlowList(pm, 'zh');
    await pm.getByRole('button', { name: '新建注册申请' }).click();
    const drawer = pm.getByRole('dialog');
    await drawer.getByLabel('供应商名称').fill('宁波甬翔汽车零部件股份有限公司');
    await drawer.getByLabel('统一社会信用代码').fill(newTaxNumber());
    const matches = drawer.getByTestId('duplicate-matches');
    await matches.waitFor({ timeout: 10_000 });
    const match = matches.getByTestId('duplicate-match');
    expect(await match.getAttribute('data-kind')).toBe('supplier');
    expect(await match.innerText()).toContain('名称相近');
    expect(await match.getByRole('link').getAttribute('href')).toBe('/suppliers/detail?supplierNo=SN000001');
    await drawer.getByTestId('duplicate-reason').waitFor();
    expect(await drawer.getByTestId('apply-submit').isEnabled()).toBe(true);

    await drawer.getByLabel('统一社会信用代码').fill('9133 0206 MA2H 7K3L XF');
    await waitUntil(async () => (await matches.innerText()).includes('请通过扩充品类申请'), 'the refusal in the drawer');
    expect(await matches.innerText()).toContain('该统一社会信用代码已属于准入供应商 宁波甬翔汽车零部件有限公司（供应商编码 100001）');
    expect(await drawer.getByTestId('apply-submit').isDisabled()).toBe(true);
  }, 60_000);
});
