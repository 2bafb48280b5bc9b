import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { admin, check, createOrganization, createUser, write } from './support/admin';

/*
 * A service's questions end to end: a booking solution whose service asks a form's questions (made
 * through the admin API, in an organization of its own), a visitor books on the public page answering
 * them, and the owner sees the answers in the «Svar» column and in the calendar's booking dialog, then
 * cancels it there (through the booking function, as the signed-in owner: the customer is e-mailed).
 */

// The engine refuses a booking sent within 3 s of showing the form (a bot's speed).
const HUMAN_PAUSE_MS = 3_100;

const definition = {
  version: 1,
  pages: [
    {
      id: 'p1',
      blocks: [
        {
          kind: 'single_choice',
          id: 'b_hva',
          key: 'hva',
          label: 'Hva gjelder det?',
          required: true,
          options: [
            { id: 'o_bad', label: 'Bad' },
            { id: 'o_kjokken', label: 'Kjøkken' },
          ],
        },
        { kind: 'number', id: 'b_areal', key: 'areal', label: 'Kvadratmeter', max: 500 },
      ],
    },
  ],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk' }],
  defaultEnding: 'e_takk',
};

/** Monday of an instant's week in Oslo, as «YYYY-MM-DD». */
function osloMonday(instant: Date): string {
  const day = new Date(`${instant.toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' })}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

test('questions answered on the public page appear on the dashboard', async ({ page, browser, signInAs }) => {
  test.setTimeout(120_000);
  const owner = await createUser('bookingsvar', 'Sigrid Svar');
  const organizationId = await createOrganization(owner.id, `Svar ${owner.suffix} AS`);
  const solutionId = randomUUID();
  const serviceId = randomUUID();
  const staffId = randomUUID();
  const formId = randomUUID();
  const now = new Date().toISOString();

  // The form and its published version; then the solution, open every day, whose service asks it.
  await write(
    admin.from('campaigns').insert({
      id: formId,
      organization_id: organizationId,
      kind: 'form',
      name: 'Spørsmål før befaring',
      consent_text: 'Jeg godtar at svarene lagres.',
    }),
  );
  await write(admin.from('forms').insert({ id: formId, organization_id: organizationId }));
  await write(
    admin.from('forms_versions').insert({
      form_id: formId,
      organization_id: organizationId,
      definition,
      published_at: now,
    } as never),
  );
  await write(
    admin.from('campaigns').insert({
      id: solutionId,
      organization_id: organizationId,
      kind: 'booking',
      name: 'Bestill befaring med spørsmål',
      published_at: now,
      consent_text: `Jeg godtar at Svar ${owner.suffix} AS bruker opplysningene mine til bestillingen.`,
    }),
  );
  await write(
    admin
      .from('booking_solutions')
      .insert({ id: solutionId, organization_id: organizationId, closed_on_holidays: false }),
  );
  await write(
    admin.from('booking_services').insert({
      id: serviceId,
      solution_id: solutionId,
      organization_id: organizationId,
      name: 'Befaring',
      duration_minutes: 30,
      minimum_notice_minutes: 0,
      form_id: formId,
    }),
  );
  await write(
    admin
      .from('booking_staff')
      .insert({ id: staffId, solution_id: solutionId, organization_id: organizationId, name: 'Kari Hansen' }),
  );
  await write(
    admin.from('booking_staff_services').insert({
      staff_id: staffId,
      service_id: serviceId,
      solution_id: solutionId,
      organization_id: organizationId,
    }),
  );
  await write(
    admin.from('booking_availability').insert(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        staff_id: staffId,
        solution_id: solutionId,
        organization_id: organizationId,
        weekday,
        starts_at: '00:00',
        ends_at: '23:59',
      })),
    ),
  );

  let start = '';
  let bookingId = '';
  await test.step('a visitor books on a phone, answering the questions', async () => {
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/booking/${solutionId}`);
    // The only service is chosen for the visitor: the page opens on the days.
    await visitor
      .getByRole('button', { name: /ledige? tid/ })
      .first()
      .click({ timeout: 30_000 });
    await visitor
      .getByRole('button', { name: /^\d{2}:\d{2}/ })
      .first()
      .click();
    await visitor.getByRole('textbox', { name: 'E-post' }).fill(`svar.${owner.suffix}@example.no`);
    await visitor.getByRole('textbox', { name: /^Navn/ }).fill('Ola Spørsmål');
    const what = visitor.getByRole('group', { name: /Hva gjelder det\?/ });
    await what.getByRole('radio', { name: 'Bad' }).check();
    await visitor.getByRole('textbox', { name: 'Kvadratmeter' }).fill('40');
    await visitor.getByRole('checkbox', { name: /Jeg godtar at Svar/ }).check();
    await visitor.waitForTimeout(HUMAN_PAUSE_MS);
    const booked = visitor.waitForResponse(
      (response) =>
        response.url().endsWith('/functions/v1/booking') &&
        (response.request().postDataJSON() as { action?: string }).action === 'book',
    );
    await visitor.getByRole('button', { name: 'Bestill' }).click();
    const answer = (await (await booked).json()) as { booking: { id: string; start: string } };
    start = answer.booking.start;
    bookingId = answer.booking.id;
    await expect(visitor.getByRole('heading', { name: 'Timen er bestilt' })).toBeVisible({ timeout: 30_000 });
    await visitor.close();
  });

  await test.step('the owner sees the answers in «Svar» and in the booking dialog', async () => {
    await signInAs(page, owner.email);
    await page.goto(`/booking-solutions/${solutionId}?fane=bestillinger`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Svar' })).toBeVisible({ timeout: 30_000 });
    const row = table.getByRole('row').filter({ hasText: 'Ola Spørsmål' });
    await expect(row).toContainText('Hva gjelder det?');
    await expect(row).toContainText('Bad');
    await expect(row).toContainText('40');

    await page.goto(`/booking-solutions/${solutionId}?fane=kalender`);
    await expect(page.getByRole('region', { name: /^Kalender, Uke/ })).toBeVisible({ timeout: 30_000 });
    // The first free time may be in next week (late on a Sunday).
    if (osloMonday(new Date(start)) !== osloMonday(new Date())) {
      await page.getByRole('button', { name: 'Neste uke' }).click();
    }
    await page.getByRole('button', { name: /Ola Spørsmål/ }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Ola Spørsmål' });
    const asked = dialog.getByRole('term').filter({ hasText: 'Hva gjelder det?' });
    await expect(asked.locator('xpath=following-sibling::dd[1]')).toHaveText('Bad');
    const area = dialog.getByRole('term').filter({ hasText: 'Kvadratmeter' });
    await expect(area.locator('xpath=following-sibling::dd[1]')).toHaveText('40');

    await dialog.getByRole('button', { name: 'Avbestill' }).click();
    await page
      .getByRole('dialog', { name: 'Avbestille timen til Ola Spørsmål?' })
      .getByRole('button', { name: 'Avbestill' })
      .click();
    await expect(
      dialog
        .getByRole('status')
        .filter({ hasText: 'Timen til Ola Spørsmål er avbestilt, og kunden har fått e-post.' }),
    ).toBeVisible({ timeout: 30_000 });
    // Cancelled, and its e-mail claimed by the function (not left to the job).
    const cancelled = admin
      .from('bookings')
      .select('status')
      .eq('id', bookingId)
      .not('cancellation_sent_at', 'is', null);
    expect(await check(cancelled)).toEqual([{ status: 'cancelled' }]);
  });
});
