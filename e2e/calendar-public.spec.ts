import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { calendarEmbedSnippet } from '../src/features/calendars/utils/embed';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, createOrganization, createUser, write } from './support/admin';
import { insertCalendar, osloDay, participantIdOf } from './support/calendars';
import { watchConsoleErrors } from './support/console';
import { APP_URL } from './support/hosts';
import { tabTo } from './support/keyboard';
import { groundFillsWindow, textsOffPanels } from './support/public-pages';

/*
 * The calendars' public pages on the lean public entry (docs/calendars.md, docs/campaign-engine.md):
 * a visitor enters today's door inside the iframe on a customer's plain page and becomes a lead; a
 * door that has not opened cannot be read by editing the address; entering works by keyboard alone;
 * axe finds nothing on the hosted calendar, a door, the countdown and the participation page.
 * Each test makes its own organization and calendars through the service role.
 */

const CONSENT = 'Jeg godtar reglene og at Testbutikken lagrer svaret mitt for å trekke vinnere.';
const MARKETING = 'Ja takk, send meg tilbud fra Testbutikken på e-post.';
/** A door the visitor must never see before it opens. */
const SECRET_TITLE = 'Hemmelig luke som ikke er åpnet';

type TestCalendar = { id: string; todayDay: number; futureDay: number };

/**
 * A published daily calendar: three doors already open before today's (door time 00:00 Oslo, so
 * today's has opened too), today's with a quiz and a voucher, three future doors.
 */
async function createLiveCalendar(
  label: string,
  design: Record<string, string> = { primary_color: '#0b5d3b' },
): Promise<TestCalendar> {
  const owner = await createUser(`calendar-${label}`, 'Kari Kalender');
  const organizationId = await createOrganization(owner.id, `Testbutikken ${owner.suffix} AS`);
  const calendar = {
    id: await insertCalendar({
      organization_id: organizationId,
      name: `Julekalender ${owner.suffix}`,
      template: 'daily',
      starts_on: osloDay(-3),
      ends_on: osloDay(3),
      door_time: '00:00',
      consent_text: CONSENT,
      marketing_consent_text: MARKETING,
      rules_text: 'Regler: gratis å delta, 18 år.',
      published_at: new Date().toISOString(),
      design,
    }),
  };
  const doors = await check(
    admin.from('calendar_doors').select('id, day_number').eq('calendar_id', calendar.id).order('day_number'),
  );
  const today = doors[3];
  const future = doors[6];
  await write(
    admin
      .from('calendar_doors')
      .update({
        title: 'Rørquiz',
        body: 'Svar riktig og vinn en dusjarmatur.',
        quiz_kind: 'single',
        quiz_question: 'Hvilket rør brukes til varmtvann?',
        quiz_options: ['PEX-rør', 'Avløpsrør'],
      })
      .eq('id', today.id),
  );
  await write(
    admin.from('calendar_door_secrets').insert({
      door_id: today.id,
      organization_id: organizationId,
      quiz_answer: 'PEX-rør',
      voucher_code: 'JUL-E2E',
    }),
  );
  await write(
    admin.from('calendar_doors').update({ title: SECRET_TITLE, body: SECRET_TITLE }).eq('id', future.id),
  );
  return { id: calendar.id, todayDay: today.day_number, futureDay: future.day_number };
}

