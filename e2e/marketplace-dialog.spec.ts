import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, check, createListing, createMember } from './support/marketplace-data';

/*
 * The marketplace as a keyboard user meets it: one dialog with a confirm
 * step, focus on the contact details after buying and back on the card when the dialog closes; the
 * phone number written the one Norwegian way; an expiry chosen as 24.12 reads «til og med 24.12»; the
 * category and area chosen from lists, which the database holds the listing to.
 */

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 12) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('buying with the keyboard: one dialog, focus on the contact details, back on the card', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'tastaturselger' });
  const buyer = await createMember({ label: 'tastaturkjoper', plan: 'tickets', tickets: 3 });
  // Finnmark: no seeded listing is there, so the filtered page holds this test's listing first.
  const listing = await createListing(seller, {
    lead: { category: 'Elektriker', area: 'Finnmark', phone: '+4791234567' },
  });

  await signInAs(page, buyer.email);
  await page.goto('/?area=Finnmark');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: listing.title }) });
  const open = card.getByRole('button', { name: `Se og kjøp «${listing.title}»` });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await open.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: listing.title });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Kjøp for 1 klipp' }));
  await page.keyboard.press('Enter');

  // The confirm step is a step of the same dialog, not a second modal on top of it.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog.getByRole('heading', { name: 'Kjøpe dette leadet?' })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Bekreft kjøp for 1 klipp' }));
  await page.keyboard.press('Enter');

  const contact = dialog.getByRole('heading', { name: 'Kontaktinformasjon' });
  await expect(contact).toBeFocused();
  await expect(dialog.getByRole('link', { name: '+47 912 34 567' })).toHaveAttribute(
    'href',
    'tel:+4791234567',
  );

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: `Se detaljer om «${listing.title}»` })).toBeFocused();
});

test('the confirm step can be left with «Avbryt» and nothing is bought', async ({ page, signInAs }) => {
  const seller = await createMember({ label: 'angreselger' });
  const buyer = await createMember({ label: 'angrekjoper', plan: 'tickets', tickets: 3 });
  const listing = await createListing(seller, { lead: { category: 'Elektriker', area: 'Finnmark' } });

  await signInAs(page, buyer.email);
  await page.goto('/?area=Finnmark');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: listing.title }) });
  await card.getByRole('button', { name: `Se og kjøp «${listing.title}»` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: listing.title });
  await dialog.getByRole('button', { name: 'Kjøp for 1 klipp' }).click();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog.getByRole('heading', { name: 'Kjøpe dette leadet?' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Kjøp for 1 klipp' })).toBeFocused();
  const purchases = await check(
    admin.from('purchased_leads').select('id').eq('advertised_lead_id', listing.listingId),
  );
  expect(purchases).toEqual([]);
});

test('advertising: category and area from lists, the expiry «til og med» the chosen day', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'utlopselger' });
  const { data: lead, error } = await admin
    .from('leads')
    .insert({
      organization_id: seller.organizationId,
      source: 'manual',
      name: 'Une Utløp',
      phone: '22334455',
      consent: true,
      category: 'rørlegger',
      area: 'vestland',
    })
    .select('id')
    .single();
  if (error) throw error;

  await signInAs(page, seller.email);
  await page.goto(`/leads/lead/${lead.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Une Utløp' })).toBeVisible({ timeout: 30_000 });
  // The landline in the one format, wherever a phone is shown.
  await expect(page.getByRole('link', { name: '+47 22 33 44 55' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Annonser på en markedsplass' });
  await form.getByLabel('Tittel (teaser)').fill('Nytt bad i Bergen');
  // The lead's free text («rørlegger», «vestland») is matched to the lists' own spelling.
  await expect(form.getByRole('combobox', { name: 'Kategori' })).toHaveValue('Rørlegger');
  await expect(form.getByRole('combobox', { name: 'Område' })).toHaveValue('Vestland');
  await form.getByRole('combobox', { name: 'Kategori' }).selectOption('Varmepumpe');
  const nextYear = new Date().getUTCFullYear() + 1;
  await form.getByLabel(/^Gjelder til og med/).fill(`24.01.${nextYear}`);
  await form.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByText('Leadet er annonsert.', { exact: true })).toBeVisible();

  const listings = page.getByRole('table', { name: 'Annonser for dette leadet' });
  await expect(listings).toContainText(`til og med 24.01.${nextYear}`);
  const stored = await check(
    admin.from('advertised_leads').select('category, area, expires_at').eq('lead_id', lead.id).single(),
  );
  // The end of 24 January in Oslo (CET, UTC+1): 23:00 UTC that day.
  expect(stored).toEqual({
    category: 'Varmepumpe',
    area: 'Vestland',
    expires_at: expect.stringMatching(new RegExp(`^${nextYear}-01-24T23:00:00`)),
  });

  // The database refuses what the lists do not hold, whoever sends it.
  const { error: refused } = await admin
    .from('advertised_leads')
    .update({ category: 'varmepumpe' })
    .eq('lead_id', lead.id);
  expect(refused?.code).toBe('23503');
});
