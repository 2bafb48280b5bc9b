import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, createOrganization, createUser } from './support/admin';

/*
 * The meeting planner against the local stack: a member proposes two times next week (one in the
 * organization's room) and invites an outside guest; the guest answers through their signed link on a
 * phone, without an account; the organizer sees the answer in the best-time matrix and finalizes, which
 * books the room: the booking shows in the room's week. Then a summary with an action item. axe on
 * every page on the way.
 */

/** `yyyy-mm-dd` of an instant in Oslo. */
const osloKey = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(date);

/** `dd.mm.yyyy` of next week's day (1 Monday … 5 Friday), Oslo calendar. */
function nextWeekDay(isoWeekday: number): string {
  const [year, month, day] = osloKey(new Date()).split('-').map(Number) as [number, number, number];
  const today = new Date(Date.UTC(year, month - 1, day));
  const monday = today.getUTCDate() - ((today.getUTCDay() + 6) % 7);
  const target = new Date(Date.UTC(year, month - 1, monday + 7 + isoWeekday - 1));
  return target.toISOString().slice(0, 10).split('-').reverse().join('.');
}

async function setTime(page: Page, legend: string, date: string, time: string) {
  const group = page.getByRole('group', { name: legend });
  await group.getByLabel('Dato', { exact: true }).fill(date);
  await group.getByLabel('Klokkeslett', { exact: true }).fill(time);
  await group.getByLabel('Klokkeslett', { exact: true }).press('Tab');
}

test('a poll with a room and a guest finalizes into a room booking; a summary with an action item is saved', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser('motetid', 'Mona Møte');
  const organizationId = await createOrganization(owner.id, `Møte ${owner.suffix} AS`);
  const [room] = await check(
    admin
      .from('meeting_rooms')
      .insert({ organization_id: organizationId, name: 'Fjellrommet', capacity: 6, equipment: ['skjerm'] })
      .select('id'),
  );
  const roomId = room.id;
  const title = `Oppstartsmøte ${owner.suffix}`;
  const guestEmail = `gjest.${owner.suffix}@example.no`;
  await signInAs(page, owner.email);

  await test.step('the member proposes two times, one in the room, and invites a guest', async () => {
    await page.goto('/meeting');
    await expect(page.getByRole('heading', { name: 'Møteplanlegger', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Fjellrommet' })).toBeVisible();
    await expect(page).toHaveTitle(/Møteplanlegger/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Nytt møteforslag' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nytt møteforslag' });
    await dialog.getByLabel('Tittel').fill(title);
    await setTime(page, 'Tidspunkt 1', nextWeekDay(2), '10:00');
    await dialog.getByLabel('Rom for tidspunkt 1').selectOption({ label: 'Fjellrommet (6 plasser)' });
    await setTime(page, 'Tidspunkt 2', nextWeekDay(3), '13:00');
    await dialog.getByLabel(/Eksterne gjester/).fill(guestEmail);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Opprett møteforslag' }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible({ timeout: 30_000 });
  });

  const [poll] = await check(admin.from('meeting_polls').select('id').eq('title', title));
  const [invitee] = await check(
    admin.from('meeting_poll_invitees').select('id').eq('poll_id', poll.id).not('participant_id', 'is', null),
  );
  const { data: token, error } = await admin.rpc('issue_meeting_guest_link', {
    input_invitee_id: invitee.id,
  });
  if (error || !token) throw new Error(`no guest link: ${error?.message}`);

  await test.step('the guest answers through the link on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await context.newPage();
    await guest.goto(`/motetid?token=${token}`);
    await expect(guest.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(guest).toHaveTitle('Svar på møteforslag');
    const options = guest.getByRole('group');
    await expect(options).toHaveCount(2);
    await expect(options.first()).toContainText('10:00–11:00');
    await options.first().getByLabel('Ja').check();
    await options.nth(1).getByLabel('Nei').check();
    await guest.getByRole('button', { name: 'Lagre svaret' }).click();
    await expect(guest.getByRole('status').filter({ hasText: 'Svaret ditt er lagret' })).toBeVisible();
    await expectNoAxeViolations(guest);
    await context.close();
  });

  await test.step('the organizer sees the answer and finalizes: the room is booked', async () => {
    await page.reload();
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const table = dialog.getByRole('table');
    await expect(table.getByRole('columnheader', { name: `gjest.${owner.suffix}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(table.getByRole('row').nth(1)).toContainText('Ja');
    await expect(table.getByRole('row').nth(1)).toContainText('Best');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: /^Velg .*10:00–11:00/ }).click();
    await page
      .getByRole('dialog', { name: /^Velge / })
      .getByRole('button', { name: 'Velg tidspunktet' })
      .click();
    await expect(dialog.getByText('Avgjort')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('Valgt')).toBeVisible();
  });

  await test.step('the booking shows in the room’s week', async () => {
    await page.goto(`/meeting/${roomId}`);
    await expect(page.getByRole('heading', { name: 'Fjellrommet', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Neste uke' }).click();
    const tuesday = page.getByRole('region', { name: new RegExp(`tirsdag ${nextWeekDay(2)}`) });
    await expect(tuesday.getByText(title, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(tuesday.getByText('10:00–11:00')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('a summary with an action item is saved', async () => {
    await page.goto(`/meeting/summary/${roomId}`);
    await expect(page.getByLabel('Møte', { exact: true })).toContainText(title, { timeout: 30_000 });
    await page.getByLabel('Notater', { exact: true }).fill('Vi startet prosjektet.');
    await page.getByRole('button', { name: 'Lagre referatet' }).click();
    await expect(page.getByText('Referatet er lagret.', { exact: true })).toBeVisible();
    const add = page.getByRole('form', { name: 'Ny oppgave' });
    await add.getByLabel(/hva skal gjøres/).fill('Sende tilbud');
    await add.getByLabel('Ansvarlig').selectOption({ label: 'Mona Møte' });
    await add.getByRole('button', { name: 'Legg til oppgaven' }).click();
    await expect(page.getByRole('form', { name: 'Oppgave 1' })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    const [meeting] = await check(admin.from('meetings').select('id').eq('poll_id', poll.id));
    const items = await check(
      admin.from('meeting_action_items').select('title, owner_id').eq('meeting_id', meeting.id),
    );
    expect(items).toEqual([{ title: 'Sende tilbud', owner_id: owner.id }]);
  });
});
