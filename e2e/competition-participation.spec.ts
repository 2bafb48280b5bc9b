import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { admin, check, createOrganization, createUser, write } from './support/admin';
import { osloDay, participantIdOf } from './support/calendars';
import { drawJpegDataUrl, jpegWithGps } from './support/media-files';

/*
 * A competitor's own page and the organizer's preview (docs/competitions.md, «Deltakersiden og
 * forhåndsvisning»): people join through the public SQL functions, get their signed link as the
 * e-mail job would (issue_participant_token), and act on the page in a real browser against the
 * real functions. Each test makes its own organization and competition through the service role.
 */

const CONSENT = 'Jeg godtar reglene for fylloppet.';

type Competition = { id: string; name: string; organizationId: string; ownerEmail: string };

/** A published competition that started three days ago (Oslo): 50 km an entry, 80 km a day. */
async function createLiveCompetition(label: string): Promise<Competition> {
  const owner = await createUser(`fyllopp-${label}`, 'Kari Arrangør');
  const organizationId = await createOrganization(owner.id, `Fyllopp ${owner.suffix} AS`);
  const id = randomUUID();
  const name = `Sykle til jobben ${owner.suffix}`;
  await write(
    admin.from('campaigns').insert({
      id,
      organization_id: organizationId,
      kind: 'competition',
      name,
      consent_text: CONSENT,
      published_at: new Date(Date.now() - 86_400_000).toISOString(),
    } as never),
  );
  await write(
    admin.from('competitions').insert({
      id,
      organization_id: organizationId,
      starts_on: osloDay(-3),
      ends_on: osloDay(20),
      unit: 'km',
      goal: 1000,
      team_max: 5,
      max_per_entry: 50,
      max_per_day: 80,
    } as never),
  );
  return { id, name, organizationId, ownerEmail: owner.email };
}

const shownAt = () => new Date(Date.now() - 10_000).toISOString();

/** Creates a team by the public function; the creator is its captain. Answers the team's id. */
async function createTeam(competition: Competition, email: string, name: string, inviteOnly = false) {
  await check(
    admin.rpc('create_competition_team', {
      input_competition_id: competition.id,
      input_email: email,
      input_name: email.split('@')[0],
      input_consent: true,
      input_form_shown_at: shownAt(),
      input_team_name: name,
      input_invite_only: inviteOnly,
    }),
  );
  const { data } = await admin
    .from('competitions_teams')
    .select('id')
    .eq('competition_id', competition.id)
    .eq('name', name)
    .single()
    .throwOnError();
  return data?.id ?? '';
}

async function join(competition: Competition, teamId: string, email: string, name: string) {
  await check(
    admin.rpc('join_competition_team', {
      input_competition_id: competition.id,
      input_email: email,
      input_name: name,
      input_consent: true,
      input_form_shown_at: shownAt(),
      input_team_id: teamId,
    }),
  );
}

/** The person's participation link's token, as the confirmation e-mail carries it. */
async function tokenOf(competition: Competition, email: string): Promise<string> {
  const participantId = await participantIdOf(competition.organizationId, email);
  return check(
    admin.rpc('issue_participant_token', {
      input_participant_id: participantId,
      input_campaign_id: competition.id,
    }),
  );
}

