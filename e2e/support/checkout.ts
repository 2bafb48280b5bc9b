import { expect, type Page } from '@playwright/test';
import { admin, check, uniqueSuffix, write } from './admin';

/*
 * A checkout of Fjord Rør AS made for each test through the service role (its own stock and code, so
 * no test changes another's), and the buyer's steps on its public page.
 */
const FJORD_ROR = 'b0000000-0000-4000-8000-000000000001';
const OLA = 'a0000000-0000-4000-8000-000000000011';

export async function createCheckout() {
  const suffix = uniqueSuffix();
  const code = `E2E${suffix
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-10)
    .toUpperCase()}`;
  const [campaign] = await check(
    admin
      .from('campaigns')
      .insert({
        organization_id: FJORD_ROR,
        kind: 'checkout',
        name: `Varmepumpeservice ${suffix}`,
        consent_text: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.',
        rules_text: 'Kjøpsvilkår: 14 dagers angrerett.',
        reminders_enabled: true,
        created_by: OLA,
      })
      .select('id'),
  );
  const id = campaign.id;
  await write(
    admin.from('checkouts').insert({
      id,
      organization_id: FJORD_ROR,
      business_fields: 'optional',
      bump_heading: 'Ja, legg til et ekstra filter',
      bump_text: 'Til neste sesong.',
    }),
  );
  const products = await check(
    admin
      .from('products')
      .insert([
        { organization_id: FJORD_ROR, name: 'Service', price_ore: 149000, vat_rate: 25, stock: 5 },
        { organization_id: FJORD_ROR, name: 'Ekstra filter', price_ore: 24900, vat_rate: 25 },
      ])
      .select('id, name'),
  );
  const idOf = (name: string) => products.find((product) => product.name === name)!.id;
  await write(
    admin.from('checkout_products').insert([
      {
        checkout_id: id,
        product_id: idOf('Service'),
        organization_id: FJORD_ROR,
        role: 'main',
        quantity_editable: true,
      },
      {
        checkout_id: id,
        product_id: idOf('Ekstra filter'),
        organization_id: FJORD_ROR,
        role: 'bump',
        quantity_editable: false,
      },
    ]),
  );
  await write(
    admin.from('coupons').insert({ organization_id: FJORD_ROR, code, percent_off: 10, checkout_id: id }),
  );
  await write(
    admin
      .from('campaigns')
      .update({ published_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('id', id),
  );
  return { id, code };
}

/**
 * The engine's time trap refuses a form sent within 3 seconds of showing it (by the page's own clock):
 * the page's clock starts 10 seconds back, as for a buyer who read the offer first.
 */
export const sitWithThePage = (page: Page) => page.clock.install({ time: new Date(Date.now() - 10_000) });

export async function fillOrder(page: Page, code: string, email: string, { remindMe = false } = {}) {
  await page.getByRole('textbox', { name: 'E-post' }).fill(email);
  if (remindMe) await page.getByRole('checkbox', { name: /påminnelse om jeg ikke fullfører/ }).check();
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await page.getByRole('checkbox', { name: /Ja, legg til et ekstra filter/ }).check();
  await page.getByText('Har du en rabattkode?').click();
  await page.getByRole('textbox', { name: 'Rabattkode' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Bruk koden' }).click();
  // 1 490 + 249 = 1 739 kr, 10 % off: 1 565,10 kr
  await expect(page.getByText(`Rabattkoden ${code} gir 173,90 kr i rabatt.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Navn' }).fill('Kari Kjøper');
  await page.getByRole('textbox', { name: 'Organisasjonsnummer (valgfritt)' }).fill('923 609 016');
  await page.getByRole('checkbox', { name: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.' }).check();
  await page.getByRole('button', { name: /Gå til betaling/ }).click();
}

export async function typeCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Kortnummer' }).fill(number);
  await page.getByRole('textbox', { name: 'Utløpsdato (MM/ÅÅ)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}
