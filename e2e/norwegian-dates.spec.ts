import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { admin, check, createOrganization, createUser } from './support/admin';
import { insertCalendar, osloDay } from './support/calendars';
import { createMember } from './support/marketplace-data';

/*
 * The date and time fields in a browser set to American English in New York: every field still reads
 * and writes dd.mm.yyyy and the 24-hour clock, every calendar starts its weeks on Monday with
 * Norwegian day names and marks today as it is in Oslo, and what is typed is saved as Oslo time.
 */
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const WEEKDAYS = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];

async function expectDateField(page: Page, label: string | RegExp) {
  const field = page.getByRole('textbox', { name: label });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveAttribute('placeholder', 'dd.mm.åååå');
  await expect(field).toHaveValue(/^(\d{2}\.\d{2}\.\d{4})?$/);
  return field;
}

async function expectTimeField(page: Page, label: string | RegExp) {
  const field = page.getByRole('textbox', { name: label });
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveAttribute('placeholder', 'tt:mm');
  await expect(field).toHaveValue(/^(([01]\d|2[0-3]):[0-5]\d)?$/);
  return field;
}

/** Opens the field's calendar: Monday first, Norwegian names, today in Oslo; Escape gives the focus back. */
async function expectNorwegianCalendar(page: Page, label: string) {
  const button = page.getByRole('button', { name: `Velg dato i kalenderen: ${label}` });
  await button.click();
  const calendar = page.getByRole('dialog', { name: 'Kalender' });
  // The first opening loads the calendar's chunk: time enough on a busy machine.
  const heads = calendar.locator('th.rdp-weekday');
  await expect(heads).toHaveCount(7, { timeout: 30_000 });
  expect(await heads.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')))).toEqual(
    WEEKDAYS,
  );
  await expect(heads.first()).toHaveText(/^ma/);
  await expect(calendar.getByRole('grid')).toHaveAccessibleName(
    /^(januar|februar|mars|april|mai|juni|juli|august|september|oktober|november|desember) \d{4}$/,
  );
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(button).toBeFocused();
}

/** Today's mark is Oslo's date, also in the hours New York is still on the day before. */
async function expectOsloToday(page: Page, label: string) {
  const [year, month, day] = osloDay(0).split('-').map(Number);
  await page.getByRole('button', { name: `Velg dato i kalenderen: ${label}` }).click();
  const calendar = page.getByRole('dialog', { name: 'Kalender' });
  const monthName = new Intl.DateTimeFormat('nb-NO', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  await expect(calendar.getByRole('grid', { name: `${monthName} ${year}` })).toBeVisible({ timeout: 30_000 });
  await expect(calendar.locator('.rdp-today')).toHaveText(String(day));
  await page.keyboard.press('Escape');
}

async function blurTo(field: Locator, typed: string) {
  await field.fill(typed);
  await field.blur();
}

test('every date and time field reads dd.mm.yyyy and 24-hour time in an English browser', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const member = await createMember({ label: 'datoer' });
  const lead = await check(
    admin
      .from('leads')
      .insert({
        organization_id: member.organizationId,
        source: 'manual',
        name: 'Dag Dato',
        phone: '22334455',
        consent: true,
      })
      .select('id')
      .single(),
  );
  const calendarId = await insertCalendar({
    organization_id: member.organizationId,
    name: 'Egen kalender',
    template: 'custom',
    starts_on: '2027-03-01',
    ends_on: '2027-03-31',
    door_time: '07:30',
    reminders_enabled: true,
    reminder_time: '19:15',
  });
  await signInAs(page, member.email);

  // The lead filters: typed the Norwegian way, applied to the query string as yyyy-mm-dd.
  await page.goto('/leads');
  const from = await expectDateField(page, 'Fra dato');
  await expectDateField(page, 'Til dato');
  await expectNorwegianCalendar(page, 'Fra dato');
  await expectOsloToday(page, 'Fra dato');
  await blurTo(from, '1.11.2026');
  await expect(from).toHaveValue('01.11.2026');
  await page.getByRole('button', { name: 'Bruk filtre' }).click();
  await expect(page).toHaveURL(/from=2026-11-01/);
  await expect(from).toHaveValue('01.11.2026');

  // A date that is no date keeps what was typed and says how to write it.
  await blurTo(from, '31.11.2026');
  await expect(from).toHaveValue('31.11.2026');
  await expect(from).toHaveAccessibleDescription('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.');

  await page.goto('/payments?vis=transaksjoner');
  await expectDateField(page, 'Fra dato');
  await expectDateField(page, 'Til dato');
  await expectNorwegianCalendar(page, 'Til dato');

  await page.goto(`/leads/lead/${lead.id}`);
  await expectDateField(page, /^Gjelder til og med/);
  await expectNorwegianCalendar(page, 'Gjelder til og med');

  await page.goto('/calendar/add');
  await page.getByLabel('Mal').selectOption({ label: 'Én luke hver uke' });
  await expectDateField(page, 'Første luke');
  await expectDateField(page, 'Siste luke');
  await expect(await expectTimeField(page, 'Lukene åpner kl.')).toHaveValue('08:00');
  await expectNorwegianCalendar(page, 'Første luke');

  await page.goto(`/calendar/${calendarId}/edit`);
  await expect(await expectTimeField(page, 'Lukene åpner kl.')).toHaveValue('07:30');
  await expectDateField(page, 'Dato for ny luke');
  await expectNorwegianCalendar(page, 'Dato for ny luke');

  await page.goto(`/calendar/${calendarId}/edit?section=reminders`);
  await expect(await expectTimeField(page, 'Sendes kl.')).toHaveValue('19:15');

  await page.goto(`/calendar/${calendarId}/preview`);
  await expectDateField(page, 'Dato');
  await expectTimeField(page, 'Klokkeslett (norsk tid)');
  await expectNorwegianCalendar(page, 'Dato');
});

