import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { uniqueSuffix } from './support/admin';

/*
 * The booking screens as Fjord Rør's demo owner: a new solution from the «Befaring» template gets a
 * second service; the seeded «Bestill befaring» shows its bookings; marking a past one as a no-show
 * moves the no-show count in «Tall». Axe on the list and the calendar.
 */

const DEMO_SOLUTION = 'cc000000-0000-4000-8000-000000000001';

/** The «Møtte ikke» figure's count in «Tall» (its value reads «N (x %)»). */
async function noShowCount(page: Page): Promise<number> {
  const figure = page.getByLabel('Nøkkeltall for perioden').locator('div').filter({ hasText: 'Møtte ikke' });
  await expect(figure.locator('dd')).toHaveText(/^\d+ \(/, { timeout: 30_000 });
  return Number.parseInt((await figure.locator('dd').textContent()) ?? '', 10);
}

test('the demo owner creates a solution from a template, adds a service and marks a no-show', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'ola@fjordror.no');
  const name = `Befaring e2e ${uniqueSuffix()}`;

  await test.step('a solution from the befaring template, and a second service', async () => {
    await page.goto('/booking-solutions');
    await expect(page.getByRole('heading', { name: 'Bookingsider', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: 'Bestill befaring' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Ny bookingside' }).first().click();
    await page.getByLabel('Mal', { exact: true }).selectOption({ label: 'Befaring' });
    await page.getByLabel('Navn', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Lag bookingsiden' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(new RegExp(`^Oppsett · ${name}`));
    const services = page.getByRole('table', { name: 'Tjenester' });
    await expect(services.getByText('Befaring', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Ny tjeneste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny tjeneste' });
    await dialog.getByLabel('Navn').fill('Service på sluk');
    await dialog.getByLabel('Varighet (min)').fill('4');
    await dialog.getByRole('button', { name: 'Legg til tjenesten' }).click();
    // Refused in Norwegian, what was typed kept.
    await expect(dialog.getByText('Skriv en varighet fra 5 til 720 minutter.')).toBeVisible();
    await expect(dialog.getByLabel('Navn')).toHaveValue('Service på sluk');
    await dialog.getByLabel('Varighet (min)').fill('45');
    await dialog.getByRole('button', { name: 'Legg til tjenesten' }).click();
    await expect(dialog).toBeHidden();
    await expect(services.getByText('Service på sluk')).toBeVisible();
  });

  await test.step("the demo solution's bookings, and a no-show counted", async () => {
    await page.goto(`/booking-solutions/${DEMO_SOLUTION}?fane=tall`);
    await expect(page.getByRole('heading', { name: 'Bestill befaring', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const before = await noShowCount(page);

    await page.getByRole('tab', { name: 'Bestillinger' }).click();
    await expect(page).toHaveTitle(/^Bestillinger · Bestill befaring/);
    const upcoming = page.getByRole('table', { name: 'Kommende bestillinger' });
    await expect(upcoming.getByText('Befaring').first()).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Vis', { exact: true }).selectOption({ label: 'Tidligere' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Bekreftet' });
    const row = page.getByRole('table', { name: 'Tidligere bestillinger' }).getByRole('row').nth(1);
    await row.getByRole('button', { name: /^Handlinger for bestillingen til / }).click();
    await page.getByRole('menuitem', { name: 'Møtte ikke' }).click();
    await expect(page.getByText(/er merket som «møtte ikke»\./).first()).toBeVisible();

    await page.getByRole('tab', { name: 'Tall' }).click();
    await expect.poll(() => noShowCount(page), { timeout: 30_000 }).toBe(before + 1);
  });

  await test.step('the calendar: a week Monday first, each booking a button', async () => {
    await page.getByRole('tab', { name: 'Kalender' }).click();
    const grid = page.getByRole('region', { name: /^Kalender, Uke \d+/ });
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText(/^man\./);
    await page.getByRole('button', { name: 'Forrige uke' }).click();
    const booking = grid.getByRole('button').first();
    await expect(booking).toBeVisible({ timeout: 30_000 });
    await booking.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
