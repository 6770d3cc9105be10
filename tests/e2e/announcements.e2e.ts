import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningStack } from '#infra/stack.ts';
import { hashPassword } from '#adapters/security/password.ts';
import { DEMO_PASSWORD } from '#db/seeds/org.ts';
import { ROUTES } from '#domain/permissions.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { pdf, toast, uploadIn } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { staffLogin } from './support/staff.ts';
import { chainedSteps } from './support/steps.ts';
import { waitUntil } from './support/wait.ts';

const TITLE = '座椅品类质量月通知';
const SECOND = '座椅骨架材料证明更新';

/**
 * Req shell §2.7, §4, §5.4: the administrator publishes a pop-up announcement to the suppliers of one
 * category (座椅骨架 501001); that supplier sees its unread pop-ups in one window on the portal, puts them off,
 * then marks them all read and the bell's dot goes, while a supplier of another category sees nothing; the administrator then sees one
 * reader. The supplier sends feedback from the portal (the form's rules shown first), and the
 * administrator answers it; the answer is mailed to the supplier and shows under 我的反馈 on the portal, to that
 * supplier only. Last the administrator withdraws the announcement: no reader sees it again.
 */
describe('announcements and feedback between the administrator and a supplier', () => {
  let stack: RunningStack;
  let browser: Browser;
  let admin: Page;
  let seats: Page;
  const supplier = { seats: { email: '', name: '上海座椅骨架有限公司' }, harness: { email: '', name: '昆山线束有限公司' }, seals: { email: '', name: '宁波密封件有限公司' } };
  const step = chainedSteps(180_000);

  /** A supplier with a portal account whose flow applies for one category. */
  async function supplierOf(name: string, category: string): Promise<string> {
    const db = stack.db.db;
    const { flowNo, email } = await insertAppliedFlow(db, { supplierName: name });
    await db.updateTable('cert_flow').set({ category_list: JSON.stringify([{ code: category, name: category }]) }).where('flow_no', '=', flowNo).execute();
    await ensureSupplierAccount(db, flowNo);
    return email;
  }

  const dot = (page: Page) => page.getByTestId('announcement-dot').locator('.mantine-Indicator-indicator');

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    supplier.seats.email = await supplierOf(supplier.seats.name, '501001');
    supplier.harness.email = await supplierOf(supplier.harness.name, '401001');
    // Logs in once, late: a second code to the same address would wait out the 120 s resend rule.
    supplier.seals.email = await supplierOf(supplier.seals.name, '401001');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  step('the administrator publishes a pop-up announcement to the suppliers of one category; the script in its body is removed', async () => {
    admin = await staffLogin(browser, stack.appUrl, 'admin', 'zh');
    await admin.getByRole('link', { name: '公告管理' }).first().click();
    await admin.getByTestId('announcement-new').click();
    const editor = admin.getByRole('dialog', { name: '新建公告' });
    await editor.getByTestId('announcement-title').fill(TITLE);
    await editor.getByRole('combobox', { name: '发布对象', exact: true }).click();
    await admin.getByRole('option', { name: '指定品类的供应商', exact: true }).click();
    await editor.getByRole('combobox', { name: '品类', exact: true }).fill('501001');
    await admin.getByRole('option', { name: /501001/ }).first().click();
    await editor.getByTestId('announcement-popup-flag').check();
    await editor.getByTestId('announcement-context').fill('<p>本月为<b>质量月</b>，请完成自检。</p><script>window.pwned = 1</script>');
    await editor.getByTestId('announcement-publish').click();
    await toast(admin, '发布成功');
    const row = admin.getByTestId('announcement-list').locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('announcement-read-count').innerText()).toBe('0/1');
    // Its audience by name, not by code.
    expect(await row.innerText()).toContain('指定品类的供应商: 座椅总成');
    expect(await row.innerText()).not.toContain('501001');
    const stored = await stack.db.db.selectFrom('announcement').select('context').where('title', '=', TITLE).executeTakeFirstOrThrow();
    expect(stored.context).toBe('<p>本月为<b>质量月</b>，请完成自检。</p>');
  });

  step('the supplier of that category sees its unread pop-ups in one window, puts them off, then marks them all read, and the dot goes', async () => {
    // A second pop-up to the same category, released an hour before the first.
    const db = stack.db.db;
    const first = await db.selectFrom('announcement').selectAll().where('title', '=', TITLE).executeTakeFirstOrThrow();
    await db
      .insertInto('announcement')
      .values({ ...first, id: undefined, title: SECOND, context: '<p>请更新座椅骨架的材料证明。</p>', release_time: new Date(new Date(first.release_time).getTime() - 3_600_000) })
      .execute();

    seats = await portalLogin(browser, stack.appUrl, supplier.seats.email);
    const popup = seats.getByRole('dialog', { name: '未读公告（2）' });
    await popup.waitFor({ timeout: 20_000 });
    const items = popup.getByTestId('announcement-popup-item');
    expect(await items.allInnerTexts()).toEqual([expect.stringContaining(TITLE), expect.stringContaining(SECOND)]);
    // The newest is open.
    expect(await popup.getByTestId('announcement-content').first().innerText()).toContain('本月为质量月，请完成自检。');
    expect(await dot(seats).innerText()).toBe('2');

    // Put off: gone for this login, still unread.
    await popup.getByRole('button', { name: '稍后再看' }).click();
    await popup.waitFor({ state: 'detached' });
    await seats.reload();
    await seats.getByTestId('announcement-dot').waitFor();
    await waitUntil(async () => (await dot(seats).count()) === 1, 'the unread dot after a reload');
    expect(await dot(seats).innerText()).toBe('2');
    expect(await seats.getByTestId('announcement-popup').count()).toBe(0);

    // A new login (its own token) shows them again; 全部标为已读 reads both.
    await seats.evaluate(() => sessionStorage.removeItem('announcements.later.portal'));
    await seats.reload();
    await seats.getByRole('dialog', { name: '未读公告（2）' }).getByTestId('announcement-popup-read-all').click();
    await seats.getByTestId('announcement-popup').waitFor({ state: 'detached' });
    await waitUntil(async () => (await dot(seats).count()) === 0, 'the unread dot to go');
    // Once: after a reload the pop-up does not come back, and the drawer lists the announcement as read.
    await seats.reload();
    await seats.getByRole('button', { name: '系统公告' }).click();
    const item = seats.getByTestId('announcement-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getByTestId('announcement-item-unread').count()).toBe(0);
    expect(await seats.getByTestId('announcement-popup').count()).toBe(0);
    await seats.keyboard.press('Escape');
  });

  step('a supplier of another category sees neither the pop-up nor an unread dot', async () => {
    const harness = await portalLogin(browser, stack.appUrl, supplier.harness.email);
    await harness.getByRole('button', { name: '系统公告' }).click();
    await harness.getByText('暂无公告').waitFor();
    expect(await dot(harness).count()).toBe(0);
    expect(await harness.getByTestId('announcement-popup').count()).toBe(0);
    await harness.close();
  });

  step('the administrator sees one reader: the supplier', async () => {
    await admin.reload();
    const row = admin.getByTestId('announcement-list').locator('tr', { hasText: TITLE });
    await waitUntil(async () => (await row.getByTestId('announcement-read-count').innerText()) === '1/1', 'one reader of one');
    await row.getByTestId('announcement-readers').click();
    const readers = admin.getByTestId('readers-table');
    await readers.getByText(supplier.seats.name).waitFor();
    expect(await readers.locator('tbody tr').count()).toBe(1);
    await admin.keyboard.press('Escape');
  });

  step('the supplier sends feedback from the portal: the rules first, then 反馈成功！', async () => {
    await seats.getByTestId('feedback-button').click();
    const form = seats.getByRole('dialog', { name: '意见反馈' });
    await form.getByTestId('feedback-submit').click();
    await form.getByText('请选择问题类型').first().waitFor();
    await form.getByText('请选择内容').waitFor();
    await form.getByTestId('feedback-type').click();
    await seats.getByRole('option', { name: '系统异常', exact: true }).click();
    await form.getByTestId('feedback-context').fill('自检清单页面上传附件后不显示');
    await uploadIn(seats, form, pdf('上传截图.pdf'));
    await form.getByTestId('feedback-submit').click();
    await toast(seats, '反馈成功！');
    await form.waitFor({ state: 'detached' });
  });

  step('the supplier finds it under 我的反馈: pending, with its attachment and no answer yet', async () => {
    await seats.getByTestId('portal-feedback-entry').click();
    const row = seats.getByTestId('portal-feedback-list').locator('tr', { hasText: '自检清单页面上传附件后不显示' });
    await row.waitFor();
    expect(await row.getByTestId('feedback-status').innerText()).toBe('待处理');
    await row.getByTestId('portal-feedback-open').click();
    const detail = seats.getByTestId('portal-feedback-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain('上传截图.pdf');
    expect(await detail.getByTestId('portal-feedback-no-answer').innerText()).toBe('尚未回复');
  });

  step('the administrator answers it; the status is answered and the supplier is mailed the answer', async () => {
    await admin.getByRole('link', { name: '意见反馈管理' }).first().click();
    const row = admin.getByTestId('feedback-list').locator('tr', { hasText: '自检清单页面上传附件后不显示' });
    await row.waitFor();
    expect(await row.innerText()).toContain('上传截图.pdf');
    await row.getByTestId('feedback-answer-open').click();
    await admin.getByTestId('feedback-answer').fill('已修复，请刷新页面后重试');
    await admin.getByTestId('feedback-answer-submit').click();
    await toast(admin, '操作成功');
    await waitUntil(async () => (await row.getByTestId('feedback-status').innerText()) === '已回复', 'the answered status');
    const mails = await stack.db.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', supplier.seats.email).where('dedupe_key', 'like', 'feedback-answer:%').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('已修复，请刷新页面后重试');
  });

  step('the supplier reads the answer on its feedback; another supplier opening the same address is told it does not exist', async () => {
    await seats.reload();
    const detail = seats.getByTestId('portal-feedback-detail');
    await waitUntil(async () => (await detail.getByTestId('portal-feedback-answer').count()) === 1, 'the answer on the detail');
    expect(await detail.getByTestId('portal-feedback-answer').innerText()).toContain('已修复，请刷新页面后重试');
    expect(await detail.getByTestId('feedback-status').innerText()).toBe('已回复');
    const address = seats.url();
    const seals = await portalLogin(browser, stack.appUrl, supplier.seals.email);
    await seals.goto(address);
    await seals.getByTestId('portal-feedback-missing').waitFor();
    expect(await seals.getByTestId('portal-feedback-missing').innerText()).toBe('反馈不存在');
    expect(await seals.getByText('自检清单页面上传附件后不显示').count()).toBe(0);
    await seals.close();
  });

  step('another announcement manager sees the announcement without a withdraw button: only its publisher or an administrator may', async () => {
    const db = stack.db.db;
    await db.insertInto('role').values({ code: 'E2E_ANNOUNCER', name_zh: '公告员', name_en: 'Announcer', permissions: JSON.stringify([ROUTES.announcementManage]) }).execute();
    await db
      .insertInto('staff')
      .values({ job_number: 'E19998', username: 'announcer.e2e', name: '公告员', email: 'announcer.e2e@oem.example.com', password_hash: await hashPassword(DEMO_PASSWORD), roles: JSON.stringify(['E2E_ANNOUNCER']) })
      .execute();
    const colleague = await staffLogin(browser, stack.appUrl, 'announcer.e2e', 'zh');
    await colleague.goto(`${stack.appUrl}/announcement-manage`);
    const row = colleague.getByTestId('announcement-list').locator('tr', { hasText: TITLE });
    await row.getByTestId('announcement-readers').waitFor();
    expect(await row.getByTestId('announcement-withdraw').count()).toBe(0);
    await colleague.close();
  });

  step('the administrator withdraws the announcement: it shows 已撤回 with its reader kept, and is gone from the supplier’s drawer', async () => {
    await admin.getByRole('link', { name: '公告管理' }).first().click();
    const row = admin.getByTestId('announcement-list').locator('tr', { hasText: TITLE });
    await row.getByTestId('announcement-withdraw').click();
    await admin.getByTestId('announcement-withdraw-confirm').click();
    await toast(admin, '撤回成功');
    await waitUntil(async () => (await row.innerText()).includes('已撤回'), 'the withdrawn status');
    expect(await row.getByTestId('announcement-read-count').innerText()).toBe('1/1');
    expect(await row.getByTestId('announcement-withdraw').count()).toBe(0);

    // The second pop-up goes too (it was set up in the database; the screen withdraws the first).
    await stack.db.db.updateTable('announcement').set({ status: 'WITHDRAWN' }).where('title', '=', SECOND).execute();
    await seats.goto(`${stack.appUrl}/client/portal`);
    await seats.getByRole('button', { name: '系统公告' }).click();
    await seats.getByText('暂无公告').waitFor();
    expect(await seats.getByTestId('announcement-item').filter({ hasText: TITLE }).count()).toBe(0);
    await seats.keyboard.press('Escape');
  });
});
