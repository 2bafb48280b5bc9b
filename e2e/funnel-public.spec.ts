import { expect, test } from './fixtures';
import { admin, check, uniqueSuffix } from './support/admin';

/**
 * The seeded demo funnel «Rørsjekk-trakten» (supabase/seed-funnels.sql, docs/funnels.md): a visitor
 * reads the sales page, pays the embedded checkout with the local test card, accepts the upsell in one
 * click and sees two receipts on the thank-you page; the database holds the two orders.
 */
const FUNNEL = 'cf200000-0000-4000-8000-000000000001';

test('a funnel: sales page, checkout, one-click upsell, two orders', async ({ page }) => {
  const email = `trakt-${uniqueSuffix()}@example.no`.toLowerCase();
  // The engine's time trap refuses an e-mail step sent within 3 s of showing it (the page's clock):
  // the clock starts 10 s back, as for a visitor who read the page first (e2e/checkout-public.spec.ts).
  await page.clock.install({ time: new Date(Date.now() - 10_000) });
  await page.goto(`/trakt/${FUNNEL}`);
  await expect(page).toHaveTitle('Salgsside – Rørsjekk-trakten');
  await page.getByRole('button', { name: 'Bestill rørsjekk' }).click();

  await expect(page).toHaveTitle('Kasse – Rørsjekk-trakten');
  const checkout = page.frameLocator('iframe[title="Kasse: Rørsjekk-trakten"]');
  await checkout.getByRole('textbox', { name: 'E-post' }).fill(email);
  await checkout.getByRole('button', { name: 'Fortsett' }).click();
  await checkout.getByRole('textbox', { name: 'Navn' }).fill('Kari Kjøper');
  // The seeded checkout asks a required question of its own (supabase/seed-checkouts.sql).
  await checkout.getByRole('combobox', { name: 'Hva slags bolig?' }).selectOption('Enebolig');
  await checkout
    .getByRole('checkbox', { name: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.' })
    .check();
  await checkout.getByRole('button', { name: /Gå til betaling/ }).click();
  await checkout.getByRole('textbox', { name: 'Kortnummer' }).fill('4242 4242 4242 4242');
  await checkout.getByRole('textbox', { name: 'Utløpsdato (MM/ÅÅ)' }).fill('12/34');
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await expect(checkout.getByText(/Kortet lagres/)).toBeVisible();
  await checkout.getByRole('button', { name: /^Betal / }).click();

  await expect(page).toHaveTitle('Tilbud – Rørsjekk-trakten');
  await expect(page.getByText('399,00 kr inkl. mva')).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: 'Ja, legg til i bestillingen' }).click();

  await expect(page).toHaveTitle('Takk – Rørsjekk-trakten');
  await expect(page.getByRole('link', { name: /Kvittering for kjøp/ })).toHaveCount(2);

  const [participant] = await check(admin.from('participants').select('id').eq('email', email));
  const orders = await check(
    admin.from('orders').select('status, total_ore, parent_order_id').eq('participant_id', participant.id),
  );
  expect(orders.map((order) => order.status)).toEqual(['paid', 'paid']);
  expect(orders.filter((order) => order.parent_order_id !== null)).toHaveLength(1);
});
