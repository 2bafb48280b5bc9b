import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { admin, ANON_KEY, createOrganization, createUser, localClient, write } from './support/admin';
import { osloDay } from './support/calendars';
import { readHeaders, waitForMessage } from './support/outbox';
import { overflowOf, PHONE } from './support/phone';

/*
 * The competitions' e-mails as a participant's phone shows them: the join confirmation, the
 * captain's notice of a join request, the weekly standings and the final results, sent by the
 * scheduled jobs' own function (standings and results with the job's `now`: next Monday, and after
 * the end) and read from the outbox, rendered in Chromium 360 px wide with long names and nothing
 * wider than the screen, in the competition's colour; the standings carry the one-click unsubscribe.
 */

/** The next Monday after today (Oslo), as YYYY-MM-DD, and how many days away it is. */
function nextMonday(): { date: string; days: number } {
  for (let days = 1; days <= 7; days++) {
    const date = osloDay(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) return { date, days };
  }
  throw new Error('no Monday within a week');
}

test('the confirmation, the captain notice, the standings and the results fit a 360 px screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser('fyllopp', 'Frida Fyll');
  const organizationId = await createOrganization(owner.id, `Sykkelklubben ${owner.suffix} AS`);
  await write(
    admin
      .from('organizations')
      .update({ contact_email: 'post@sykkelklubben.example.no' })
      .eq('id', organizationId),
  );
  const competitionId = randomUUID();
  const monday = nextMonday();
  await write(
    admin.from('campaigns').insert({
      id: competitionId,
      organization_id: organizationId,
      kind: 'competition',
      name: 'Sykle til jobben i Nordre Follo',
      published_at: new Date().toISOString(),
      consent_text: 'Jeg godtar reglene.',
      design: { primary_color: '#b91c1c' },
    }),
  );
  await write(
    // starts_at and ends_at are the trigger's, from the dates; the generated type asks for them anyway.
    admin.from('competitions').insert({
      id: competitionId,
      organization_id: organizationId,
      starts_on: osloDay(-1),
      ends_on: osloDay(monday.days + 3),
      unit: 'km',
      goal: 4000,
      team_goal: 400,
      team_max: 5,
      milestones: [{ percent: 1, label: 'Kaffe og kanelbolle til alle lagene fra Sykkelbutikken' }],
    } as never),
  );

  const anon = localClient(ANON_KEY);
  const captain = `kristoffer.nordmann-halvorsen.${owner.suffix}@eksempel-entreprenor.no`;
  const asker = `ingrid.fjellheim-kristiansen.${owner.suffix}@eksempel-entreprenor.no`;
  const shown = new Date(Date.now() - 10_000).toISOString();
  const created = await anon.rpc('create_competition_team', {
    input_competition_id: competitionId,
    input_email: captain,
    input_consent: true,
    input_form_shown_at: shown,
    input_team_name: 'Rørlegger-rytterne fra Nordre Follo og omegn',
    input_invite_only: true,
    input_name: 'Kristoffer Nordmann-Halvorsen',
    input_reminders_opt_in: true,
  });
  expect(created.error).toBeNull();
  const { data: team } = await admin
    .from('competitions_teams')
    .select('id')
    .eq('competition_id', competitionId)
    .single()
    .throwOnError();
  const requested = await anon.rpc('join_competition_team', {
    input_competition_id: competitionId,
    input_email: asker,
    input_consent: true,
    input_form_shown_at: shown,
    input_team_id: team.id,
    input_name: 'Ingrid Fjellheim-Kristiansen',
  });
  expect(requested.data).toMatchObject({ outcome: 'requested' });
  const { data: captainRow } = await admin
    .from('participants')
    .select('id')
    .eq('email', captain)
    .eq('organization_id', organizationId)
    .single()
    .throwOnError();
  await write(
    admin.from('competitions_progress').insert({
      competition_id: competitionId,
      organization_id: organizationId,
      participant_id: captainRow.id,
      team_id: team.id,
      amount: 123.4,
      on_date: osloDay(0),
    }),
  );

  const jobs = [
    { job: 'competition-confirmations' },
    { job: 'competition-captain-notices' },
    { job: 'competition-standings', now: `${monday.date}T08:30:00Z` },
    { job: 'competition-results', now: `${osloDay(monday.days + 4)}T12:00:00Z` },
  ];
  for (const body of jobs) {
    const run = await admin.functions.invoke<unknown>('campaign-jobs', { body });
    expect(run.error, body.job).toBeNull();
  }
  // The scheduler may have sent the first two already; either way each arrives once.
  const mails = [
    await waitForMessage(captain, {
      subject: 'Du er med i Sykle til jobben i Nordre Follo',
      timeout: 30_000,
    }),
    await waitForMessage(asker, { subject: 'Du er med i Sykle til jobben i Nordre Follo', timeout: 30_000 }),
    await waitForMessage(captain, {
      subject: /^Ingrid Fjellheim-Kristiansen vil bli med på /,
      timeout: 30_000,
    }),
    await waitForMessage(captain, { subject: /^Ukens stilling i /, timeout: 30_000 }),
    await waitForMessage(captain, { subject: /^Resultatet fra /, timeout: 30_000 }),
  ];
  expect(mails[1].Text).toContain('Lagkapteinen avgjør forespørselen.');
  expect(mails[3].Text).toContain('ligger på 1. plass av 1.');
  expect(mails[4].Text).toContain('Kaffe og kanelbolle til alle lagene fra Sykkelbutikken');

  await page.setViewportSize(PHONE);
  for (const mail of mails) {
    await page.setContent(mail.HTML);
    const overflow = await overflowOf(page);
    expect(overflow.width, mail.Subject).toBe(PHONE.width);
    expect(overflow.wider, mail.Subject).toEqual([]);
    expect(overflow.scrollWidth, mail.Subject).toBeLessThanOrEqual(PHONE.width);
    const button = page.getByRole('link', {
      name: /^(Se deltakelsen din|Svar på forespørselen|Registrer fremgang|Se resultatlista)$/,
    });
    await expect(button, mail.Subject).toBeInViewport();
    await expect(button.locator('xpath=..')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    expect(mail.Text, mail.Subject).toContain(`Spørsmål? Kontakt Sykkelklubben ${owner.suffix} AS`);
  }

  const headers = await readHeaders(mails[3].ID);
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  expect(headers['List-Unsubscribe']?.[0]).toMatch(
    new RegExp(
      `^<http://127\\.0\\.0\\.1:54321/functions/v1/unsubscribe\\?kind=competition&id=${competitionId}&token=[0-9a-f]{64}>$`,
    ),
  );
});
