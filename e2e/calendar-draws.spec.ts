import { demoSession, expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, check, localClient } from './support/admin';
import { createCalendarWithClosedDoor } from './support/calendars';
import { watchConsoleErrors } from './support/console';
import { textsOffPanels } from './support/public-pages';

/*
 * A draw anyone can check (docs/calendars.md «Draws»): the owner locks door 1's list, draws, rejects
 * the winner with a reason (a replacement is drawn), approves the replacement and draws one more;
 * a visitor follows the public calendar's link to the verification page, sees the redraw listed and
 * has the browser recompute hash and ranking. Through the API as the owner, as the editor's draws
 * test covers the editor's buttons.
 */
test('a visitor checks the draw behind the announced winner, redraw included', async ({ page }) => {
  test.setTimeout(90_000);
  const { owner, calendarId, doorId } = await createCalendarWithClosedDoor('verifiser');
  const session = await demoSession(owner.email);
  const asOwner = localClient(ANON_KEY, session.access_token);
  const prize = await check(admin.from('campaign_prizes').select('id').eq('item_id', doorId).single());
  const draw = await check(
    asOwner.rpc('commit_calendar_draw', {
      input_calendar_id: calendarId,
      input_door_id: doorId,
      input_prize_id: prize.id,
      input_eligibility: 'all',
      input_exclude_previous_winners: false,
      input_winners_count: 1,
    }),
  );
  const [first] = await check(asOwner.rpc('run_calendar_draw', { input_draw_id: draw.id }));
  const afterRejection = await check(
    asOwner.rpc('decide_calendar_winner', {
      input_winner_id: first?.id ?? '',
      input_approve: false,
      input_reason: 'Ansatt hos arrangøren',
    }),
  );
  const replacement = afterRejection.find((winner) => winner.added_as === 'replacement');
  await check(
    asOwner.rpc('decide_calendar_winner', { input_winner_id: replacement?.id ?? '', input_approve: true }),
  );
  await check(asOwner.rpc('draw_more_calendar_winners', { input_draw_id: draw.id, input_count: 1 }));

  const consoleErrors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/calendar/${calendarId}`);
  const winners = page.getByRole('region', { name: 'Gårsdagens vinnere' });
  await winners.getByRole('link', { name: 'Slik ble vinnerne trukket' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/draws\\?id=${calendarId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Slik ble vinnerne trukket' })).toBeVisible();
  await expect(page).toHaveTitle('Slik ble vinnerne trukket – Adventsdager');
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'calendar-draws');

  const record = page.getByRole('region', { name: 'Luke 1: Termokopp' });
  await expect(record.getByText(draw.entries_sha256)).toBeVisible();
  await expect(record.getByText('3 svar i listen')).toBeVisible();
  // The redraw shows: the rejected winner with the reason, the replacement, the extra winner.
  const places = record.getByRole('listitem').filter({ hasText: /^Plass \d/ });
  await expect(places).toHaveText([
    /^Plass 1: [0-9a-f-]{36}trukket, avvist · Grunn: Ansatt hos arrangøren$/,
    /^Plass 2: [0-9a-f-]{36}trukket på nytt for en avvist vinner, godkjent$/,
    /^Plass 3: [0-9a-f-]{36}trukket i tillegg, venter på godkjenning$/,
  ]);

  await record.getByRole('button', { name: 'Kontroller' }).click();
  const result = record.getByRole('status');
  await expect(result.getByText('Stemmer.', { exact: true })).toBeVisible();
  await expect(result).toContainText(
    `Kontrollsummen av de 3 svar-ID-ene (sortert, skilt med linjeskift) er ${draw.entries_sha256}`,
  );
  await expect(result).toContainText('Plass 1–3 er de svarene som får lavest SHA-256 av «seed:ID»');

  // A phone: nothing scrolls sideways, no text on the bare ground, nothing for axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await textsOffPanels(page)).toEqual([]);
  await expectNoAxeViolations(page);
  consoleErrors.expectNone();

  // In English for `?lang=en`, as the other public pages.
  await page.goto(`/calendar/draws?id=${calendarId}&lang=en`);
  const english = page.getByRole('region', { name: 'Door 1: Termokopp' });
  await english.getByRole('button', { name: 'Check' }).click();
  await expect(english.getByRole('status').getByText('It matches.', { exact: true })).toBeVisible();
});
