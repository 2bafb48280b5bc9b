import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { ANON_KEY, admin, createOrganization, createUser, localClient } from './support/admin';
import { COMPETITION_URL } from './support/hosts';
import { tabTo } from './support/keyboard';

/*
 * The organizer's competition screens against the local stack: a new organization's owner creates a
 * competition (teams of at most 3, two groups), edits it, publishes it through the gaps dialog, moves
 * a member (a full team refused with the catalogue's message), rejects a progress entry, reads the
 * statistics and downloads the CSV; the list on the competition host; axe at a phone's and a laptop's
 * width; the editor's tabs by keyboard alone. Everything is made for the test, so no demo data changes.
 */

const anon = localClient(ANON_KEY);

/** Today and a day `days` later as Oslo dates, `yyyy-mm-dd` and `dd.mm.yyyy`. */
function osloDay(days = 0) {
  const key = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const [year, month, day] = key.split('-');
  return { key, typed: `${day}.${month}.${year}` };
}

/** A notice as shown (the live region repeats it for screen readers). */
const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** A visitor joins a team through the public function (its time trap passed: the form shown 10 s ago). */
async function join(competitionId: string, teamId: string, name: string, email: string) {
  const { data, error } = await anon.rpc('join_competition_team', {
    input_competition_id: competitionId,
    input_team_id: teamId,
    input_email: email,
    input_name: name,
    input_consent: true,
    input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
  });
  if (error) throw new Error(error.message);
  return data;
}

