import type { Locator, Page } from '@playwright/test';

/** Presses Tab until `target` has the focus (at most `limit` times): reachable by keyboard alone. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${limit} × Tab`);
}
