import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { admin, ANON_KEY, createOrganization, createUser, localClient, write } from './support/admin';
import { insertCalendar, osloDay } from './support/calendars';
import { waitForMessage } from './support/outbox';

/*
 * A person's rights on their participation page, from the link in the calendar's confirmation e-mail:
 * they download what the organization holds about them (the JSON has their entry and the consents with
 * the exact texts) and withdraw their marketing consent, which the page then shows, also after a reload.
 * The entry goes through the public entry function as a visitor's would.
 */

const CONSENT = 'Jeg godtar reglene for julekalenderen.';
const MARKETING = 'Ja takk, send meg tilbud på e-post.';

test('a participant downloads their data and withdraws marketing consent', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createUser('deltakelse', 'Dina Deltakelse');
  const organizationId = await createOrganization(owner.id, `Deltakelse ${owner.suffix} AS`);
  const name = `Rettighetskalender ${owner.suffix}`;
  // Started yesterday with its doors at 00:00 Oslo: door 2 is today's and open.
  const calendar = {
    id: await insertCalendar({
      organization_id: organizationId,
      name,
      template: 'daily',
      starts_on: osloDay(-1),
      ends_on: osloDay(3),
      door_time: '00:00',
      consent_text: CONSENT,
      marketing_consent_text: MARKETING,
      published_at: new Date().toISOString(),
    }),
  };
  const email = `rettigheter.${owner.suffix}@example.no`;
  await write(
    localClient(ANON_KEY).rpc('submit_calendar_entry', {
      input_calendar_id: calendar.id,
      input_day_number: 2,
      input_email: email,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
      input_name: 'Rita Rettighet',
      input_marketing_consent: true,
      input_reminders_opt_in: true,
      input_form_answers: {},
    }),
  );

  // The confirmation carries the participation link (the scheduler may send it first).
  const run = await admin.functions.invoke<unknown>('campaign-jobs', {
    body: { job: 'calendar-confirmations' },
  });
  expect(run.error).toBeNull();
  const confirmation = await waitForMessage(email, { subject: /^Takk for at du er med i /, timeout: 30_000 });
  const link = /\/calendar\/participation\?id=[0-9a-f-]+&token=[0-9a-f]{64}/.exec(confirmation.Text)?.[0];
  expect(link, confirmation.Text).toBeDefined();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: `Din deltakelse i ${name}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle(`Din deltakelse – ${name}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Last ned som JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mine-opplysninger-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    email: string;
    campaigns: {
      campaign_id: string;
      entries: { item: number }[];
      consents: { purpose: string; text: string; withdrawn_at: string | null }[];
    }[];
  };
  expect(data.email).toBe(email);
  const [taken] = data.campaigns;
  expect(taken?.campaign_id).toBe(calendar.id);
  expect(taken?.entries.map((entry) => entry.item)).toEqual([2]);
  expect(taken?.consents).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ purpose: 'participation', text: CONSENT, withdrawn_at: null }),
      expect.objectContaining({ purpose: 'marketing', text: MARKETING, withdrawn_at: null }),
    ]),
  );

  await page.getByRole('button', { name: 'Trekk tilbake samtykket til markedsføring' }).click();
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Samtykket til markedsføring er trukket tilbake' });
  await expect(notice).toBeFocused();
  const withdrawn = page.getByText(/^Du trakk tilbake samtykket til markedsføring /);
  await expect(withdrawn).toBeVisible();
  await page.reload();
  await expect(withdrawn).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Trekk tilbake samtykket til markedsføring' })).toHaveCount(
    0,
  );
  await expect(
    page.getByText(/^Markedsføring: «Ja takk, send meg tilbud på e-post\.» \(Gitt .+, trukket tilbake /),
  ).toBeVisible();
});
