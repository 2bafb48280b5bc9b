import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { admin, createOrganization, createUser } from './support/admin';

/*
 * The forms list and builder against the local stack: a new organization's owner makes a form from
 * the NPS template (its rule shows a follow-up question on a low score), adds a question and a page
 * break so it has two pages, moves a block from the keyboard, waits for the autosave and publishes it;
 * the published version is read with the service role (the public page is another screen's). axe on
 * the list and the builder at a phone's and a laptop's width. Everything is made for the test.
 */

test('an organizer builds a two-page form with a condition and publishes it', async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  const owner = await createUser('skjema', 'Siri Skjema');
  const organizationId = await createOrganization(owner.id, `Skjema ${owner.suffix} AS`);
  await admin
    .from('organizations')
    .update({ organization_number: '923609016', contact_email: 'post@skjema.example.no' })
    .eq('id', organizationId)
    .throwOnError();
  await signInAs(page, owner.email);

  await page.goto('/forms');
  // The first visit loads the forms' chunks: time enough on a busy machine.
  await expect(page.getByRole('heading', { name: 'Skjemaer', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Ingen skjemaer ennå' })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await page.screenshot({ path: test.info().outputPath('list-390.png') });

  await page.getByRole('button', { name: 'Nytt skjema' }).first().click();
  await page.getByLabel('Start fra').selectOption({ label: 'NPS' });
  await expect(page.getByLabel('Navn på skjemaet')).toHaveValue('NPS');
  await page.getByLabel('Navn på skjemaet').fill('Hvordan var besøket?');
  await page.getByRole('button', { name: 'Lag skjema' }).click();
  await expect(page.getByRole('heading', { name: 'Hvordan var besøket?', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const formId = /forms\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  expect(formId).not.toBe('');

  // A page break and a question on the second page.
  await page.getByRole('button', { name: 'Sideskift' }).click();
  await page.getByRole('button', { name: 'Legg til' }).click();
  await page.getByRole('menuitem', { name: 'E-post' }).click();
  const blocks = page.getByRole('list', { name: 'Spørsmål i skjemaet' });
  await expect(blocks.getByText('Sideskift – side 2 starter her')).toBeVisible();

  // The keyboard moves «Hva kan vi gjøre bedre?» below «Hva er den viktigste grunnen …».
  const handle = page.getByRole('button', { name: 'Flytt Hva er den viktigste grunnen til svaret ditt?' });
  await handle.focus();
  // Each step waits for its announcement: the library acts on the next frame, which a busy machine delays.
  await page.keyboard.press('Space');
  await expect(page.getByText(/er over plass 2 av 5\./)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/er over plass 3 av 5\./)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(blocks.locator('strong').nth(1)).toHaveText('Hva kan vi gjøre bedre?');
  await expect(blocks.locator('strong').nth(2)).toHaveText('Hva er den viktigste grunnen til svaret ditt?');

  await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolationsAtWidths(page);
  await page.screenshot({ path: test.info().outputPath('builder-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('builder-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The database refuses a publication without the campaign's consent text: the section says so.
  await page.getByRole('tab', { name: 'Publisering' }).click();
  await expect(page.getByText(/Kampanjen mangler samtykketekst/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publiser' })).toBeDisabled();
  await admin
    .from('campaigns')
    .update({ consent_text: 'Jeg godtar at Skjema AS lagrer svaret mitt.' })
    .eq('id', formId)
    .throwOnError();
  await page.reload();
  await expect(page.getByText('Skjemaet er klart til å publiseres.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Publiser' }).click();
  await expect(page.getByText('Publisert versjon: 1')).toBeVisible({ timeout: 30_000 });

  const { data: versions } = await admin
    .from('forms_versions')
    .select('version, published_at, definition')
    .eq('form_id', formId)
    .throwOnError();
  expect(versions).toHaveLength(1);
  const version = versions?.[0];
  expect(version?.published_at).not.toBeNull();
  const definition = version?.definition as {
    pages: { blocks: { kind: string }[] }[];
    rules: { action: string }[];
  };
  expect(definition.pages).toHaveLength(2);
  expect(definition.pages[1]?.blocks.map((block) => block.kind)).toEqual(['email']);
  expect(definition.rules.map((rule) => rule.action)).toEqual(['show']);
});
