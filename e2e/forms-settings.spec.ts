import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtWidths } from './support/a11y';
import { admin, createOrganization, createUser } from './support/admin';

/*
 * «Innstillinger» against the local stack: a new organization's owner makes a form from «Kontakt oss»,
 * writes the consent texts there (the publish section links to them), caps an option at one place,
 * chooses themself for a daily digest and publishes. One response (the service role's submission, as
 * the edge function makes it) takes the place: the builder shows 1 of 1 taken and the public form
 * shows the option as full. Everything is made for the test.
 */

test('an organizer sets places, notices and consent, and a full option shows as full', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(240_000);
  const owner = await createUser('innstillinger', 'Ine Innstilling');
  await createOrganization(owner.id, `Innstillinger ${owner.suffix} AS`);
  await signInAs(page, owner.email);

  await page.goto('/forms');
  await expect(page.getByRole('heading', { name: 'Skjemaer', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Nytt skjema' }).first().click();
  await page.getByLabel('Start fra').selectOption({ label: 'Kontakt oss' });
  await page.getByRole('button', { name: 'Lag skjema' }).click();
  await expect(page.getByRole('heading', { name: 'Kontakt oss', level: 1 })).toBeVisible({ timeout: 30_000 });
  const formId = /forms\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] ?? '';
  expect(formId).not.toBe('');
  await expect(page.getByText('Lagret', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The missing consent text links to its field in «Innstillinger».
  await page.getByRole('tab', { name: 'Publisering' }).click();
  await page.getByRole('link', { name: 'Skriv samtykketeksten' }).click();
  const consent = page.getByLabel('Samtykketekst');
  await expect(consent).toBeFocused({ timeout: 30_000 });
  await consent.fill('Jeg godtar at Innstillinger AS bruker opplysningene mine til å svare meg.');
  await page.getByLabel('Samtykke til markedsføring (valgfritt)').fill('Send meg nyheter på e-post.');
  await page.getByRole('button', { name: 'Lagre samtykket' }).click();
  await expect(page.getByText('Samtykket er lagret.', { exact: true })).toBeVisible({ timeout: 30_000 });

  // A bad cap is refused at its field and nothing typed is lost; then one place for «Faktura».
  const service = page.getByLabel('Plasser for Service og reparasjon');
  const invoice = page.getByLabel('Plasser for Faktura');
  await service.fill('mange');
  await invoice.fill('1');
  await page.getByRole('button', { name: 'Lagre plassene' }).click();
  await expect(service).toBeFocused();
  await expect(
    page.getByText('Skriv et helt tall fra 0 til 1 000 000, eller la feltet stå tomt.'),
  ).toBeVisible();
  await expect(invoice).toHaveValue('1');
  await service.fill('');
  await page.getByRole('button', { name: 'Lagre plassene' }).click();
  await expect(page.getByText('Plassene er lagret.', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('0 av 1 tatt')).toBeVisible({ timeout: 30_000 });

  // The owner is told in a daily digest.
  await page.getByLabel('Varsle om nye svar').selectOption({ label: 'Daglig sammendrag' });
  await expect(page.getByText('Én e-post med dagens nye svar, sendt fra kl. 08:00 hver dag.')).toBeVisible();
  await page.getByRole('group', { name: 'Medlemmer som får varsel' }).getByText(owner.email).click();
  await page.getByRole('button', { name: 'Lagre varslene' }).click();
  await expect(page.getByText('Varslene er lagret.', { exact: true })).toBeVisible({ timeout: 30_000 });

  await expectNoAxeViolationsAtWidths(page);
  await page.screenshot({ path: test.info().outputPath('settings-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('settings-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const { data: stored } = await admin
    .from('campaigns')
    .select('consent_text, marketing_consent_text')
    .eq('id', formId)
    .single()
    .throwOnError();
  expect(stored).toEqual({
    consent_text: 'Jeg godtar at Innstillinger AS bruker opplysningene mine til å svare meg.',
    marketing_consent_text: 'Send meg nyheter på e-post.',
  });
  const { data: quotas } = await admin
    .from('forms_quotas')
    .select('block_id, option_id, cap')
    .eq('form_id', formId)
    .throwOnError();
  expect(quotas).toEqual([{ block_id: 'b_emne', option_id: 'o_faktura', cap: 1 }]);
  const { data: told } = await admin
    .from('forms_notify')
    .select('member_id')
    .eq('form_id', formId)
    .throwOnError();
  expect(told).toEqual([{ member_id: owner.id }]);
  const { data: form } = await admin
    .from('forms')
    .select('notify_mode')
    .eq('id', formId)
    .single()
    .throwOnError();
  expect(form?.notify_mode).toBe('daily');

  await page.getByRole('tab', { name: 'Publisering' }).click();
  await page.getByRole('button', { name: 'Publiser' }).click();
  await expect(page.getByText('Publisert versjon: 1')).toBeVisible({ timeout: 30_000 });

  // One response takes the only place, as the edge function submits it.
  const { data: version } = await admin
    .from('forms_versions')
    .select('id')
    .eq('form_id', formId)
    .not('published_at', 'is', null)
    .single()
    .throwOnError();
  await admin
    .rpc('submit_form_response', {
      input_form_id: formId,
      input_version_id: version?.id ?? '',
      input_answers: {
        b_navn: 'Per',
        b_emne: { choices: ['o_faktura'] },
        b_fakturanummer: '123',
        b_melding: 'Hei',
      },
      input_client_ip: '203.0.113.29',
      input_form_shown_at: new Date(Date.now() - 60_000).toISOString(),
      input_quota_choices: [{ block_id: 'b_emne', option_id: 'o_faktura' }],
    })
    .throwOnError();

  await page.getByRole('tab', { name: 'Innstillinger' }).click();
  await page.reload();
  await expect(page.getByText('1 av 1 tatt')).toBeVisible({ timeout: 30_000 });

  await page.goto(`/skjema/${formId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt oss' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Faktura (fullt)' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Service og reparasjon' })).toBeEnabled();
});
