import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { createOrganization, createUser } from './support/admin';

/*
 * The checkout builder's catalogue against the local stack: an owner of a new organization creates a
 * product (a Norwegian price with øre, 15 % MVA, limited stock) and a discount code in their tabs of
 * /checkouts, and finds both in the tables, as the database stored them. Its own user and
 * organization, so the demo's products and codes stay as the seed makes them.
 */

test('an owner creates a product and a discount code and sees them in the tables', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const owner = await createUser('kassebygger', 'Kari Kasse');
  await createOrganization(owner.id, `Kasse ${owner.suffix} AS`);
  await signInAs(page, owner.email);
  const product = `Servicepakke ${owner.suffix}`;
  const code = `VELKOMMEN-${owner.suffix}`.toUpperCase();

  await page.goto('/checkouts?fane=produkter');
  await expect(page.getByRole('tab', { name: 'Produkter', selected: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Produkter · Leadtorget');
  await page.getByRole('button', { name: 'Nytt produkt' }).first().click();
  const productDialog = page.getByRole('dialog', { name: 'Nytt produkt' });
  await productDialog.getByLabel('Navn').fill(product);
  await productDialog.getByLabel('Pris i kroner, inkl. mva').fill('1 299,50');
  await productDialog.getByLabel('MVA-sats').selectOption({ label: '15 % – næringsmidler' });
  await expect(productDialog.getByLabel('Prisen kunden ser')).toContainText('169,50');
  await productDialog.getByLabel('Antall på lager').fill('12');
  await expectNoAxeViolations(page);
  await productDialog.getByRole('button', { name: 'Lag produktet' }).click();
  await expect(productDialog).toBeHidden();
  const productRow = page.getByRole('row').filter({ hasText: product });
  await expect(productRow).toContainText(/1\s299,50\skr inkl\. mva/);
  await expect(productRow).toContainText('15 %');
  await expect(productRow).toContainText('12');
  await expect(productRow).toContainText('Til salgs');

  await page.getByRole('tab', { name: 'Rabattkoder' }).click();
  await expect(page).toHaveURL(/fane=rabattkoder/);
  await expect(page).toHaveTitle('Rabattkoder · Leadtorget');
  await page.getByRole('button', { name: 'Ny rabattkode' }).first().click();
  const couponDialog = page.getByRole('dialog', { name: 'Ny rabattkode' });
  await couponDialog.getByLabel('Kode', { exact: true }).pressSequentially(code.toLowerCase());
  await expect(couponDialog.getByLabel('Kode', { exact: true })).toHaveValue(code);
  await couponDialog.getByLabel('Prosent av').fill('20');
  await couponDialog.getByLabel('Høyst antall bruk').fill('50');
  await couponDialog.getByRole('button', { name: 'Lag koden' }).click();
  await expect(couponDialog).toBeHidden();
  const couponRow = page.getByRole('row').filter({ hasText: code });
  await expect(couponRow).toContainText('20 %');
  await expect(couponRow).toContainText('Alle kasser');
  await expect(couponRow).toContainText('0 av 50');
  await expect(couponRow).toContainText('Aktiv');

  // The same code again is the unique key's refusal, shown on the field.
  await page.getByRole('button', { name: 'Ny rabattkode' }).first().click();
  await couponDialog.getByLabel('Kode', { exact: true }).fill(code);
  await couponDialog.getByLabel('Prosent av').fill('10');
  await couponDialog.getByRole('button', { name: 'Lag koden' }).click();
  await expect(couponDialog.getByText('Koden finnes allerede.')).toBeVisible();
  await expect(couponDialog.getByLabel('Prosent av')).toHaveValue('10');
});
