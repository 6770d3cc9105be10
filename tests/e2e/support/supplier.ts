import type { Browser, Page } from 'playwright-core';
import type { Db } from '#db/connection.ts';
import { type Lang, LOCALE_OF } from './lang.ts';
import { readNewestMail } from './mailbox.ts';
import { waitUntil } from './wait.ts';

const TEXT = {
  zh: { email: '邮箱', code: '验证码', getCode: '获取验证码', loggedIn: '登录成功' },
  en: { email: 'E-mail', code: 'Verification code', getCode: 'Get code', loggedIn: 'Logged in' },
} as const;

/** The questionnaire link of the newest invitation mailed to `email`. */
export async function invitationLink(browser: Browser, appUrl: string, email: string): Promise<string> {
  const mail = await readNewestMail(browser, appUrl, email, /\/client\/login\//);
  return mail.match(/https?:\/\/\S+\/client\/login\/[A-Za-z0-9_-]+/)![0];
}

/**
 * The supplier opens its link, requests a code, reads it in the mailbox, agrees and enters; returns
 * on the questionnaire page. `page` may be an existing supplier page (a second login).
 */
export async function supplierLogin(target: Browser | Page, appUrl: string, email: string, lang: Lang, link?: string): Promise<Page> {
  const L = TEXT[lang];
  const page = 'newContext' in target ? await (await target.newContext({ locale: LOCALE_OF[lang] })).newPage() : target;
  const browser = page.context().browser()!;
  // A second login uses the same invitation, by then no longer the newest mail.
  const url = link ?? links.get(email) ?? (await invitationLink(browser, appUrl, email));
  links.set(email, url);
  await page.goto(url);
  await waitUntil(async () => (await page.getByLabel(L.email, { exact: true }).inputValue()) === email, 'the e-mail of the link');
  await page.getByRole('button', { name: L.getCode }).click();
  const code = await readCode(browser, appUrl, email);
  await page.bringToFront();
  await page.getByLabel(L.code, { exact: true }).fill(code);
  await page.getByRole('checkbox').check();
  await page.getByLabel(L.code, { exact: true }).press('Enter');
  await page.waitForURL(/\/client\/rfi\//, { timeout: 15_000 });
  return page;
}

const links = new Map<string, string>();

/** The newest 6-digit code; a second login waits for a code other than the one read before. */
const seenCodes = new Map<string, string>();
async function readCode(browser: Browser, appUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await readNewestMail(browser, appUrl, email, /\b\d{6}\b/);
    const code = text.match(/\b(\d{6})\b/)![1];
    if (seenCodes.get(email) !== code) {
      seenCodes.set(email, code);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no new code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Req rfi §4 makes a new code wait 120 s after the last one (tested in the API suite); a test that logs
 * in again sooner moves the last request back instead of sleeping.
 */
export async function skipResendWait(db: Db, email: string): Promise<void> {
  const apps = db.selectFrom('rfi_application').select('apply_no').where('email', '=', email);
  await db
    .updateTable('supplier_login_code')
    .set({ sent_at: new Date(Date.now() - 121_000) })
    .where('apply_no', 'in', apps)
    .execute();
}
