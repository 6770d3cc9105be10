import type { Browser, BrowserContext } from 'playwright-core';
import { staffLogin } from './staff.ts';

/**
 * The dev mailbox is for staff with ops:dev-mailbox: mails are read in a browser context of its
 * own where the demo administrator logged in, once per browser and stack (logins are rate-limited).
 */
const mailboxReaders = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

function mailboxReader(browser: Browser, appUrl: string): Promise<BrowserContext> {
  let byApp = mailboxReaders.get(browser);
  if (!byApp) mailboxReaders.set(browser, (byApp = new Map()));
  let reader = byApp.get(appUrl);
  if (!reader) {
    reader = staffLogin(browser, appUrl, 'admin', 'zh').then(async (page) => {
      await page.close();
      return page.context();
    });
    byApp.set(appUrl, reader);
  }
  return reader;
}

/**
 * Opens the newest mail to `to` in the dev mailbox, as a person would, and returns its text.
 * Waits (bounded) until a mail matching `expect` has arrived and is shown.
 */
export async function readNewestMail(browser: Browser, appUrl: string, to: string, expect: RegExp): Promise<string> {
  const page = await (await mailboxReader(browser, appUrl)).newPage();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`${appUrl}/dev/mailbox?to=${encodeURIComponent(to)}`);
      const row = page.locator('tbody tr[aria-selected]').first();
      if (await row.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
        await row.click();
        // The HTML view is a sandboxed frame; the plain-text tab shows the same mail as text.
        await page.getByRole('tab', { name: /纯文本|Plain text/ }).click();
        const shown = Date.now() + 5000;
        while (Date.now() < shown) {
          const text = await page.locator('body').innerText();
          if (expect.test(text)) return text;
          await page.waitForTimeout(200);
        }
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${expect}`);
      await page.waitForTimeout(500);
    }
  } finally {
    await page.close();
  }
}
