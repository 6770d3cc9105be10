import type { Page } from 'playwright-core';

/**
 * Opens the newest mail to `to` in the dev mailbox, as a person would, and returns its text.
 * Waits (bounded) until a mail matching `expect` has arrived and is shown.
 */
export async function readNewestMail(page: Page, appUrl: string, to: string, expect: RegExp): Promise<string> {
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
}