/** A customer's page with the snippet the editor's «Del og bygg inn» gives. */
function customerPage(calendarId: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Testbutikken</title></head><body>
<h1>Testbutikken</h1>
${calendarEmbedSnippet(APP_URL, calendarId, 'Julekalender')}
</body></html>`;
}

/** Answers today's door, consents and enters, waiting out the form's 3-second time trap. */
async function enter(scope: Page | FrameLocator, email: string) {
  await scope.getByRole('radio', { name: 'PEX-rør' }).check();
  await scope.getByRole('textbox', { name: 'E-post' }).fill(email);
  await scope.getByLabel('Navn (valgfritt)').fill('Per Kalender');
  await scope.getByRole('checkbox', { name: CONSENT }).check();
  await scope.getByRole('checkbox', { name: `${MARKETING} (valgfritt)` }).check();
}

test('a visitor enters today’s door in the iframe on a customer’s page and becomes a lead', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const calendar = await createLiveCalendar('iframe');
  const email = `visitor.${calendar.id.slice(0, 8)}@example.no`;
  // The customer's own site on another origin, served from a plain local server (a page Playwright
  // made up itself would count as public, and Chromium keeps public pages from framing local ones):
  // the snippet from docs/campaign-engine.md, nothing more.
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(customerPage(calendar.id));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  const customer = `http://127.0.0.1:${port}/`;
  try {
    // The frame's pages must work without any storage of their own site: Chromium here refuses
    // third-party storage, as a browser that blocks third-party cookies does.
    // (The statistics call may 404 until its function exists: a console line, not a page error.)
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(customer);
    const frame = page.frameLocator('iframe[data-leadtorget-calendar]');
    await frame.getByRole('button', { name: `Luke ${calendar.todayDay}, dagens luke, åpen` }).click();
    await expect(
      frame.getByRole('heading', { level: 1, name: `Luke ${calendar.todayDay}: Rørquiz` }),
    ).toBeFocused();
    // The page in the iframe still; the frame grows with it.
    expect(page.url()).toBe(customer);
    const frameHeight = () =>
      page.locator('iframe[data-leadtorget-calendar]').evaluate((element) => element.clientHeight);
    await expect.poll(frameHeight).toBeGreaterThan(600);
    // The frame is exactly as tall as the page's content, whichever way that changes.
    const framed = page.frame({ url: /\/calendar\/iframe/ });
    const contentHeight = () => framed?.evaluate(() => document.body.getBoundingClientRect().height) ?? 0;
    const fitsContent = () =>
      expect
        .poll(async () => Math.abs((await frameHeight()) - (await contentHeight())))
        .toBeLessThanOrEqual(1);
    await fitsContent();
    const withForm = await frameHeight();

    await enter(frame, email);
    await page.waitForTimeout(3_100);
    await frame.getByRole('button', { name: 'Send inn' }).click();
    await expect(frame.getByRole('heading', { name: 'Takk for at du deltok!' })).toBeFocused();
    await expect(frame.getByText('Riktig svar!')).toBeVisible();
    await expect(frame.getByText('JUL-E2E')).toBeVisible();
    // The result is shorter than the form: the frame shrinks with it, leaving no blank space on the
    // customer's page; and it fits the grid again back there.
    await expect.poll(frameHeight).toBeLessThan(withForm - 100);
    await fitsContent();
    await frame.getByRole('button', { name: '← Tilbake til kalenderen' }).click();
    await expect(frame.getByRole('heading', { level: 2, name: 'Lukene' })).toBeVisible();
    await fitsContent();

    const leads = await check(admin.from('leads').select('id, source, campaign_id, name').eq('email', email));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ source: 'calendar', campaign_id: calendar.id, name: 'Per Kalender' });
    expect(errors).toEqual([]);
  } finally {
    site.close();
  }
});

