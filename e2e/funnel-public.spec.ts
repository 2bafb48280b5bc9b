import { expect, test } from './fixtures';
import { admin, check, uniqueSuffix } from './support/admin';
import { messagesTo } from './support/outbox';
import { PHONE_390, sidewaysScrollers } from './support/phone';

/**
 * The seeded demo funnel «Rørsjekk-trakten» (supabase/seed-funnels.sql, docs/funnels.md): an anonymous
 * visitor on a phone reads the sales page, pays the embedded checkout with the local provider's
 * 3-D Secure test card, accepts the upsell in one click (the bank asks again, off-session) and sees
 * two receipts on the thank-you page; each order e-mails its confirmation, the database holds the two
 * orders, and the seller reads the upsell's orders on the funnel's «Tall» tab.
 */
const FUNNEL = 'cf200000-0000-4000-8000-000000000001';
const UPSELL = 'cf200000-0000-4000-8000-000000000013';

test('a funnel on a phone: sales page, checkout with 3-D Secure, one-click upsell, two orders', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const email = `trakt-${uniqueSuffix()}@example.no`.toLowerCase();
  await page.setViewportSize(PHONE_390);
  // The engine's time trap refuses an e-mail step sent within 3 s of showing it (the page's clock):
  // the clock starts 10 s back, as for a visitor who read the page first (e2e/checkout-public.spec.ts).
  await page.clock.install({ time: new Date(Date.now() - 10_000) });
  await page.goto(`/trakt/${FUNNEL}`);
  await expect(page).toHaveTitle('Salgsside – Rørsjekk-trakten');
  expect(await sidewaysScrollers(page)).toEqual([]);
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
  await checkout.getByRole('textbox', { name: 'Kortnummer' }).fill('4000 0027 6000 3184');
  await checkout.getByRole('textbox', { name: 'Utløpsdato (MM/ÅÅ)' }).fill('12/34');
  await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
  await expect(checkout.getByText(/Kortet lagres/)).toBeVisible();
  await checkout.getByRole('button', { name: /^Betal / }).click();
  const checkoutBank = checkout.getByRole('alertdialog', { name: 'Bekreft betalingen (testmodus)' });
  await checkoutBank.getByRole('button', { name: 'Godkjenn' }).click();

  await expect(page).toHaveTitle('Tilbud – Rørsjekk-trakten');
  await expect(page.getByText('399,00 kr inkl. mva')).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: 'Ja, legg til i bestillingen' }).click();
  // This card asks for 3-D Secure on every charge: the off-session one too, answered on the page.
  const offerBank = page.getByRole('alertdialog', { name: 'Bekreft betalingen (testmodus)' });
  await expect(offerBank.getByRole('button', { name: 'Godkjenn' })).toBeFocused();
  await offerBank.getByRole('button', { name: 'Godkjenn' }).click();

  await expect(page).toHaveTitle('Takk – Rørsjekk-trakten');
  await expect(page.getByRole('link', { name: /Kvittering for kjøp/ })).toHaveCount(2);
  expect(await sidewaysScrollers(page)).toEqual([]);

  const [participant] = await check(admin.from('participants').select('id').eq('email', email));
  const orders = await check(
    admin.from('orders').select('status, total_ore, parent_order_id').eq('participant_id', participant.id),
  );
  expect(orders.map((order) => order.status)).toEqual(['paid', 'paid']);
  expect(orders.filter((order) => order.parent_order_id !== null)).toHaveLength(1);
  // Each order e-mails its own confirmation with its receipt link.
  await expect.poll(async () => (await messagesTo(email)).length, { timeout: 30_000 }).toBe(2);

  // The seller sees the upsell's orders on the funnel's figures.
  const upsellOrders = await check(
    admin.from('orders').select('id').eq('funnel_step_id', UPSELL).eq('status', 'paid'),
  );
  await signInAs(page, 'ola@fjordror.no');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/funnels/edit/${FUNNEL}?fane=tall`);
  const upsellRow = page.getByRole('table', { name: 'Tall per steg' }).getByRole('row', { name: /^Tilbud/ });
  await expect(upsellRow.getByRole('cell').nth(4)).toHaveText(String(upsellOrders.length), {
    timeout: 30_000,
  });
});