test('a calendar typed in Norwegian and picked from the calendar is saved in Oslo time', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  const owner = await createUser('datoeier', 'Dina Dato');
  await createOrganization(owner.id, `Dato ${owner.suffix} AS`);
  await signInAs(page, owner.email);

  await page.goto('/calendar/add');
  await expect(page.getByRole('heading', { name: 'Ny kalender', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Navn', { exact: true }).fill('Påskekalender');
  await page.getByLabel('Mal').selectOption({ label: 'Én luke hver dag' });
  await blurTo(page.getByRole('textbox', { name: 'Første luke' }), '20.03.2027');

  // The last day from the calendar by keyboard: 20.03 + a week + a week = 03.04, then a day back.
  await blurTo(page.getByRole('textbox', { name: 'Siste luke' }), '20.03.2027');
  await page.getByRole('button', { name: 'Velg dato i kalenderen: Siste luke' }).click();
  const calendar = page.getByRole('dialog', { name: 'Kalender' });
  await expect(calendar.getByRole('grid', { name: 'mars 2027' })).toBeVisible({ timeout: 30_000 });
  await expect(calendar.locator('.rdp-day_button:focus')).toHaveAccessibleName(/20\. mars 2027/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(calendar.locator('.rdp-day_button:focus')).toHaveAccessibleName(/fredag 2\. april 2027/);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Siste luke' })).toHaveValue('02.04.2027');

  const time = page.getByRole('textbox', { name: 'Lukene åpner kl.' });
  await blurTo(time, '1830');
  await expect(time).toHaveValue('18:30');
  await expect(page.getByText(/14 luker, 20\.03\.2027 – 02\.04\.2027/)).toBeVisible();
  await page.getByRole('button', { name: 'Lag kalenderen' }).click();
  await expect(page).toHaveURL(/\/calendar\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
  const calendarId = /\/calendar\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';

  const saved = await check(
    admin.from('calendars').select('starts_on, ends_on, door_time').eq('id', calendarId).single(),
  );
  expect(saved).toEqual({ starts_on: '2027-03-20', ends_on: '2027-04-02', door_time: '18:30:00' });
  const doors = await check(
    admin.from('calendar_doors').select('opens_on, opens_at').eq('calendar_id', calendarId).order('opens_on'),
  );
  expect(doors).toHaveLength(14);
  // 18:30 in Oslo: UTC+1 before the summer time of 28.03.2027, UTC+2 after it; never New York's zone.
  expect(new Date(doors[0].opens_at).toISOString()).toBe('2027-03-20T17:30:00.000Z');
  expect(new Date(doors.at(-1)!.opens_at).toISOString()).toBe('2027-04-02T16:30:00.000Z');
  await expect(page.getByRole('textbox', { name: 'Lukene åpner kl.' })).toHaveValue('18:30');
});
