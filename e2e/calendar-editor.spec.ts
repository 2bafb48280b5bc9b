import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, createOrganization, createUser, write } from './support/admin';
import { createCalendarWithClosedDoor } from './support/calendars';
import { drawPng } from './support/png';

/*
 * The signed-in calendar screens against the local stack: a new organization's owner builds and
 * publishes an advent calendar (an image from the library through the picker, a quiz whose answer
 * lands in the members-only secrets table), and an owner draws and approves a winner for a door
 * that has closed. Everything is made for the test through the admin API, so no demo data changes.
 */

const MEDIA_BUCKET = 'organizations-media';

/** An image in the organization's library (with alt text), as the upload would leave it. */
async function seedImage(organizationId: string, name: string, altText: string) {
  const id = randomUUID();
  const folder = `${organizationId}/${id}`;
  const png = drawPng(800, 600, [180, 30, 40]);
  for (const file of ['original.png', 'web.png', 'thumb.png']) {
    const { error } = await admin.storage
      .from(MEDIA_BUCKET)
      .upload(`${folder}/${file}`, png, { contentType: 'image/png' });
    if (error) throw error;
  }
  await write(
    admin.from('organizations_media').insert({
      id,
      organization_id: organizationId,
      type: 'image',
      name,
      alt_text: altText,
      storage_path: `${folder}/original.png`,
      url: `${folder}/web.png`,
      thumbnail_path: `${folder}/thumb.png`,
      mime_type: 'image/png',
      size_bytes: png.length,
      width: 800,
      height: 600,
    }),
  );
  return id;
}

