import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { watchConsoleErrors } from './support/console';
import { APP_URL } from './support/hosts';
import { tabTo } from './support/keyboard';
import { admin, check, createListing, createMember, LEADTORGET } from './support/marketplace-data';

/*
 * /payments/setup and the on-demand purchase that needs the cardholder (docs/payments.md)
 * against `npm start` with the LOCAL payment provider: the test card form (Testmodus) instead of
 * Stripe Elements, payments-local instead of Stripe, and the test 3-D Secure dialog. Tests make their
 * own organizations; the one that uses the demo's Nordlys Elektro removes its card again at the end.
 */

const routeName = (page: Page) => page.locator('#root');

async function typeCard(page: Page, number: string) {
  await page.getByLabel('Kortnummer').fill(number);
  await page.getByLabel('Utløpsdato (MM/ÅÅ)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * The e-mail addresses and phone numbers of the leads behind a marketplace's listings: what a purchase
 * buys, so never part of a teaser. (Compared as text: a pattern for «looks like a phone number» also
 * matches the random digits in other tests' listing titles.)
 */
async function openListingContacts(marketplaceId: string): Promise<string[]> {
  const listings = await check(
    admin.from('advertised_leads').select('lead_id').eq('marketplace_id', marketplaceId),
  );
  const leads = await check(
    admin
      .from('leads')
      .select('email, phone')
      .in(
        'id',
        listings.map((listing) => listing.lead_id),
      ),
  );
  return leads.flatMap((lead) => [lead.email, lead.phone]).filter((value): value is string => Boolean(value));
}

async function savedCard(organizationId: string) {
  return check(
    admin
      .from('organizations_payments_config')
      .select('payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year, stripe_customer_id')
      .eq('id', organizationId)
      .single(),
  );
}

test('saves a card (4242 …) and shows it; the page has no accessibility problems axe can find', async ({
  page,
  signInAs,
}) => {
  const owner = await createMember({ label: 'kortlagrer', plan: 'tickets' });
  await signInAs(page, owner.email);
  await page.goto('/payments/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Betalingsoppsett' })).toBeVisible();
  await expect(page.getByText('Ingen kort er lagret.')).toBeVisible();
  await expect(page.getByText('Testmodus', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Leadtorget' })).toBeVisible();
  await expectNoAxeViolations(page);

  await typeCard(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Kortnummer')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  // Nothing remembered: on to the overview.
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments', { timeout: 15_000 });
  expect(await savedCard(owner.organizationId)).toMatchObject({
    card_brand: 'visa',
    card_last4: '4242',
    card_exp_month: 12,
    card_exp_year: 2034,
  });

  await page.goto('/payments/setup');
  await expect(page.getByText('Visa som slutter på 4242, utløper 12/2034')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bytt kort' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fjern kort' })).toBeVisible();
});

test('a declined card (4000 0000 0000 0002) shows its message and saves nothing', async ({
  page,
  signInAs,
}) => {
  const owner = await createMember({ label: 'avvist', plan: 'tickets' });
  const console = watchConsoleErrors(page);
  await signInAs(page, owner.email);
  await page.goto('/payments/setup');
  await typeCard(page, '4000000000000002');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kortet ble ikke lagret. Kortet ble avvist. Prøv et annet kort eller kontakt banken din.',
  );
  // What was typed is still there, and nothing was saved.
  await expect(page.getByLabel('Kortnummer')).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('CVC')).toHaveValue('123');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments-setup');
  expect(await savedCard(owner.organizationId)).toMatchObject({
    payment_method_id: null,
    card_last4: null,
  });
  await expect(page.getByText('Ingen kort er lagret.')).toBeVisible();
  await expectNoAxeViolations(page);
  // A declined card is an expected answer, shown above: not an error in the console.
  console.expectNone();
});