const openPage = async (page: Page, competition: Competition, token: string) => {
  await page.goto(`/fyllopp/participation?id=${competition.id}&token=${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('din side', { timeout: 30_000 });
};

test('a participant logs progress and sees the team’s total move, is refused over the day’s limit keeping what was typed, deletes an entry and leaves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const competition = await createLiveCompetition('deltaker');
  const suffix = competition.id.slice(0, 8);
  const teamId = await createTeam(competition, `kaptein.${suffix}@example.no`, `Tråkkerne ${suffix}`);
  const email = `ola.${suffix}@example.no`;
  await join(competition, teamId, email, 'Ola Nordmann');
  const token = await tokenOf(competition, email);

  await openPage(page, competition, token);
  await expect(page).toHaveTitle(/– din side$/);
  const team = page.getByRole('region', { name: `Laget ditt: Tråkkerne ${suffix}` });
  await expect(team.getByText('Laget har samlet 0 km')).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);

  const form = page.getByRole('region', { name: 'Registrer fremgang' });
  await expect(form.getByText(/Igjen å registrere for .*: 80 km av 80 km\./)).toBeVisible();
  await form.getByLabel('Mengde (km)').fill('12,5');
  await form.getByLabel('Notat (valgfritt)').fill('Til jobben');
  await form.getByRole('button', { name: 'Registrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrert: 12,5 km' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(team.getByText('Laget har samlet 12,5 km')).toBeVisible({ timeout: 30_000 });
  await expect(form.getByLabel('Mengde (km)')).toBeFocused();
  await expect(form.getByText(/: 67,5 km av 80 km\./)).toBeVisible();

  // Meanwhile 60 km more are logged for today elsewhere: the page's figure is old, the server knows.
  await check(
    admin.rpc('log_competition_progress', {
      input_token: token,
      input_competition_id: competition.id,
      input_amount: 50,
      input_on_date: osloDay(0),
    }),
  );
  await form.getByLabel('Mengde (km)').fill('20');
  await form.getByLabel('Notat (valgfritt)').fill('Hjem igjen');
  await form.getByRole('button', { name: 'Registrer' }).click();
  await expect(page.getByText('Du har nådd grensen for hva du kan registrere på én dag.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(form.getByLabel('Mengde (km)')).toHaveValue('20');
  await expect(form.getByLabel('Notat (valgfritt)')).toHaveValue('Hjem igjen');

  const entries = page.getByRole('region', { name: 'Registreringene dine' });
  await entries.getByRole('button', { name: /^Slett 12,5 km fra / }).click();
  await expect(page.getByText(/^Registreringen på 12,5 km fra .* er slettet\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(entries.getByRole('button', { name: /^Slett 12,5 km/ })).toHaveCount(0);
  await expect(team.getByText('Laget har samlet 50 km')).toBeVisible();

  await page.getByRole('button', { name: `Forlat Tråkkerne ${suffix}` }).click();
  await expect(page.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await page.getByRole('button', { name: 'Ja, forlat laget' }).click();
  await expect(page.getByRole('heading', { name: 'Du er ikke på et lag ennå' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: 'Finn et lag' })).toHaveAttribute(
    'href',
    `/fyllopp/${competition.id}/gruppe`,
  );
  const { data: memberships } = await admin
    .from('competitions_members')
    .select('id')
    .eq('competition_id', competition.id)
    .eq('participant_id', await participantIdOf(competition.organizationId, email));
  expect(memberships).toEqual([]);

  await page.goto(`/fyllopp/participation?id=${competition.id}&token=wrong`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ugyldig lenke' })).toBeVisible({
    timeout: 30_000,
  });
});

test('a participant sends a photo with an entry at 390 px: stored without its location, shown on the team page until the organizer rejects the entry', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const competition = await createLiveCompetition('foto');
  const suffix = competition.id.slice(0, 8);
  const teamId = await createTeam(competition, `kaptein.${suffix}@example.no`, `Fotolaget ${suffix}`);
  const email = `kari.${suffix}@example.no`;
  await join(competition, teamId, email, 'Kari Nordmann');
  const token = await tokenOf(competition, email);

  await openPage(page, competition, token);
  const form = page.getByRole('region', { name: 'Registrer fremgang' });
  const marker = `posisjon-${suffix}`;
  const photo = jpegWithGps(await page.evaluate(drawJpegDataUrl), marker);
  await form
    .getByLabel('Bilde (valgfritt)')
    .setInputFiles([{ name: 'tur.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await expect(form.getByRole('img', { name: 'Bildet du har valgt' })).toBeVisible();
  await form.getByLabel('Mengde (km)').fill('8');
  await form.getByRole('button', { name: 'Registrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registrert: 8 km' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(form.getByRole('img', { name: 'Bildet du har valgt' })).toHaveCount(0);

  // Stored in the private uploads bucket, without the GPS block the phone wrote.
  const { data: uploads } = await admin
    .from('campaign_uploads')
    .select('object_path, claimed_at')
    .eq('campaign_id', competition.id)
    .throwOnError();
  expect(uploads).toHaveLength(1);
  expect(uploads?.[0]?.claimed_at).not.toBeNull();
  const stored = await admin.storage.from('campaign-uploads').download(uploads?.[0]?.object_path ?? '');
  const bytes = Buffer.from(await stored.data!.arrayBuffer());
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(bytes.includes(Buffer.from(marker))).toBe(false);

  await page.goto(`/fyllopp/${competition.id}/gruppe/${teamId}`);
  const gallery = page.getByRole('region', { name: 'Bilder fra laget' });
  const picture = gallery.getByRole('img', { name: /^Bilde fra Kari N\., 8 km, / });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoAxeViolationsAtWidths(page);

  // The organizer sees the photo beside the entry, and rejecting the entry takes it off the page.
  await signInAs(page, competition.ownerEmail);
  await page.goto(`/fyllopp/${competition.id}/edit?section=moderation`);
  await expect(
    page.getByRole('img', { name: 'Bildet fra Kari Nordmann (åpnes i ny fane)' }).first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Avvis registreringen til Kari Nordmann' }).first().click();
  await page
    .getByRole('dialog')
    .getByLabel(/Begrunnelse/)
    .fill('Bildet viser ikke sykling');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Avvis/ })
    .click();
  await expect(page.getByText('Registreringen er avvist.', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/fyllopp/${competition.id}/gruppe/${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Fotolaget ${suffix}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Bilder fra laget' })).toHaveCount(0);
});

test('a captain approves a join request, removes a member and hands over the captaincy', async ({ page }) => {
  test.setTimeout(180_000);
  const competition = await createLiveCompetition('kaptein');
  const suffix = competition.id.slice(0, 8);
  const captain = `kari.${suffix}@example.no`;
  const teamId = await createTeam(competition, captain, `Regnjakkene ${suffix}`, true);
  // An invite-only team: joining without the code is a request for the captain.
  await join(competition, teamId, `per.${suffix}@example.no`, 'Per Hansen');
  await join(competition, teamId, `lise.${suffix}@example.no`, 'Lise Berg');
  const token = await tokenOf(competition, captain);

  await openPage(page, competition, token);
  const tools = page.getByRole('region', { name: 'Kapteinens verktøy' });
  await expect(tools.getByRole('textbox', { name: /^Lagkode: [a-z0-9]{10}$/ })).toHaveValue(
    new RegExp(`/fyllopp/${competition.id}/gruppe/${teamId}\\?invite=[a-z0-9]{10}$`),
  );
  await expectNoAxeViolationsAtWidths(page);

  await tools.getByRole('button', { name: 'Godta Per H.' }).click();
  await expect(page.getByText('Per H. er med på laget.')).toBeVisible({ timeout: 30_000 });
  await tools.getByRole('button', { name: 'Godta Lise B.' }).click();
  await expect(page.getByText('Lise B. er med på laget.')).toBeVisible({ timeout: 30_000 });

  await tools.getByRole('button', { name: 'Fjern Per H.' }).click();
  await tools.getByRole('button', { name: 'Ja, fjern' }).click();
  await expect(page.getByText('Per H. er fjernet fra laget.')).toBeVisible({ timeout: 30_000 });
  await expect(tools.getByRole('button', { name: 'Fjern Per H.' })).toHaveCount(0);

  await tools.getByRole('button', { name: 'Gjør Lise B. til kaptein' }).click();
  await tools.getByRole('button', { name: 'Ja, gjør til kaptein' }).click();
  await expect(page.getByText('Lise B. er nå kaptein for laget.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Kapteinens verktøy' })).toHaveCount(0);
  const { data: members } = await admin
    .from('competitions_members')
    .select('role, status, participants(email)')
    .eq('team_id', teamId)
    .order('role');
  expect(
    members?.map((m) => [(m.participants as { email: string } | null)?.email, m.role, m.status]),
  ).toEqual([
    [`lise.${suffix}@example.no`, 'captain', 'active'],
    [captain, 'member', 'active'],
  ]);
});

test('the organizer previews the public pages at a test date', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  const competition = await createLiveCompetition('forhandsvisning');
  const suffix = competition.id.slice(0, 8);
  await createTeam(competition, `kaptein.${suffix}@example.no`, `Pedalpuserne ${suffix}`);
  await signInAs(page, competition.ownerEmail);
  await page.goto(`/fyllopp/${competition.id}/preview`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Forhåndsvisning: ${competition.name}`, {
    timeout: 30_000,
  });
  await expect(page).toHaveTitle(/Forhåndsvisning av fyllopp/);
  await expect(
    page.getByRole('list', { name: 'Topplagene' }).getByText(`Pedalpuserne ${suffix}`),
  ).toBeVisible();
  const date = page.getByRole('textbox', { name: 'Vis som dato' });
  await date.fill(osloDay(40).split('-').reverse().join('.'));
  await date.press('Tab');
  await expect(page.getByText('Fylloppet er over. Takk til alle som var med!')).toBeVisible();
  await date.fill(osloDay(-10).split('-').reverse().join('.'));
  await date.press('Tab');
  await expect(page.getByText(/^Start .* kl\. 00:00\.$/)).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});
