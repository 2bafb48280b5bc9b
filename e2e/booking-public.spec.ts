import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, uniqueSuffix } from './support/admin';
import { tabTo } from './support/keyboard';
import { attachmentText, extractLink, waitForMessage } from './support/outbox';
import { overflowOf, PHONE_390 } from './support/phone';

/*
 * The public booking page on a phone against the local stack: a visitor books «Befaring» on Fjord
 * Rør's demo solution (supabase/seed.sql, «Bestill befaring») with the keyboard alone, axe on each
 * step; gets the confirmation e-mail with its `.ics`, opens the manage link from the e-mail, moves
 * the booking to another time (the same calendar event, a higher SEQUENCE), the owner sees it on the
 * dashboard, and the visitor cancels it.
 */

const SOLUTION = 'cc000000-0000-4000-8000-000000000001';
// The engine refuses a booking sent within 3 s of showing the form (a bot's speed).
const HUMAN_PAUSE_MS = 3_100;
const TIME = /^\d{2}:\d{2}/;

/**
 * Focuses a day with two free times or more («N ledige tider»): the first of this month, else of the
 * next (near a month's end, its last days may have one time or none left).
 */
async function focusFullDay(page: Page) {
  await expect(page.getByRole('button', { name: /ledige? tid/ }).first()).toBeVisible({ timeout: 30_000 });
  const fullDay = page.getByRole('button', { name: /ledige tider$/ });
  if ((await fullDay.count()) === 0) {
    await tabTo(page, page.getByRole('button', { name: 'Neste måned' }));
    await page.keyboard.press('Enter');
  }
  await expect(fullDay.first()).toBeVisible({ timeout: 30_000 });
  await tabTo(page, fullDay.first());
}

test.use({ viewport: PHONE_390 });

/** The calendar event's UID and SEQUENCE in an e-mail's `.ics`. */
async function calendarEvent(message: Parameters<typeof attachmentText>[0]) {
  const ics = await attachmentText(message, '.ics');
  return {
    ics,
    uid: /^UID:(.+)$/mu.exec(ics)?.[1]?.trim(),
    sequence: Number(/^SEQUENCE:(\d+)/mu.exec(ics)?.[1]),
  };
}

