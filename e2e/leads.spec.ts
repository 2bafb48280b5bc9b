import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, check, createOrganization, createUser, LEADTORGET, write } from './support/admin';

/*
 * The lead screens: /leads with search, the query string and an inline status change, the
 * CSV export, /leads/lead/{id} with its history and advertising on a marketplace (then pausing), and
 * /leads/settings. The test makes its own user, organization and leads through the admin API.
 */

async function createSeller() {
  const { id, email, suffix } = await createUser('selger', 'Siv Selger');
  const organizationId = await createOrganization(id, `Selger ${suffix} AS`);
  await write(
    admin
      .from('marketplaces_organizations')
      .insert({ marketplace_id: LEADTORGET, organization_id: organizationId }),
  );
  const leads = await check(
    admin
      .from('leads')
      .insert([
        {
          organization_id: organizationId,
          source: 'form',
          name: 'Kari "Kjapp" Berg; Bergen',
          email: 'kari.berg@example.no',
          category: 'Tak',
          area: 'Vestland',
        },
        {
          organization_id: organizationId,
          source: 'import',
          name: 'Ola Vik',
          phone: '+47 912 34 567',
          category: 'Bad',
          area: 'Oslo',
        },
        { organization_id: organizationId, source: 'manual', name: 'Per Lund', email: 'per.lund@example.no' },
      ])
      .select('id, name'),
  );
  return { email, organizationId, leads };
}

test('leads: search, status, export, history, advertise and pause, settings', async ({ page, signInAs }) => {
  const seller = await createSeller();
  await signInAs(page, seller.email);

  await page.goto('/leads');
  // The first visit loads the screen's chunks: time enough on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: /^Leads i Selger/ });
  await expect(table.getByRole('link')).toHaveCount(3);
  await expect(page.getByText('3 leads')).toBeVisible();
  await expectNoAxeViolations(page);

  // Search goes into the URL and the request.
  await page.getByRole('searchbox', { name: /Søk/ }).fill('vik');
  await page.getByRole('button', { name: 'Bruk filtre' }).click();
  await expect(page).toHaveURL(/\/leads\?q=vik$/);
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(table.getByRole('link', { name: 'Ola Vik' })).toBeVisible();

  // Inline status change; the status filter finds it after a reload.
  await page.getByRole('combobox', { name: 'Status for Ola Vik' }).selectOption({ label: 'Vunnet' });
  await expect(page.getByText('Status endret til «Vunnet».', { exact: true })).toBeVisible();
  await page.goto('/leads?status=won');
  await expect(table.getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('won');

  // Export of all three: BOM, «;» and quoting.
  await page.goto('/leads');
  await expect(table.getByRole('link')).toHaveCount(3);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksporter til CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Navn;E-post;Telefon;Firma;Postnummer;Sted;Kategori;Område;Kilde;Status;Notater;Opprettet',
  );
  expect(csv).toContain('"Kari ""Kjapp"" Berg; Bergen";kari.berg@example.no;');
  expect(csv).toContain('Ola Vik;;+47 912 34 567;;;;Bad;Oslo;Import;Vunnet;;');

  // Lead info: history with the status change, then advertise and pause.
  await table.getByRole('link', { name: 'Ola Vik' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ola Vik' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Historikk' });
  await expect(history.getByText('Status endret: Ny → Vunnet')).toBeVisible();
  await expect(history.getByText('Importert')).toBeVisible();

  await page.getByLabel('Tittel (teaser)').fill('Bad skal pusses opp, ring 912 34 567');
  await expect(page.getByRole('status').filter({ hasText: 'kontaktinformasjon' })).toBeVisible();
  await page.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByLabel('Tittel (teaser)')).toHaveAccessibleDescription(/kontaktinformasjon/);
  await page.getByLabel('Tittel (teaser)').fill('Bad på 6 m² skal pusses opp');
  await page.getByLabel('Antall kjøpere').fill('2');
  // Ola Vik was imported without consent: the seller confirms it before the lead is shared.
  await page.getByRole('checkbox', { name: /^Jeg bekrefter at personen har samtykket/ }).check();
  await page.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByText('Leadet er annonsert.', { exact: true })).toBeVisible();
  const listings = page.getByRole('table', { name: 'Annonser for dette leadet' });
  await expect(
    listings.getByRole('cell', { name: 'Bad på 6 m² skal pusses opp', exact: true }),
  ).toBeVisible();
  await expect(listings.getByRole('cell', { name: '0 av 2', exact: true })).toBeVisible();
  await expect(history.getByText('Annonsert på Leadtorget')).toBeVisible();
  await listings.getByRole('button', { name: /^Pause/ }).click();
  await expect(listings.getByRole('cell', { name: 'Pauset', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Settings: a bad recipient is refused in Norwegian; a receipt address is added through the RPC.
  await page.goto('/leads/settings');
  await page.getByLabel('Mottakere').fill('salg@example.no\nikke-en-adresse');
  await page.getByRole('button', { name: 'Lagre innstillinger' }).click();
  await expect(page.getByLabel('Mottakere')).toHaveAccessibleDescription(
    /Ugyldig e-postadresse: ikke-en-adresse/,
  );
  await page.getByLabel('Mottakere').fill('salg@example.no');
  await page.getByRole('checkbox', { name: 'Send varsler på e-post' }).check();
  await page.getByRole('button', { name: 'Lagre innstillinger' }).click();
  await expect(page.getByText('Innstillingene er lagret.', { exact: true })).toBeVisible();
  await page.getByLabel('Ny kvitteringsadresse').fill('faktura@example.no');
  await page.getByRole('button', { name: 'Legg til' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Kvitteringsadresser' })
      .getByRole('cell', { name: 'faktura@example.no', exact: true }),
  ).toBeVisible();

  const config = await check(
    admin
      .from('organizations_leads_config')
      .select('send_to_email, recipients')
      .eq('id', seller.organizationId)
      .single(),
  );
  expect(config).toEqual({ send_to_email: true, recipients: ['salg@example.no'] });
});
