import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { SUPPLIER_NAME } from '../support/release-form.ts';
import { startTestStack } from '../support/stack.ts';
import { admitSupplierThroughFlow, erpVendorAccounts, type AdmittedSupplier } from './support/admitted-supplier.ts';
import { launchBrowser } from './support/browser.ts';
import { LOCALE_OF } from './support/lang.ts';
import { as, pdf, toast, uploadIn } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { staffLogin } from './support/staff.ts';
import { chainedSteps } from './support/steps.ts';
import { waitUntil } from './support/wait.ts';

/** The new account of the story: a non-EU account at a seeded branch. */
const NEW_ACCOUNT = '6222021001987654321';
const NEW_CONTACT_NAME = '赵新联系人';

/**
 * Req change §2.1, §2.2, §4, issue "bank changes hardened": an admitted supplier changes a contact and adds a
 * bank account (with its certificate) in the supplier portal; the purchasing manager sees the comparison on
 * the approval card and approves, which is not yet enough for a bank change; a second approver (the flow's
 * CMT leader) approves; the supplier master shown to staff and the ERP simulator's vendor then hold the new
 * contact and account. The comparison also opens without login by its code.
 */
describe('a supplier changes a contact and adds a bank account, approved by two people', () => {
  let stack: RunningStack;
  let browser: Browser;
  let supplier: AdmittedSupplier;
  let portal: Page;
  let flowNo: string;
  let comparisonHref: string;
  const step = chainedSteps(180_000);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    supplier = await admitSupplierThroughFlow(stack);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The staff editor of the admitted supplier, every card shown. */
  const openStaffEditor = async (pm: Page) => {
    await pm.goto(`${stack.appUrl}/supplier-inner-edit/edit`);
    await pm.getByRole('combobox', { name: '供应商', exact: true }).fill(supplier.supplierCode);
    await pm
      .getByRole('option', { name: new RegExp(supplier.supplierCode) })
      .first()
      .click();
    await pm.getByTestId('change-editor').waitFor();
    await pm.getByTestId('modify-type').getByText('全部信息', { exact: true }).click();
  };

  const choose = async (page: Page, scope: Locator, name: string, option: string) => {
    await scope.getByRole('combobox', { name, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  step('the supplier opens "change my information" in the portal and sees no change running', async () => {
    portal = await portalLogin(browser, stack.appUrl, supplier.email);
    await portal.getByTestId('portal-change-entry').click();
    await portal.waitForURL(/\/client\/portal\/supplier-info/);
    await waitUntil(() => portal.getByTestId('portal-change-new').isEnabled(), 'the new change button');
    expect(await portal.getByTestId('portal-change-running').count()).toBe(0);
    await portal.getByTestId('portal-change-new').click();
    await portal.getByTestId('change-editor').waitFor();
  });

  step('it edits a contact, adds a bank account with its certificate, and submits; no purchase card is shown', async () => {
    await portal.getByTestId('modify-type').getByText('全部信息', { exact: true }).click();
    // The purchase card is staff-only (req change §2.2).
    expect(await portal.getByText('采购信息', { exact: true }).count()).toBe(0);
    const name = portal.getByRole('textbox', { name: '姓名', exact: true }).first();
    await name.fill(NEW_CONTACT_NAME);

    await portal.getByRole('button', { name: '添加银行' }).click();
    const bank = portal.getByTestId('bank-row-1');
    await choose(portal, bank, '银行总行', '中国工商银行');
    await bank.getByLabel('开户行名称').fill('武汉');
    await portal.getByRole('option', { name: '中国工商银行武汉分行', exact: true }).click();
    expect(await bank.getByLabel('SWIFT/联行号').inputValue()).toBe('ICBKCNBJHUB');
    await bank.getByLabel('银行账号').fill(NEW_ACCOUNT);
    // The account is in the supplier's own name (the master's, from its release form): no reason asked.
    await bank.getByLabel('账户名称', { exact: true }).fill(SUPPLIER_NAME);

    // Without the new account's certificate the submit is refused on the field.
    await portal.getByTestId('modify-reason').fill('联系人变更，新增武汉结算账户');
    await portal.getByTestId('change-submit').click();
    await bank.locator('.mantine-InputWrapper-error').first().waitFor();

    await uploadIn(portal, bank, pdf('icbc-wuhan-account-licence.pdf'));
    await portal.getByTestId('change-submit').click();
    const done = portal.getByTestId('portal-change-submitted');
    await done.waitFor({ timeout: 30_000 }).catch(async (err: Error) => {
      // Name what the form or the server refused instead of only timing out.
      const refused = await portal.locator('.mantine-InputWrapper-error, .mantine-Input-error, [data-testid="change-refusal"]').allInnerTexts();
      throw new Error(`${err.message}\nrefused: ${refused.join(' | ')}`);
    });
    flowNo = /变更 (\S+) 已提交/.exec(await done.innerText())![1]!;
    comparisonHref = (await done.getByTestId('portal-change-comparison').getAttribute('href'))!;
    expect(comparisonHref).toMatch(/^\/info-diff-supplier\?comparisonCode=[A-Za-z0-9_-]{43}$/);
  });

  step('the portal shows the change running (one at a time) with its status', async () => {
    await portal.goto(`${stack.appUrl}/client/portal/supplier-info`);
    const running = portal.getByTestId('portal-change-running');
    await running.waitFor();
    expect(await running.innerText()).toContain(flowNo);
    expect(await portal.getByTestId('portal-change-new').isDisabled()).toBe(true);
    const row = portal.locator(`[data-testid="change-row"][data-flow-no="${flowNo}"]`);
    expect(await row.getAttribute('data-status')).toBe('approving');
  });

  step('the comparison opens without login: the contact modified, the account added, in words', async () => {
    const anonymous = await (await browser.newContext({ locale: LOCALE_OF.zh })).newPage();
    await anonymous.goto(`${stack.appUrl}${comparisonHref}`);
    await anonymous.getByTestId('comparison').waitFor();
    const contacts = anonymous.getByTestId('diff-section-contactList');
    expect(await contacts.locator('[data-testid="diff-row"][data-change="modified"]').count()).toBe(1);
    const nameCell = contacts.locator('[data-testid="diff-field-name"][data-side="after"]');
    expect(await nameCell.getAttribute('data-change')).toBe('modified');
    expect(await nameCell.innerText()).toContain(NEW_CONTACT_NAME);
    expect(await nameCell.innerText()).toContain('修改');
    // Codes read as their names, though no dictionary is open to an anonymous reader; one label per field.
    const position = contacts.locator('[data-testid="diff-field-position"][data-side="after"]');
    expect(await position.innerText()).toContain('销售总监');
    expect(await position.innerText()).not.toContain('SALES_DIRECTOR');
    expect(await contacts.getByText('事业部', { exact: true }).count()).toBe(0);
    const banks = anonymous.getByTestId('diff-section-bankList');
    const added = banks.locator('[data-testid="diff-row"][data-change="added"]');
    expect(await added.count()).toBe(1);
    expect(await added.innerText()).toContain(NEW_ACCOUNT);
    expect(await added.innerText()).toContain('新增');
    // Nothing else of the supplier: no purchase data on a supplier-side comparison.
    expect(await anonymous.getByTestId('diff-section-purchase').count()).toBe(0);
    // A wrong code shows nothing.
    await anonymous.goto(`${stack.appUrl}/info-diff-supplier?comparisonCode=${'A'.repeat(43)}`);
    await anonymous.getByTestId('comparison-error').waitFor();
    expect(await anonymous.getByTestId('comparison').count()).toBe(0);
    await anonymous.context().close();
  });

  step('the purchasing manager sees the comparison on the approval card and approves; a second approver is still needed', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await pm.goto(`${stack.appUrl}/supplier-change/approval?flowNo=${flowNo}`);
    const card = pm.getByTestId('change-approval-card');
    await card.waitFor();
    await pm.getByTestId('bank-change-notice').waitFor();
    await pm.getByTestId('comparison').waitFor();
    expect(await pm.getByTestId('diff-section-bankList').locator('[data-change="added"][data-testid="diff-row"]').count()).toBe(1);
    await pm.getByTestId('change-approve').click();
    await toast(pm, '操作成功');
    await pm.reload();
    await pm.getByTestId('second-approver-needed').waitFor({ timeout: 20_000 });
    expect(await pm.getByTestId('change-approve').count()).toBe(0);
    await pm.close();
  });

  step('the second approver approves; the change takes effect', async () => {
    const cmt = await staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    await cmt.goto(`${stack.appUrl}/supplier-change/approval?flowNo=${flowNo}`);
    await cmt.getByTestId('change-approval-card').waitFor();
    await cmt.getByTestId('change-approve').click();
    await toast(cmt, '操作成功');
    await waitUntil(async () => {
      await cmt.goto(`${stack.appUrl}/supplier-change/approval?flowNo=${flowNo}`);
      return (await cmt.getByTestId('change-approval-card').getAttribute('data-status')) === 'finished';
    }, 'the change finished');
    await cmt.close();
  });

  step('staff see the new contact and account in the supplier master; the ERP simulator has the account', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    await openStaffEditor(pm);
    expect(await pm.getByRole('textbox', { name: '姓名', exact: true }).first().inputValue()).toBe(NEW_CONTACT_NAME);
    expect(await pm.getByTestId('bank-row-1').getByLabel('银行账号').inputValue()).toBe(NEW_ACCOUNT);
    await waitUntil(async () => (await erpVendorAccounts(stack, supplier.supplierCode)).includes(NEW_ACCOUNT), 'the new account in the ERP');
    await pm.close();
  });

  step('on a phone, in English, the portal home and the change form fit the screen: nothing runs off to the side', async () => {
    await portal.setViewportSize({ width: 390, height: 844 });
    await portal.goto(`${stack.appUrl}/client/portal`);
    await portal.getByText('EN', { exact: true }).click();
    await portal.getByRole('button', { name: 'Log out' }).waitFor();
    const sideways = () => portal.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await portal.goto(`${stack.appUrl}/client/portal/supplier-info/edit`);
    await portal.getByTestId('modify-type').getByText('Factories', { exact: true }).waitFor();
    expect(await sideways()).toBeLessThanOrEqual(0);
    const factories = (await portal.getByTestId('modify-type').getByText('Factories', { exact: true }).boundingBox())!;
    expect(factories.x + factories.width).toBeLessThanOrEqual(390);
  });

  step('its purchasing manager changes every card of the supplier admitted through the flow: nothing asked that admission left out', async () => {
    const pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    const approverPage = staffLogin(browser, stack.appUrl, 'cmt.li', 'zh');
    await openStaffEditor(pm);
    await as(pm, 'inner-edit-all', async () => {
      // The factory's attribute is a factory administrator's: admission recorded the questionnaire's site as a production plant.
      const attribute = pm.getByTestId('change-factory-0').getByLabel('工厂属性');
      await waitUntil(async () => (await attribute.inputValue()) === '生产工厂', 'the factory attribute shown');
      await pm.getByTestId('modify-reason').fill('年度资料核对');
      await pm.getByTestId('change-submit').click();
      await pm.waitForURL(/\/supplier-change\/approval\?flowNo=/, { timeout: 30_000 });
    });
    // Its approver opens the card at once: the step it shows open takes the decision, however soon.
    const cardUrl = pm.url();
    const approver = await approverPage;
    await as(approver, 'approve-at-once', async () => {
      await approver.goto(cardUrl);
      await approver.getByTestId('change-approve').click({ timeout: 20_000 });
      await toast(approver, '操作成功');
    });
    expect(await approver.locator('.mantine-Notification-root').filter({ hasText: '不在审批中' }).count()).toBe(0);
    await approver.close();
    await pm.close();
  });
});