test('an owner creates a 24-door calendar, fills two doors, writes the consent and publishes', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser('kalender', 'Kari Kalender');
  const organizationId = await createOrganization(owner.id, `Kalender ${owner.suffix} AS`);
  // The rules template names the organizer by its number.
  await admin
    .from('organizations')
    .update({ organization_number: '923609016', contact_email: 'post@kalender.example.no' })
    .eq('id', organizationId)
    .throwOnError();
  const imageId = await seedImage(organizationId, 'Julenisse', 'Julenisse med rød lue foran butikken');
  await signInAs(page, owner.email);

  await page.goto('/calendar/list');
  // The first visit loads the calendar screens' chunks: time enough on a busy machine.
  await expect(page.getByRole('heading', { name: 'Kalendere', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(/Kalendere/);
  await page.getByRole('link', { name: 'Lag din første kalender' }).click();

  await expect(page.getByRole('heading', { name: 'Ny kalender', level: 1 })).toBeVisible();
  await page.getByLabel('Navn', { exact: true }).fill('Julekalender e2e');
  await expect(page.getByLabel('Mal')).toHaveValue('advent-24');
  await expect(page.getByText(/24 luker, 01\.12\.\d{4} – 24\.12\.\d{4}/)).toBeVisible();
  await page.getByRole('button', { name: 'Lag kalenderen' }).click();

  await expect(page).toHaveURL(/\/calendar\/[0-9a-f-]{36}\/edit$/);
  const calendarId = /\/calendar\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { name: 'Julekalender e2e', level: 1 })).toBeVisible();
  const doors = page.getByRole('table', { name: 'Lukene' });
  await expect(doors.getByRole('row')).toHaveCount(25);

  // Door 1: text and an image chosen from the library through the picker.
  await page.getByRole('button', { name: 'Rediger luke 1', exact: true }).click();
  await expect(page).toHaveURL(/door=1/);
  await page.getByLabel('Tittel', { exact: true }).fill('Velkommen til julekalenderen');
  await page.getByLabel('Tekst', { exact: true }).fill('Bak hver luke venter en ny overraskelse.');
  await page.getByRole('button', { name: 'Velg fra mediebiblioteket' }).click();
  const picker = page.getByRole('dialog', { name: 'Velg fil' });
  await picker.getByRole('button', { name: /^Julenisse/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText('Alt-tekst: Julenisse med rød lue foran butikken')).toBeVisible();
  await page.getByRole('button', { name: 'Lagre luken' }).click();
  await expect(page.getByRole('region', { name: /^Varsler/ }).getByText('Luke 1 er lagret.')).toBeVisible();
  await page.getByRole('button', { name: 'Tilbake til lukene' }).click();

  // Door 2: a single-choice quiz; the right answer is a secret.
  await page.getByRole('button', { name: 'Rediger luke 2', exact: true }).click();
  await page.getByLabel('Tittel', { exact: true }).fill('Dagens spørsmål');
  await page.getByRole('radio', { name: 'Flervalg (ett riktig svar)' }).check();
  await page.getByLabel('Spørsmålet', { exact: true }).fill('Hvor mange luker har kalenderen?');
  await page.getByLabel('Svaralternativ 1').fill('12');
  await page.getByLabel('Svaralternativ 2').fill('24');
  await page.getByRole('radio', { name: 'Alternativ 2 er riktig' }).check();
  await page.getByRole('button', { name: 'Lagre luken' }).click();
  await expect(page.getByRole('region', { name: /^Varsler/ }).getByText('Luke 2 er lagret.')).toBeVisible();
  await page.getByRole('button', { name: 'Tilbake til lukene' }).click();

  // Publishing waits for the consent text.
  await expect(page.getByRole('button', { name: 'Publiser' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Regler og samtykke' }).click();
  await expect(page).toHaveURL(/section=rules/);
  await page.getByRole('button', { name: 'Bruk forslag' }).click();
  await expect(page.getByLabel('Samtykketekst')).toHaveValue(/Jeg godtar reglene/);
  await page.getByRole('button', { name: 'Bruk mal' }).click();
  await expect(page.getByLabel('Regler og vilkår')).toHaveValue(/Regler for Julekalender e2e/);
  await expect(page.getByLabel('Regler og vilkår')).toHaveValue(/\(org\.nr\. 923609016\)/);
  await page.getByRole('button', { name: 'Lagre regler og samtykke' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Varsler/ })
      .getByText('Lagret.')
      .first(),
  ).toBeVisible();

  await expectNoAxeViolations(page);

  // «Publiser» asks first and lists what is unfinished: 22 empty doors and the template's gaps.
  await expect(page.getByRole('heading', { name: 'Før du publiserer' })).toBeVisible();
  await page.getByRole('button', { name: 'Publiser' }).click();
  const ask = page.getByRole('dialog', { name: 'Publisere «Julekalender e2e»?' });
  await expect(ask.getByText(/^22 tomme luker: 3, 4, 5/)).toBeVisible();
  await expect(ask.getByText(/^Uutfylt fra malen i reglene: .*\[/)).toBeVisible();
  const anyway = ask.getByRole('button', { name: 'Publiser likevel' });
  await expect(anyway).toBeDisabled();
  await ask.getByRole('checkbox', { name: 'Jeg vil publisere likevel, med det som mangler' }).check();
  await anyway.click();
  await expect(
    page
      .getByRole('region', { name: /^Varsler/ })
      .getByText('Kalenderen er publisert.')
      .first(),
  ).toBeVisible();
  // Focus is back on the one publish button, now «Avpubliser»; the checklist is gone.
  await expect(page.getByRole('button', { name: 'Avpubliser' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Kalenderen er publisert' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Før du publiserer' })).toBeHidden();

  // What the database holds: the image on door 1, the quiz on door 2 and its answer apart.
  const { data: stored } = await admin
    .from('calendar_doors')
    .select('id, day_number, media_id, quiz_kind, quiz_options, calendar_door_secrets(quiz_answer)')
    .eq('calendar_id', calendarId)
    .in('day_number', [1, 2])
    .order('day_number')
    .throwOnError();
  expect(stored?.[0]).toMatchObject({ day_number: 1, media_id: imageId });
  expect(stored?.[1]).toMatchObject({
    day_number: 2,
    quiz_kind: 'single',
    quiz_options: ['12', '24'],
    calendar_door_secrets: { quiz_answer: '24' },
  });

  // The preview opens a future door with «Åpne alle luker», through the public pages' own components.
  await page.getByRole('link', { name: 'Forhåndsvis' }).click();
  await expect(page).toHaveTitle(/Forhåndsvisning av kalender/);
  await page.getByRole('checkbox', { name: 'Åpne alle luker' }).check();
  await page.getByRole('button', { name: /^Luke 2,/ }).click();
  await expect(page.getByRole('heading', { name: 'Luke 2: Dagens spørsmål' })).toBeVisible();
  await expect(page.getByText('Hvor mange luker har kalenderen?')).toBeVisible();
  await page.getByRole('link', { name: 'Tilbake til redigering' }).click();

  await page.getByRole('link', { name: 'Alle kalendere' }).click();
  const row = page.getByRole('row', { name: /Julekalender e2e/ });
  await expect(row.getByText(/^(Planlagt|Pågår)$/)).toBeVisible();
  // The row's secondary actions are in its «Handlinger» menu.
  await row.getByRole('button', { name: 'Handlinger for Julekalender e2e' }).click();
  await expect(page.getByRole('menuitem', { name: 'Åpne offentlig side' })).toHaveAttribute(
    'href',
    new RegExp(`/calendar/${calendarId}$`),
  );
});

test('an owner draws a winner for a closed door, sees what makes it verifiable, and approves', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const { owner, calendarId, doorId, participants } = await createCalendarWithClosedDoor('trekning');

  await signInAs(page, owner.email);
  await page.goto(`/calendar/${calendarId}/edit?section=draws`);
  await expect(page.getByRole('tab', { name: 'Trekninger' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByLabel('Trekning for')).toHaveValue(doorId);
  await expect(page.getByLabel('Premie', { exact: true })).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Lås listen' }).click();
  await expect(
    page.getByRole('region', { name: /^Varsler/ }).getByText('Listen er låst: 3 svar.'),
  ).toBeVisible();

  const { data: draw } = await admin
    .from('campaign_draws')
    .select('id, entries_sha256')
    .eq('campaign_id', calendarId)
    .single()
    .throwOnError();
  await expect(page.getByText(draw?.entries_sha256 ?? 'missing')).toBeVisible();
  await page.getByRole('button', { name: 'Trekk vinner' }).click();
  // The seed exists once the draw has run; the page then shows that very seed.
  const drawnSeed = async () =>
    (
      await admin
        .from('campaign_draws')
        .select('seed_hex')
        .eq('id', draw?.id ?? '')
        .single()
    ).data?.seed_hex;
  await expect.poll(drawnSeed).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByText((await drawnSeed()) ?? 'missing')).toBeVisible();

  await expectNoAxeViolations(page);

  const approve = page.getByRole('button', { name: /^Godkjenn / });
  await expect(approve).toHaveCount(1);
  await approve.click();
  await expect(page.getByRole('cell', { name: 'Godkjent' })).toBeVisible();
  const { data: winners } = await admin
    .from('campaign_draw_winners')
    .select('status')
    .eq('campaign_id', calendarId)
    .throwOnError();
  expect(winners).toEqual([{ status: 'approved' }]);

  // The next day (door 1 closed when today's door opened): the public calendar announces the winner
  // with first name and initial only.
  const visitor = await browser.newPage();
  await visitor.goto(`/calendar/${calendarId}`);
  const announced = visitor.getByRole('region', { name: 'Gårsdagens vinnere' });
  const shortNames = participants.map(({ name }) => `${name.split(' ')[0]} ${name.split(' ')[1]?.[0]}.`);
  await expect(announced.getByRole('listitem')).toHaveText(
    new RegExp(`^Luke 1: (${shortNames.join('|')}) vant Termokopp`),
  );
  for (const { name } of participants) await expect(announced).not.toContainText(name);
  await visitor.close();

  // A phone: the draws and the list fit 360 px without sideways scrolling of the page.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('link', { name: 'Alle kalendere' }).click();
  await expect(page.getByRole('link', { name: 'Adventsdager' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
