import type { Locator, Page } from '@playwright/test';
import { expect, type SignInAs, test } from './fixtures';
import { createOrganization, createUser } from './support/admin';

/*
 * Where a toast shows (src/components/notifications.tsx, toast-placement.ts): above a phone's bottom
 * edge and in a desktop's top-right corner under the header, inside the window, and never over the
 * button that raised it — a «Lagre» at the bottom of a phone's screen sends the toast to the top.
 */

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function settledBox(page: Page, locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

async function saveProfile(page: Page, signInAs: SignInAs) {
  const user = await createUser('varsel', 'Vera Varsel');
  await createOrganization(user.id, `Varsel ${user.suffix} AS`);
  await signInAs(page, user.email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Min konto' })).toBeVisible({ timeout: 30_000 });
  const save = page.getByRole('button', { name: 'Lagre profil' });
  // The button as low on the screen as the page lets it go: where a phone's toasts would show.
  await save.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await save.click();
  const toast = page
    .getByRole('region', { name: /^Varsler/ })
    .getByRole('listitem')
    .filter({ hasText: 'Profilen er lagret.' });
  return { button: await settledBox(page, save), toast: await settledBox(page, toast) };
}

test('a phone (390 px): the toast of a «Lagre» at the bottom of the screen goes to the top, clear of it', async ({
  page,
  signInAs,
}) => {
  // A short phone screen, so the form's button sits in the bottom band where toasts show by default.
  await page.setViewportSize({ width: 390, height: 600 });
  const { button, toast } = await saveProfile(page, signInAs);
  expect(button.y + button.height).toBeGreaterThan(600 - 160);
  expect(intersects(toast, button)).toBe(false);
  expect(toast.y).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height).toBeLessThan(600 / 2);
});

test('a desktop (1280 px): the toast sits top right under the header, inside the window, clear of the button', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { button, toast } = await saveProfile(page, signInAs);
  expect(intersects(toast, button)).toBe(false);
  const header = await page.getByRole('banner').boundingBox();
  expect(toast.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(toast.x + toast.width).toBeGreaterThan(1280 - 40);
  expect(toast.x + toast.width).toBeLessThanOrEqual(1280);
  expect(toast.y + toast.height).toBeLessThanOrEqual(800);
});
