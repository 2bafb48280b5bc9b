import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Loading states hold the final layout's place (docs/design.md «Skeleton»): with the screen's data
 * held back, the heading and the first block are where they are once it has arrived, within a pixel
 * or two. Measured, not timed: the data is released only after the first measure.
 */

// What the guards read to let the screen render passes; the screen's own data waits.
const SCREEN_DATA = /\/rest\/v1\/(?!rpc\/get_|profiles|organizations_members|users_configs)/;

async function holdScreenData(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route(SCREEN_DATA, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('/leads: the heading and the list stay where they are when the leads arrive', async ({
      page,
      signInAs,
    }) => {
      await signInAs(page, 'ola@fjordror.no');
      const release = await holdScreenData(page);
      await page.goto('/leads');
      const heading = page.getByRole('heading', { level: 1, name: 'Leads' });
      const list = page.getByRole('table', { name: /^Leads i / });
      await expect(list).toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
      const before = { heading: await top(heading), list: await top(list) };
      release();
      await expect(list).not.toHaveAttribute('aria-busy');
      await expect(list.getByRole('row').nth(1)).toBeVisible();
      expect(Math.abs((await top(heading)) - before.heading)).toBeLessThanOrEqual(2);
      expect(Math.abs((await top(list)) - before.list)).toBeLessThanOrEqual(2);
    });

    test('/payments: the balances hold their size while they load', async ({ page, signInAs }) => {
      await signInAs(page, 'ola@fjordror.no');
      const release = await holdScreenData(page);
      await page.goto('/payments');
      const balances = page.getByRole('region', { name: 'Saldo' });
      // The figures, not the section: on a desktop the section stretches to its row's tallest card.
      const figures = balances.locator('dl');
      const card = page.getByRole('region', { name: 'Lagret kort' });
      await expect(balances).toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
      const before = { figures: await figures.boundingBox(), card: await top(card) };
      release();
      await expect(page.getByTestId('balance-tickets')).toBeVisible();
      const after = await figures.boundingBox();
      expect(Math.abs(after!.height - before.figures!.height)).toBeLessThanOrEqual(2);
      expect(Math.abs((await top(card)) - before.card)).toBeLessThanOrEqual(2);
    });
  });
}
