import type { Browser, Page } from 'playwright-core';
import { LOCALE_OF } from './lang.ts';
import { readNewestMail } from './mailbox.ts';
import { waitUntil } from './wait.ts';

/**
 * The supplier logs in to the portal (/client/portal/login) as a person does: e-mail, 'get code', the
 * code read from the newest code mail in the dev mailbox, the privacy agreement, 'enter'. Returns the
 * page on the portal home.
 */
export async function portalLogin(browser: Browser, appUrl: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: LOCALE_OF.zh })).newPage();
  await page.goto(`${appUrl}/client/portal/login`);
  await page.getByLabel('邮箱', { exact: true }).fill(email);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送，请查收邮件').first().waitFor({ timeout: 15_000 });
  // Only a code mail reads this way; the account and checklist mails before it do not.
  const mail = await readNewestMail(browser, appUrl, email, /您的验证码为 \d{6}/);
  const code = mail.match(/您的验证码为 (\d{6})/)![1];
  await page.bringToFront();
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('checkbox').check();
  const enter = page.getByRole('button', { name: '进入', exact: true });
  await waitUntil(() => enter.isEnabled(), 'the enter button');
  await enter.click();
  await page.getByText('登录成功').first().waitFor({ timeout: 15_000 });
  await page.waitForURL((url) => url.pathname === '/client/portal', { timeout: 15_000 });
  return page;
}