test('a door that has not opened says when it opens, shows none of its content and logs nothing', async ({
  page,
}) => {
  const calendar = await createLiveCalendar('future');
  const answers: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/rest/v1/rpc/')) answers.push(await response.text().catch(() => ''));
  });
  const consoleErrors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/calendar/${calendar.id}/${calendar.futureDay}`);
  await expect(page.getByRole('heading', { level: 1, name: `Luke ${calendar.futureDay}` })).toBeVisible();
  // Oslo time, Norwegian 24-hour: «Luke 7 åpner 11. desember kl. 08:00.»
  await expect(page.getByRole('status')).toHaveText(
    new RegExp(`^Luke ${calendar.futureDay} åpner \\d{1,2}\\. [a-zæøå]+ kl\\. \\d{2}:\\d{2}\\.$`),
  );
  await expect(page.getByRole('link', { name: '← Tilbake til kalenderen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send inn' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(SECRET_TITLE);
  expect(answers.join('\n')).not.toContain(SECRET_TITLE);
  // A short page: its background reaches the bottom of the window; no text sits on it bare.
  expect(await groundFillsWindow(page)).toBe(true);
  expect(await textsOffPanels(page)).toEqual([]);
  consoleErrors.expectNone();
  // The grid says when it opens, and does not link to it.
  await page.goto(`/calendar/${calendar.id}`);
  await expect(
    page.getByRole('button', { name: new RegExp(`^Luke ${calendar.futureDay}, åpner `) }),
  ).toHaveAttribute('aria-disabled', 'true');
});

test('entering works with the keyboard alone', async ({ page }) => {
  const calendar = await createLiveCalendar('keyboard');
  const email = `keys.${calendar.id.slice(0, 8)}@example.no`;
  await page.goto(`/calendar/${calendar.id}`);
  const today = page.getByRole('link', { name: `Luke ${calendar.todayDay}, dagens luke, åpen` });
  await tabTo(page, today);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/calendar/${calendar.id}/${calendar.todayDay}$`));

  const answer = page.getByRole('radio', { name: 'PEX-rør' });
  await tabTo(page, page.getByRole('radio').first());
  // Arrow keys move within the radio group and choose.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(answer).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'E-post' })).toBeFocused();
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('checkbox', { name: CONSENT }));
  await page.keyboard.press('Space');
  await page.waitForTimeout(3_100);
  await tabTo(page, page.getByRole('button', { name: 'Send inn' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Takk for at du deltok!' })).toBeFocused();
});

test('axe finds nothing on the calendar, a door, the countdown and the participation page', async ({
  page,
}) => {
  const calendar = await createLiveCalendar('axe');
  // A phone first: 360 px wide, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= 360);
  await page.goto(`/calendar/${calendar.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  expect(await fitsWidth()).toBe(true);
  await expectNoAxeViolations(page);
  expect(await textsOffPanels(page)).toEqual([]);

  await page.goto(`/calendar/${calendar.id}/${calendar.todayDay}`);
  await expect(page.getByRole('button', { name: 'Send inn' })).toBeVisible();
  expect(await fitsWidth()).toBe(true);
  await expectNoAxeViolations(page);
  expect(await textsOffPanels(page)).toEqual([]);
  // With the errors showing too.
  await page.getByRole('button', { name: 'Send inn' }).click();
  await expect(page.getByText('Skriv e-postadressen din.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A calendar that starts next week: the countdown page with its pre-registration.
  const scheduled = await check(
    admin.from('calendars').select('organization_id').eq('id', calendar.id).single(),
  );
  const upcoming = {
    id: await insertCalendar({
      organization_id: scheduled.organization_id,
      name: 'Nyttårskalender',
      template: 'daily',
      starts_on: osloDay(7),
      ends_on: osloDay(9),
      consent_text: CONSENT,
      published_at: new Date().toISOString(),
    }),
  };
  await page.goto(`/calendar/countdown?id=${upcoming.id}`);
  await expect(page.getByRole('timer')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await textsOffPanels(page)).toEqual([]);

  // A participant (pre-registered as the countdown page does) and their signed link.
  const email = `axe.${upcoming.id.slice(0, 8)}@example.no`;
  await write(
    admin.rpc('register_calendar_participant', {
      input_calendar_id: upcoming.id,
      input_email: email,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
    }),
  );
  const participantId = await participantIdOf(scheduled.organization_id, email);
  const token = await check(
    admin.rpc('issue_participant_token', {
      input_participant_id: participantId,
      input_campaign_id: upcoming.id,
    }),
  );
  await page.goto(`/calendar/participation?id=${upcoming.id}&token=${token}`);
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await textsOffPanels(page)).toEqual([]);
  await page.goto(`/calendar/participation?id=${upcoming.id}&token=wrong`);
  await expect(page.getByRole('alert')).toContainText('Lenken er ugyldig');
  await expect(page.getByRole('heading', { level: 1, name: 'Ugyldig lenke' })).toBeVisible();
  await expect(page).toHaveTitle('Ugyldig lenke');
  expect(await textsOffPanels(page)).toEqual([]);
});

test('the public calendar shows the owner’s door and text colours on past, today’s and future doors', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const calendar = await createLiveCalendar('colours', {
    theme: 'pepperkake',
    door_style: 'gave',
    background_color: '#f6ead8',
    text_color: '#4a2511',
    door_color: '#8a4b24',
    door_text_color: '#fff8ee',
    primary_color: '#b3202a',
  });
  await page.goto(`/calendar/${calendar.id}`);
  const grid = page.getByRole('list').filter({ has: page.locator('[data-day]') });
  await expect(grid.locator('[data-day]')).toHaveCount(7, { timeout: 30_000 });
  const door = (day: number) => grid.locator(`[data-day="${day}"]`);
  await expect(door(1)).toHaveAttribute('data-state', 'closed');
  await expect(door(calendar.todayDay)).toHaveAttribute('aria-current', 'date');
  await expect(door(calendar.futureDay)).toHaveAttribute('data-state', 'locked');
  for (const day of [1, calendar.todayDay, calendar.futureDay]) {
    await expect(door(day)).toHaveCSS('background-color', 'rgb(138, 75, 36)');
    await expect(door(day)).toHaveCSS('color', 'rgb(255, 248, 238)');
  }
  await expect(page.locator('[data-calendar-page]')).toHaveAttribute('data-calendar-theme', 'pepperkake');
  await expect(page.locator('[data-calendar-page]')).toHaveCSS('background-color', 'rgb(246, 234, 216)');
  await expectNoAxeViolations(page);
});
