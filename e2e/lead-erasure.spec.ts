import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { ANON_KEY, localClient } from './support/admin';
import { insertCalendar, osloDay } from './support/calendars';
import { accessToken, admin, buyLead, createListing, createMember } from './support/marketplace-data';
import { readHeaders, readMessage, waitForMessage } from './support/outbox';
import { overflowOf, PHONE } from './support/phone';

/*
 * A person behind a sold lead asks the seller for erasure, and the buyer is told: the person is in the
 * seller's calendar with the lead's address, deletes their data through their own link's token, the
 * scheduled job's function e-mails the buyer's owner a legal notice that fits a 360 px phone (no
 * unsubscribe headers), and the buyer's lead page and «Kjøpte leads» show it — at 360 px too.
 */

test('the buyer of a lead whose person asked for erasure gets the notice and sees it on the lead', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const seller = await createMember({ label: 'selger' });
  const buyer = await createMember({ label: 'kjoper', plan: 'tickets', tickets: 3 });
  const listing = await createListing(seller, { maxBuyers: 1 });
  const bought = await buyLead(await accessToken(buyer.email), {
    leadId: listing.leadId,
    advertisedLeadId: listing.listingId,
    organizationId: buyer.organizationId,
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);

  // The same person takes part in the seller's calendar: their lead is the one sold.
  const calendarId = await insertCalendar({
    organization_id: seller.organizationId,
    name: 'Vinterkalender',
    template: 'daily',
    starts_on: osloDay(-1),
    ends_on: osloDay(2),
    door_time: '00:00',
    consent_text: 'Jeg godtar reglene.',
    published_at: new Date().toISOString(),
  });
  const person = listing.lead.email ?? '';
  const anon = localClient(ANON_KEY);
  const registered = await anon.rpc('register_calendar_participant', {
    input_calendar_id: calendarId,
    input_email: person,
    input_consent: true,
    input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
  });
  expect(registered.error).toBeNull();
  const confirmations = await admin.functions.invoke('campaign-jobs', {
    body: { job: 'calendar-confirmations' },
  });
  expect(confirmations.error).toBeNull();
  const confirmation = await readMessage(
    (await waitForMessage(person, { subject: /^Takk for at du er med i /, timeout: 30_000 })).ID,
  );
  const token = /token=([0-9a-f]{64})/.exec(confirmation.Text)?.[1] ?? '';
  const deleted = await anon.rpc('delete_participant', { input_token: token });
  expect(deleted.error).toBeNull();

  const run = await admin.functions.invoke('campaign-jobs', { body: { job: 'lead-erasure-notices' } });
  expect(run.error).toBeNull();
  // The scheduler may have sent it first; either way it arrives once.
  const notice = await readMessage(
    (
      await waitForMessage(buyer.email, {
        subject: `Personen bak leadet «${listing.title}» har bedt om sletting`,
        timeout: 30_000,
      })
    ).ID,
  );
  expect(notice.Text).toContain('Dere må slette kopien deres av opplysningene');
  expect(notice.Text).not.toContain(person);
  const headers = await readHeaders(notice.ID);
  expect(headers['List-Unsubscribe']).toBeUndefined();

  await page.setViewportSize(PHONE);
  await page.setContent(notice.HTML);
  const overflow = await overflowOf(page);
  expect(overflow.wider).toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole('link', { name: 'Åpne leadet' })).toBeInViewport();

  await signInAs(page, buyer.email);
  await page.goto('/leads?scope=bought');
  const table = page.getByRole('table', { name: /^Kjøpte leads i / });
  const row = table.getByRole('row').filter({ hasText: listing.lead.name });
  await expect(row).toContainText(/Ba om sletting \d{2}\.\d{2}\.\d{4}/, { timeout: 30_000 });

  await row.getByRole('link', { name: listing.lead.name }).click();
  const panel = page.getByRole('region', { name: 'Personen har bedt om å bli slettet' });
  await expect(panel).toContainText(/Den \d{1,2}\. \S+ \d{4} ba personen selgeren om å slette/);
  await expect(panel).toContainText('Selgeren kan ikke gi dere flere opplysninger');
  await expect(panel).toBeInViewport();
  expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
});