test('a visitor books a befaring by keyboard, then moves and cancels it from the e-mail’s link', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const email = `booking-${uniqueSuffix()}@example.no`;

  await page.goto(`/booking/${SOLUTION}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestill befaring' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('Velg tjeneste – Bestill befaring');
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByRole('button', { name: /^Befaring/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Velg dag' })).toBeFocused();
  await focusFullDay(page);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Velg tid' })).toBeFocused();
  await expect(page).toHaveTitle('Velg tid – Bestill befaring');
  await expectNoAxeViolations(page);
  const times = page.getByRole('button', { name: TIME });
  const timeCount = await times.count();
  expect(timeCount).toBeGreaterThan(1);
  const firstTime = (await times.first().textContent()) ?? '';
  await tabTo(page, times.first());
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Dine opplysninger' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'E-post' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ola Nordmann');
  await tabTo(page, page.getByRole('checkbox', { name: /Jeg godtar at Fjord Rør AS/ }));
  await page.keyboard.press('Space');
  await expectNoAxeViolations(page);
  const overflow = await overflowOf(page);
  expect(overflow.scrollWidth, overflow.wider.join(', ')).toBeLessThanOrEqual(overflow.width);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const booked = page.waitForResponse(
    (response) =>
      response.url().endsWith('/functions/v1/booking') &&
      (response.request().postDataJSON() as { action?: string }).action === 'book',
  );
  await tabTo(page, page.getByRole('button', { name: 'Bestill' }));
  await page.keyboard.press('Enter');
  const answer = (await (await booked).json()) as { booking: { id: string }; token: string };

  await expect(page.getByRole('heading', { name: 'Timen er bestilt' })).toBeFocused({ timeout: 30_000 });
  await expect(page).toHaveTitle('Bestilt – Bestill befaring');
  await expect(page.getByText(`kl. ${firstTime}`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  const manage = page.getByRole('link', { name: 'Endre eller avbestille' });
  await expect(manage).toHaveAttribute('href', `/booking/endre?token=${answer.token}`);
  expect(await check(admin.from('bookings').select('status').eq('id', answer.booking.id))).toEqual([
    { status: 'confirmed' },
  ]);

  // The e-mail: the manage link and the calendar file.
  const confirmation = await waitForMessage(email, { subject: /^Bestillingen er bekreftet: Befaring / });
  const bookedEvent = await calendarEvent(confirmation);
  expect(bookedEvent.ics).toContain('METHOD:REQUEST');
  expect(bookedEvent.uid).toBe(`booking-${answer.booking.id}@leadtorget.no`);
  const emailLink = new URL(extractLink(confirmation, '/booking/endre'));
  expect(emailLink.searchParams.get('token')).toBe(answer.token);

  // The manage link from the e-mail: another time the same day, then cancelled.
  await page.goto(`${emailLink.pathname}${emailLink.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Din bestilling' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('Din bestilling – Bestill befaring');
  await expect(page.getByText('Bekreftet')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Endre tid' }).click();
  await expect(page.getByRole('heading', { name: 'Velg ny tid' })).toBeFocused();
  await page
    .getByRole('button', { name: /ledige? tid/ })
    .first()
    .click();
  const later = page.getByRole('button', { name: TIME }).last();
  const laterTime = (await later.textContent()) ?? '';
  expect(laterTime).not.toBe(firstTime);
  await later.click();
  await page.getByRole('button', { name: /^Flytt timen til/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Timen er flyttet til' })).toContainText(
    `kl. ${laterTime}`,
    { timeout: 30_000 },
  );
  await expectNoAxeViolations(page);
  const moved = await calendarEvent(await waitForMessage(email, { subject: /^Timen er flyttet: / }));
  expect(moved.uid).toBe(bookedEvent.uid);
  expect(moved.sequence).toBeGreaterThan(bookedEvent.sequence);
  expect(moved.ics).toContain('METHOD:REQUEST');

  // The owner sees the moved booking among the upcoming ones.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAs(owner, 'ola@fjordror.no');
  await owner.goto(`/booking-solutions/${SOLUTION}`);
  const ownerRow = owner.getByRole('row').filter({ hasText: email });
  await expect(ownerRow).toContainText(laterTime, { timeout: 30_000 });
  await expect(ownerRow).toContainText('Bekreftet');
  await ownerContext.close();

  await page.getByRole('button', { name: 'Avbestill' }).click();
  await page.getByRole('button', { name: 'Ja, avbestill' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bestillingen er avbestilt.' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Avbestilt', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bestill en ny time' })).toBeVisible();
  const [row] = await check(
    admin.from('bookings').select('status, rescheduled_at').eq('id', answer.booking.id),
  );
  expect(row?.status).toBe('cancelled');
  expect(row?.rescheduled_at).not.toBeNull();
  const cancelled = await calendarEvent(await waitForMessage(email, { subject: /^Timen er avbestilt: / }));
  expect(cancelled.uid).toBe(bookedEvent.uid);
  expect(cancelled.ics).toContain('METHOD:CANCEL');
});

test('a visitor pays for a service online with the local test card; it is confirmed only then', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [solution] = await check(
    admin.from('booking_solutions').select('organization_id').eq('id', SOLUTION),
  );
  const organizationId = solution.organization_id;
  // Fjord Rør takes cards: the local provider's test account, as /payments connects it.
  await check(
    admin
      .from('seller_accounts')
      .upsert(
        {
          organization_id: organizationId,
          provider: 'local',
          account_id: `acct_local_${organizationId.replaceAll('-', '')}`,
          charges_enabled: true,
        },
        { onConflict: 'organization_id', ignoreDuplicates: true },
      )
      .select('organization_id'),
  );
  const name = `Service på nett ${uniqueSuffix()}`;
  const [service] = await check(
    admin
      .from('booking_services')
      .insert({
        solution_id: SOLUTION,
        organization_id: organizationId,
        name,
        duration_minutes: 60,
        price_ore: 149000,
        payment: 'online',
        minimum_notice_minutes: 60,
        position: 99,
      })
      .select('id'),
  );
  const staff = await check(admin.from('booking_staff').select('id').eq('solution_id', SOLUTION));
  await check(
    admin
      .from('booking_staff_services')
      .insert(
        staff.map((row) => ({
          staff_id: row.id,
          service_id: service.id,
          solution_id: SOLUTION,
          organization_id: organizationId,
        })),
      )
      .select('service_id'),
  );
  try {
    await page.goto(`/booking/${SOLUTION}`);
    await expect(page.getByText('1\u00a0490 kr inkl. mva., betales på nett')).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await page
      .getByRole('button', { name: /ledige? tid/ })
      .first()
      .click({ timeout: 30_000 });
    await page.getByRole('button', { name: TIME }).first().click();
    await page.getByRole('textbox', { name: 'E-post' }).fill(`betaler-${uniqueSuffix()}@example.no`);
    await page.getByRole('checkbox', { name: /Jeg godtar at Fjord Rør AS/ }).check();
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    const booked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/functions/v1/booking') &&
        (response.request().postDataJSON() as { action?: string }).action === 'book',
    );
    await page.getByRole('button', { name: 'Bestill' }).click();
    const answer = (await (await booked).json()) as { booking: { id: string } };
    await expect(page.getByRole('heading', { name: 'Betal' })).toBeFocused({ timeout: 30_000 });
    await expect(page).toHaveTitle('Betal – Bestill befaring');
    expect(await check(admin.from('bookings').select('status').eq('id', answer.booking.id))).toEqual([
      { status: 'pending_payment' },
    ]);
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: 'Kortnummer' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Utløpsdato (MM/ÅÅ)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Betal 1\s490\skr$/ }).click();

    await expect(page.getByRole('heading', { name: 'Timen er bestilt' })).toBeFocused({ timeout: 30_000 });
    await expect(page.getByText(/^Betalt 1\s490\skr inkl\. mva\./)).toBeVisible();
    const [row] = await check(
      admin.from('bookings').select('status, orders(status, total_ore)').eq('id', answer.booking.id),
    );
    expect(row).toEqual({ status: 'confirmed', orders: { status: 'paid', total_ore: 149000 } });
  } finally {
    await check(admin.from('booking_services').update({ active: false }).eq('id', service.id).select('id'));
  }
});