test('Nordlys Elektro (on demand, no card) is sent to /payments/setup and, with a card, back to the marketplace', async ({
  page,
  signInAs,
}) => {
  const NORDLYS = 'b0000000-0000-4000-8000-000000000002';
  const console = watchConsoleErrors(page);
  await signInAs(page, 'ingrid@nordlyselektro.no');
  await page.goto('/');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments-setup', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/payments\/setup$/);
  // No silent paywall: the page says why the marketplace sent the user here and what happens next …
  const why = page.getByRole('region', { name: 'Legg inn kort for å kjøpe leads' });
  await expect(why).toContainText(
    'Nordlys Elektro AS betaler for leads på Leadtorget med kort ved kjøp, og har ikke lagret noe kort ennå.',
  );
  await expect(why).toContainText('Kortet belastes ikke nå');
  await expect(why).toContainText('Etterpå kommer du tilbake til markedsplassen.');
  // … and what the marketplace has for sale now: teaser facts, never contact details.
  const teasers = page.getByRole('region', { name: 'Til salgs på Leadtorget nå' });
  await expect(teasers).toContainText(/\d+ leads? til salgs/);
  await expect(teasers.getByRole('listitem').first()).toBeVisible();
  expect(await teasers.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  const shown = await teasers.innerText();
  expect(shown).not.toContain('@');
  const contacts = await openListingContacts(LEADTORGET);
  expect(contacts.length).toBeGreaterThan(0);
  for (const contact of contacts) expect(shown).not.toContain(contact);
  await expectNoAxeViolations(page);
  await typeCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads-marketplace', { timeout: 15_000 });
  await expect(page).toHaveURL(`${APP_URL}/`);
  expect(await savedCard(NORDLYS)).toMatchObject({ card_brand: 'mastercard', card_last4: '4444' });

  // Leave the demo data as the seed made it: «Fjern kort» after a confirmation.
  await page.goto('/payments/setup');
  await expect(page.getByText('Mastercard som slutter på 4444, utløper 12/2034')).toBeVisible();
  await page.getByRole('button', { name: 'Fjern kort' }).click();
  await page
    .getByRole('dialog', { name: 'Fjerne kortet?' })
    .getByRole('button', { name: 'Fjern kort' })
    .click();
  await expect(page.getByText('Ingen kort er lagret.')).toBeVisible();
  expect(await savedCard(NORDLYS)).toMatchObject({ payment_method_id: null, card_last4: null });
  console.expectNone();
});

test('plans explain themselves: packs eks. mva with the saving per lead, and what klipp, kreditter and kort ved kjøp are', async ({
  page,
  signInAs,
}) => {
  const owner = await createMember({ label: 'planleser', plan: 'tickets' });
  await signInAs(page, owner.email);
  await page.goto('/payments/setup');
  const plan = page.getByRole('group', { name: 'Leadtorget' });
  // Not a subscription: a pack is bought when it is needed.
  await expect(plan).not.toContainText('i måneden');
  await expect(plan).toContainText('Ingen fast månedspris');
  const pack = plan.getByLabel('Pakke');
  await expect(pack.locator('option', { hasText: '10 klipp' })).toHaveText(
    /^10 klipp – 890,00\skr eks\. mva \(89,00\skr per lead, spar 10 %\)$/,
  );
  const help = page.getByRole('region', { name: 'Slik betaler dere for leads' });
  await expect(help.getByRole('term')).toHaveText(['Kort ved kjøp', 'Klipp', 'Kreditter']);
  await expect(help).toContainText('25 % mva');
  await expectNoAxeViolations(page);
});

test('saving a card whose 3-D Secure is refused speaks of saving the card, not of a payment', async ({
  page,
  signInAs,
}) => {
  const owner = await createMember({ label: 'treds-avvist', plan: 'tickets' });
  const console = watchConsoleErrors(page);
  await signInAs(page, owner.email);
  await page.goto('/payments/setup');
  await typeCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  const bank = page.getByRole('dialog', { name: 'Bekreft kortet (testmodus)' });
  await expect(bank).toContainText('lagre kortet');
  await expect(bank).not.toContainText(/betaling/i);
  await bank.getByRole('button', { name: 'Avvis' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'Kortet ble ikke lagret. Banken godkjente ikke kortet fordi bekreftelsen (3-D Secure) ble avvist. Prøv igjen, eller bruk et annet kort.',
  );
  expect(await savedCard(owner.organizationId)).toMatchObject({ payment_method_id: null });
  console.expectNone();
});

test('an on-demand purchase with a card that needs authentication (4000 0027 6000 3184) completes after «Godkjenn»', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger3ds' });
  const buyer = await createMember({ label: 'kjoper3ds', plan: 'on_demand' });
  const listing = await createListing(seller, { priceOre: 49_900, priceTickets: 1, maxBuyers: 2 });
  await signInAs(page, buyer.email);

  // The card needs 3-D Secure already when it is saved.
  await page.goto('/payments/setup');
  await typeCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  const saveStep = page.getByRole('dialog', { name: 'Bekreft kortet (testmodus)' });
  await saveStep.getByRole('button', { name: 'Godkjenn' }).click();
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments', { timeout: 15_000 });
  expect(await savedCard(buyer.organizationId)).toMatchObject({ card_last4: '3184' });

  await page.goto(`/leads/marketplace/${LEADTORGET}?lead=${listing.leadId}&ad=${listing.listingId}`);
  const dialog = page.getByRole('dialog', { name: listing.title });
  await dialog.getByRole('button', { name: /^Kjøp for 499,00\skr eks\. mva$/ }).click();
  // Before the card is charged: the price eks. mva, the MVA and the total incl. mva.
  const amounts = dialog.getByLabel('Pris', { exact: true });
  await expect(amounts).toContainText(/Pris eks\. mva\s*499,00\s*kr/);
  await expect(amounts).toContainText(/MVA \(25 %\)\s*124,75\s*kr/);
  await expect(amounts).toContainText(/Å betale inkl\. mva\s*623,75\s*kr/);
  await dialog.getByRole('button', { name: /^Bekreft kjøp for 623,75\skr inkl\. mva$/ }).click();
  const step = page.getByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
  await expect(step).toBeVisible({ timeout: 15_000 });
  await step.getByRole('button', { name: 'Godkjenn' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Kjøpt! Leadet ligger nå i Leads-listen din.', {
    timeout: 15_000,
  });
  await expect(dialog.getByText(listing.lead.name)).toBeVisible();
  await expect(dialog.getByRole('link', { name: listing.lead.email ?? '' })).toBeVisible();

  const purchase = await check(
    admin
      .from('leads_purchases')
      .select('state, paid_with')
      .eq('advertised_lead_id', listing.listingId)
      .eq('organization_id', buyer.organizationId)
      .single(),
  );
  expect(purchase).toEqual({ state: 'completed', paid_with: 'card' });
  const payments = await check(
    admin
      .from('card_payments')
      .select('purpose, status, amount_ore')
      .eq('organization_id', buyer.organizationId),
  );
  // One card payment for the lead (purpose 'lead'), settled once, for 499 kr + 25 % MVA.
  expect(payments).toEqual([{ purpose: 'lead', status: 'succeeded', amount_ore: 62_375 }]);
  const ledger = await check(
    admin
      .from('organizations_payments_ledger')
      .select('kind, amount_ore')
      .eq('organization_id', buyer.organizationId)
      .eq('kind', 'lead_purchase'),
  );
  expect(ledger).toEqual([{ kind: 'lead_purchase', amount_ore: 62_375 }]);
});

test('an on-demand purchase with a saved card the bank declines (4000 0000 0000 0341): its message, nothing bought, a clean console', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger-avvist' });
  const buyer = await createMember({ label: 'kjoper-avvist', plan: 'on_demand' });
  const listing = await createListing(seller, { priceOre: 49_900, priceTickets: 1, maxBuyers: 2 });
  const console = watchConsoleErrors(page);
  await signInAs(page, buyer.email);

  // Saving this card succeeds; charging it is declined.
  await page.goto('/payments/setup');
  await typeCard(page, '4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Lagre kort' }).click();
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments', { timeout: 15_000 });

  await page.goto(`/leads/marketplace/${LEADTORGET}?lead=${listing.leadId}&ad=${listing.listingId}`);
  const dialog = page.getByRole('dialog', { name: listing.title });
  await dialog.getByRole('button', { name: /^Kjøp for 499,00\skr eks\. mva$/ }).click();
  await dialog.getByRole('button', { name: /^Bekreft kjøp for 623,75\skr inkl\. mva$/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('Kortet ble avvist', { timeout: 15_000 });
  await expect(dialog.getByText(listing.lead.name)).toBeHidden();

  const purchase = await check(
    admin
      .from('leads_purchases')
      .select('state')
      .eq('advertised_lead_id', listing.listingId)
      .eq('organization_id', buyer.organizationId)
      .single(),
  );
  expect(purchase).toEqual({ state: 'released' });
  const payments = await check(
    admin
      .from('card_payments')
      .select('purpose, status, failure_code, amount_ore')
      .eq('organization_id', buyer.organizationId),
  );
  expect(payments).toEqual([
    { purpose: 'lead', status: 'failed', failure_code: 'card_declined', amount_ore: 62_375 },
  ]);
  // A declined card is an expected answer, shown in the dialog: not an error in the console.
  console.expectNone();
});

test('keyboard only: an invalid expiry is named on its field, then the card is saved with Tab and Enter', async ({
  page,
  signInAs,
}) => {
  const owner = await createMember({ label: 'kort-tastatur', plan: 'tickets' });
  await signInAs(page, owner.email);
  await page.goto('/payments/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Betalingsoppsett' })).toBeVisible();

  const number = page.getByLabel('Kortnummer');
  for (
    let presses = 0;
    presses < 60 && !(await number.evaluate((field) => field === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(number).toBeFocused();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Utløpsdato (MM/ÅÅ)')).toBeFocused();
  await page.keyboard.type('13/34');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('CVC')).toBeFocused();
  await page.keyboard.type('123');
  // Past the «Testkort» list (a disclosure) to the button.
  await tabTo(page, page.getByRole('button', { name: 'Lagre kort' }), 5);
  await page.keyboard.press('Enter');
  // Elements' code, on the field, and nothing typed is lost.
  await expect(page.getByText('Utløpsmåneden er ugyldig. Sjekk måneden på kortet.')).toBeVisible();
  await expect(number).toHaveValue('4242 4242 4242 4242');
  expect((await savedCard(owner.organizationId)).payment_method_id).toBeNull();
  // The field shows the code as soon as the card is refused; the button is busy (so out of the tab
  // order) until the save has settled, which on a busy machine can be a moment later.
  await expect(page.getByRole('button', { name: 'Lagre kort' })).toBeEnabled();

  await page.getByLabel('Utløpsdato (MM/ÅÅ)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('12/34');
  await tabTo(page, page.getByRole('button', { name: 'Lagre kort' }), 6);
  await page.keyboard.press('Enter');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'payments', { timeout: 15_000 });
  expect(await savedCard(owner.organizationId)).toMatchObject({ card_last4: '4242', card_exp_month: 12 });
});