test('an organizer creates, edits and publishes a competition, moves a member, moderates and exports', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser('fyllopp', 'Frida Fyllopp');
  const organizationId = await createOrganization(owner.id, `Fyllopp ${owner.suffix} AS`);
  await admin
    .from('organizations')
    .update({ organization_number: '923609016', contact_email: 'post@fyllopp.example.no' })
    .eq('id', organizationId)
    .throwOnError();
  await signInAs(page, owner.email);

  await page.goto('/fyllopp/list');
  // The first visit loads the competition screens' chunks: time enough on a busy machine.
  await expect(page.getByRole('heading', { name: 'Fyllopp', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Ingen konkurranser ennå' })).toBeVisible();
  await page.getByRole('link', { name: 'Lag din første konkurranse' }).click();

  // Create: refused in the browser first, with Norwegian messages and focus on the first field.
  await expect(page.getByRole('heading', { name: 'Ny konkurranse', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Legg til gruppe' }).click();
  await expect(page.getByLabel('Gruppe 1', { exact: true })).toBeFocused();
  await page.getByLabel('Gruppe 1', { exact: true }).fill('Kontoret');
  await page.getByLabel('Flest antall på et lag').fill('0');
  await page.getByRole('button', { name: 'Lag konkurransen' }).click();
  await expect(page.getByText('Skriv et navn.')).toBeVisible();
  await expect(page.getByLabel('Navn', { exact: true })).toBeFocused();
  await expect(page.getByText('Skriv et helt tall fra 1 til 1000.')).toBeVisible();
  await expect(page.getByLabel('Gruppe 1', { exact: true })).toHaveValue('Kontoret');

  const start = osloDay(0);
  const end = osloDay(29);
  await page.getByLabel('Navn', { exact: true }).fill('Sykle e2e');
  await page.getByRole('textbox', { name: 'Første dag' }).fill(start.typed);
  await page.getByRole('textbox', { name: 'Siste dag' }).fill(end.typed);
  await page.getByLabel('Felles mål').fill('1000');
  await page.getByLabel('Flest antall på et lag').fill('3');
  await page.getByRole('button', { name: 'Legg til gruppe' }).click();
  await page.getByLabel('Gruppe 2', { exact: true }).fill('Lageret');
  await page.getByRole('button', { name: 'Lag konkurransen' }).click();

  await expect(page).toHaveURL(/\/fyllopp\/[0-9a-f-]{36}\/edit$/, { timeout: 30_000 });
  const competitionId = /\/fyllopp\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { name: 'Sykle e2e', level: 1 })).toBeVisible();
  const row = await admin
    .from('competitions')
    .select('team_max, unit, goal')
    .eq('id', competitionId)
    .single();
  expect(row.data).toEqual({ team_max: 3, unit: 'km', goal: 1000 });

  // Details: a milestone, saved; focus stays on the save button.
  await page.getByRole('button', { name: 'Legg til milepæl' }).click();
  await page.getByLabel('Prosent').fill('50');
  await page.getByLabel('Hva skjer').fill('Kakefest');
  const save = page.getByRole('button', { name: 'Lagre', exact: true });
  await save.click();
  await expect(notice(page, 'Lagret.')).toBeVisible();
  await expect(save).toBeFocused();

  // Groups and teams: two teams in «Kontoret».
  await page.getByRole('tab', { name: 'Grupper og lag' }).click();
  await expect(page.getByRole('cell', { name: 'Lageret', exact: true })).toBeVisible();
  for (const name of ['Lag A', 'Lag B']) {
    await page.getByLabel('Lagnavn').fill(name);
    await page.getByRole('button', { name: 'Legg til lag' }).click();
    await expect(page.getByRole('heading', { name, level: 5 })).toBeVisible();
  }

  // Rules and consent: the suggested consent text.
  await page.getByRole('tab', { name: 'Regler og samtykke' }).click();
  await page.getByRole('button', { name: 'Bruk forslag' }).click();
  await page.getByRole('button', { name: 'Lagre regler og samtykke' }).click();
  await expect(notice(page, 'Lagret.')).toBeVisible();

  // Publish: the dialog lists what is unfinished and needs a second yes.
  await page.getByRole('button', { name: 'Publiser', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publisere «Sykle e2e»?' });
  await expect(dialog.getByText('Reglene er ikke skrevet')).toBeVisible();
  await expect(dialog.getByText('1 gruppe uten lag: Lageret')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publiser likevel' })).toBeDisabled();
  await dialog.getByLabel('Jeg vil publisere likevel, med det som mangler').check();
  await dialog.getByRole('button', { name: 'Publiser likevel' }).click();
  await expect(notice(page, 'Konkurransen er publisert.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Konkurransen er publisert' })).toBeVisible();

  // Visitors join: three fill «Lag A», one joins «Lag B».
  const teams = await admin.from('competitions_teams').select('id, name').eq('competition_id', competitionId);
  const teamId = (name: string) => teams.data?.find((team) => team.name === name)?.id ?? '';
  for (const [index, name] of ['Anne', 'Bjørn', 'Cecilie'].entries())
    await join(competitionId, teamId('Lag A'), name, `e2e-${owner.suffix}-${index}@example.no`);
  await join(competitionId, teamId('Lag B'), 'Dina', `e2e-${owner.suffix}-3@example.no`);

  // Move: into the full team is refused with the catalogue's message; the other way works.
  await page.goto(`/fyllopp/${competitionId}/edit?section=groups`);
  await page.getByLabel('Flytt Dina til').selectOption({ label: 'Lag A' });
  await page.getByRole('list', { name: 'Medlemmer i Lag B' }).getByRole('button', { name: 'Flytt' }).click();
  await expect(
    page.getByText('Gruppen er full. Prøv en annen gruppe, eller lag en ny.').first(),
  ).toBeVisible();
  await page.getByLabel('Flytt Anne til').selectOption({ label: 'Lag B' });
  await page
    .getByRole('list', { name: 'Medlemmer i Lag A' })
    .getByRole('button', { name: 'Flytt' })
    .first()
    .click();
  await expect(notice(page, 'Anne er flyttet til Lag B.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Medlemmer i Lag B' }).getByText('Anne', { exact: true }),
  ).toBeVisible();

  // Moderation: a logged entry rejected with a reason.
  const participant = await admin
    .from('competitions_members')
    .select('participant_id, team_id')
    .eq('competition_id', competitionId)
    .eq('team_id', teamId('Lag A'))
    .limit(1)
    .single();
  await admin
    .from('competitions_progress')
    .insert({
      competition_id: competitionId,
      organization_id: organizationId,
      participant_id: participant.data?.participant_id ?? '',
      team_id: participant.data?.team_id ?? null,
      amount: 42,
      on_date: start.key,
    })
    .throwOnError();
  await page.getByRole('tab', { name: 'Moderering' }).click();
  await page.getByRole('button', { name: /^Avvis registreringen til/ }).click();
  const reject = page.getByRole('dialog');
  await reject.getByRole('button', { name: 'Avvis' }).click();
  await expect(reject.getByText('Skriv en begrunnelse (høyst 500 tegn).')).toBeVisible();
  await reject.getByLabel('Begrunnelse').fill('Over 40 km på en sykkeltur til jobben stemmer ikke.');
  await reject.getByRole('button', { name: 'Avvis' }).click();
  await expect(notice(page, 'Registreringen er avvist.')).toBeVisible();
  await expect(page.getByRole('table').getByText('Avvist')).toBeVisible();

  // Statistics and the CSV.
  await page.getByRole('tab', { name: 'Statistikk' }).click();
  await expect(page.getByText('Påmeldte')).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: /^4$/ }).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Last ned deltakerne (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sykle-e2e-deltakere-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.startsWith('\uFEFFLag;Gruppe;Rolle;Status;Navn;E-post')).toBe(true);
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(5);
  await expect(notice(page, '4 rader er lastet ned.')).toBeVisible();

  await expectNoAxeViolationsAtWidths(page);

  // The list on the competition host: at its root, the editor's link at the root too.
  await page.goto(`${COMPETITION_URL}/`);
  const link = page.getByRole('link', { name: 'Sykle e2e', exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute('href', `/${competitionId}/edit`);
  await expect(page.getByText('Pågår')).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});

test("the editor's sections by keyboard alone", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'ola@fjordror.no');
  await page.goto('/fyllopp/cb000000-0000-4000-8000-000000000001/edit');
  await expect(page.getByRole('heading', { name: 'Sykle til jobben', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const details = page.getByRole('tab', { name: 'Detaljer' });
  await tabTo(page, details);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Design' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const groups = page.getByRole('tab', { name: 'Grupper og lag' });
  await expect(groups).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(groups).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Tråkkerne', level: 5 })).toBeVisible();
  await expect(page).toHaveURL(/section=groups/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Moderering' })).toBeFocused();
  await expectNoAxeViolationsAtWidths(page);
});
