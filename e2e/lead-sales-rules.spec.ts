import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import {
  accessToken,
  admin,
  buyLead,
  check,
  clientAs,
  createListing,
  createMember,
  LEADTORGET,
  uniqueSuffix,
  write,
  type Listing,
  type Member,
} from './support/marketplace-data';

/*
 * What a sale promises, seen by the seller and the buyer. An exclusive lead is sold once, ever: after
 * the sale its page says why it cannot be advertised again, and the database refuses a new listing
 * anyway. A shared lead is advertised again only for the buyers it still has room for. A buyer sees
 * what was sold — contact details and the teaser's facts — never the seller's notes, status, history
 * or consent flag, and keeps a status and notes of its own. A lead without consent to be shared is
 * advertised only with the seller's stored confirmation.
 */

async function buy(listing: Listing, buyer: Member) {
  const answer = await buyLead(await accessToken(buyer.email), {
    leadId: listing.leadId,
    advertisedLeadId: listing.listingId,
    organizationId: buyer.organizationId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A new listing of the lead, inserted as the seller (the advertise form's own request). */
async function insertListingAs(seller: Member, leadId: string, maxBuyers: number) {
  const client = clientAs(await accessToken(seller.email));
  return client
    .from('advertised_leads')
    .insert({
      lead_id: leadId,
      organization_id: seller.organizationId,
      marketplace_id: LEADTORGET,
      title: 'Samme lead en gang til',
      max_buyers: maxBuyers,
    })
    .select('id');
}

test('an exclusive lead is sold once: its page says why, and the database refuses a new listing', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger' });
  const buyer = await createMember({ label: 'kjoper', plan: 'tickets', tickets: 3 });
  const listing = await createListing(seller, { maxBuyers: 1 });
  await buy(listing, buyer);

  await signInAs(page, seller.email);
  await page.goto(`/leads/lead/${listing.leadId}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.lead.name })).toBeVisible({
    timeout: 30_000,
  });
  const advertise = page.getByRole('region', { name: 'Annonser på en markedsplass' });
  await expect(advertise).toContainText('Leadet er solgt eksklusivt og kan ikke annonseres igjen.');
  await expect(page.getByRole('button', { name: 'Annonser leadet' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The page is not the guard: the request the form would send is refused, and nothing is listed.
  const { error } = await insertListingAs(seller, listing.leadId, 1);
  expect(error).toMatchObject({ code: 'P0001', message: 'lead-already-sold-exclusively' });
  const listings = await check(admin.from('advertised_leads').select('id').eq('lead_id', listing.leadId));
  expect(listings).toHaveLength(1);
});

test('a shared lead is advertised again only for the buyers it still has room for', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger' });
  const buyer = await createMember({ label: 'kjoper', plan: 'tickets', tickets: 3 });
  const suffix = uniqueSuffix();
  const listing = await createListing(seller, { maxBuyers: 3 });
  await buy(listing, buyer);
  await write(admin.from('advertised_leads').update({ status: 'withdrawn' }).eq('id', listing.listingId));

  await signInAs(page, seller.email);
  await page.goto(`/leads/lead/${listing.leadId}`);
  const advertise = page.getByRole('region', { name: 'Annonser på en markedsplass' });
  await expect(advertise).toContainText(
    'Leadet er solgt til 1 av høyst 3 kjøpere. Du kan annonsere det for de 2 som gjenstår, men ikke som eksklusivt.',
    { timeout: 30_000 },
  );
  const maxBuyers = advertise.getByLabel('Antall kjøpere');
  await expect(maxBuyers).toHaveValue('2');
  await advertise.getByLabel('Tittel (teaser)').fill(`Delt lead på nytt ${suffix}`);
  await maxBuyers.fill('3');
  await advertise.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(maxBuyers).toHaveAccessibleDescription(/Antall kjøpere må være et helt tall fra 1 til 2\./);
  await maxBuyers.fill('2');
  await advertise.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByText('Leadet er annonsert.', { exact: true })).toBeVisible();

  const relisted = await check(
    admin
      .from('advertised_leads')
      .select('max_buyers, earlier_buyers, status')
      .eq('lead_id', listing.leadId)
      .eq('status', 'active')
      .single(),
  );
  expect(relisted).toEqual({ max_buyers: 2, earlier_buyers: 1, status: 'active' });
  // Both the new and the earlier sale count: the teaser tells the next buyer it is shared.
  await expect(
    page.getByRole('table', { name: 'Annonser for dette leadet' }).getByRole('row').nth(1),
  ).toContainText('1 av 3');

  // Three buyers were promised at most: a listing for one more than the remaining two is refused.
  await write(admin.from('advertised_leads').update({ status: 'withdrawn' }).eq('lead_id', listing.leadId));
  const { error } = await insertListingAs(seller, listing.leadId, 3);
  expect(error).toMatchObject({ code: 'P0001', message: 'lead-buyers-exhausted' });
});

test('a buyer sees what was sold, never the seller’s notes, status, history or consent', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger' });
  const buyer = await createMember({ label: 'kjoper', plan: 'tickets', tickets: 3 });
  const secret = `Hemmelig notat ${uniqueSuffix()}: kunden er vanskelig`;
  const listing = await createListing(seller, {
    maxBuyers: 2,
    priceTickets: 2,
    notes: secret,
    leadStatus: 'quoted',
  });
  await buy(listing, buyer);

  // No path: the lead row itself is not the buyer's to read, and its history neither.
  const asBuyer = clientAs(await accessToken(buyer.email));
  const leads = await asBuyer.from('leads').select('id, notes').eq('id', listing.leadId);
  expect(leads).toMatchObject({ error: null, data: [] });
  const events = await asBuyer.from('leads_events').select('id').eq('lead_id', listing.leadId);
  expect(events).toMatchObject({ error: null, data: [] });

  await signInAs(page, buyer.email);
  await page.goto('/leads?scope=bought');
  const table = page.getByRole('table', { name: /^Kjøpte leads i / });
  await expect(table.getByRole('link', { name: listing.lead.name })).toBeVisible({ timeout: 30_000 });
  await expect(table).toContainText(listing.lead.email ?? '');
  await expect(table).not.toContainText('Hemmelig notat');
  // The buyer's own pipeline starts at «Ny»; the seller's «Tilbud sendt» is not shown.
  await expect(table.getByRole('combobox', { name: `Status for ${listing.lead.name}` })).toHaveValue('new');

  await table.getByRole('link', { name: listing.lead.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: listing.lead.name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(listing.lead.email ?? '');
  await expect(main).toContainText(listing.title);
  await expect(main).toContainText('2 klipp');
  await expect(main).not.toContainText('Hemmelig notat');
  await expect(main).not.toContainText('Samtykke');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
  await expect(page.getByRole('region', { name: 'Historikk' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The buyer's own status and notes, kept for its organization only.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Kontaktet' });
  await expect(page.getByText('Status endret til «Kontaktet».', { exact: true })).toBeVisible();
  await page.getByLabel('Notater').fill('Ringt, venter på svar');
  await page.getByRole('button', { name: 'Lagre notater' }).click();
  await expect(page.getByText('Notatene er lagret.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Notater')).toHaveValue('Ringt, venter på svar');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
  await page.goto('/leads?scope=bought');
  await expect(table).toContainText('Ringt, venter på svar');

  // The seller's lead is untouched, and the buyer's notes are not the seller's to read.
  const stored = await check(admin.from('leads').select('status, notes').eq('id', listing.leadId).single());
  expect(stored).toEqual({ status: 'quoted', notes: secret });
  const asSeller = clientAs(await accessToken(seller.email));
  const sellerView = await asSeller.from('purchased_leads_notes').select('notes');
  expect(sellerView).toMatchObject({ error: null, data: [] });
});

test('a lead without consent is advertised only with the seller’s confirmation', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger' });
  const lead = await check(
    admin
      .from('leads')
      .insert({
        organization_id: seller.organizationId,
        source: 'manual',
        name: `Uten Samtykke ${uniqueSuffix()}`,
        email: `uten.samtykke.${uniqueSuffix()}@example.no`,
        consent: false,
      })
      .select('id, name')
      .single(),
  );

  // Without the confirmation the database refuses the listing.
  const { error } = await insertListingAs(seller, lead.id, 1);
  expect(error).toMatchObject({ code: 'P0001', message: 'lead-consent-required' });

  await signInAs(page, seller.email);
  await page.goto(`/leads/lead/${lead.id}`);
  const advertise = page.getByRole('region', { name: 'Annonser på en markedsplass' });
  await expect(advertise).toContainText('Leadet er ikke registrert med samtykke til deling.', {
    timeout: 30_000,
  });
  await advertise.getByLabel('Tittel (teaser)').fill('Ny varmepumpe i enebolig');
  await advertise.getByRole('button', { name: 'Annonser leadet' }).click();
  const confirmation = advertise.getByRole('checkbox', {
    name: 'Jeg bekrefter at personen har samtykket til at kontaktinformasjonen deles med kjøpere på markedsplassen.',
  });
  await expect(confirmation).toHaveAccessibleDescription('Bekreft samtykket før du annonserer leadet.');
  await confirmation.check();
  await advertise.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByText('Leadet er annonsert.', { exact: true })).toBeVisible();

  const listing = await check(
    admin
      .from('advertised_leads')
      .select('consent_confirmed_at, consent_confirmed_by')
      .eq('lead_id', lead.id)
      .single(),
  );
  expect(listing.consent_confirmed_by).toBe(seller.userId);
  expect(Date.now() - Date.parse(listing.consent_confirmed_at ?? '')).toBeLessThan(120_000);
});
