import { expect, test } from './fixtures';
import { DEV_SERVER_URL } from './support/hosts';

/*
 * `npm start`'s Vite dev server (http://localhost:5173) serves the whole product: a demo account
 * reaches a signed-in page with its data, and a lead from the database shows. Every other spec tests
 * the built app (playwright.config.ts); this one keeps proving the command a newcomer runs first.
 */

test.use({ baseURL: DEV_SERVER_URL });

test('npm start’s dev server reaches a signed-in page with the organization’s leads', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ola@fjordror.no');
  await page.goto('/leads');
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'leads', { timeout: 60_000 });
  await expect(page).toHaveURL(`${DEV_SERVER_URL}/leads`);
  const switcher = page.getByRole('banner').getByRole('button', { name: /Bytt organisasjon/ });
  await expect(switcher).toContainText('Fjord Rør AS');
  // The leads table has rows from the seed: data came through the dev server's app from the platform.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
});
