import writeXlsxFile from 'write-excel-file/node';
import { expect, test } from './fixtures';
import { admin, check, createMember, uniqueSuffix } from './support/marketplace-data';

/*
 * Excel import in a real browser (/leads/importer): the .xlsx reader is loaded only when an
 * .xlsx file is chosen, inside the importer's Web Worker, and the workbook's rows go through the same
 * mapping, validation, duplicate check, import and report as a CSV.
 */
test('imports an .xlsx workbook, loading the Excel reader only then', async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const member = await createMember({ label: 'excel', plan: 'tickets' });
  const workbook = await writeXlsxFile([
    [{ value: 'Navn' }, { value: 'E-post' }, { value: 'Mobil' }, { value: 'Postnr' }, { value: 'Samtykke' }],
    [
      { value: `Åse Ærlig ${suffix}` },
      { value: `ase.${suffix}@example.no` },
      { value: 91234567, type: Number },
      { value: 150, type: Number },
      { value: true, type: Boolean },
    ],
    [
      { value: `Per Feil ${suffix}` },
      { value: `per.${suffix}@example.no` },
      { value: 123, type: Number },
      null,
      null,
    ],
    [{ value: `Kari Dobbel ${suffix}` }, { value: `ASE.${suffix}@example.no` }, null, null, null],
  ]).toBuffer();

  const excelRequests: string[] = [];
  page.context().on('request', (request) => {
    if (/read-excel-file|importer\/xlsx|\/xlsx-[\w-]+\.js/.test(request.url()))
      excelRequests.push(request.url());
  });

  await signInAs(page, member.email);
  await page.goto('/leads/importer');
  await expect(page.getByRole('heading', { level: 1, name: 'Importer leads' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Støttede formater: Excel-arbeidsbok \(\.xlsx/)).toBeVisible();
  expect(excelRequests).toEqual([]);

  await page.getByLabel('Velg CSV- eller Excel-fil').setInputFiles({
    name: 'leads.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await expect(page.getByText('leads.xlsx: 3 rader fra det første arket i Excel-filen.')).toBeVisible({
    timeout: 30_000,
  });
  expect(excelRequests.length).toBeGreaterThan(0);
  await expect(page.getByLabel('Felt for kolonnen «Mobil»')).toHaveValue('phone');

  await page.getByRole('button', { name: 'Kontroller radene' }).click();
  await expect(
    page.getByText('1 rader er klare til import. 2 rader blir ikke importert.', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Importer 1 leads' }).click();
  await expect(page.getByRole('heading', { name: 'Importen er ferdig' })).toBeVisible({ timeout: 30_000 });
  const report = page.getByRole('table', { name: 'Rader som ikke blir importert' });
  await expect(report.getByRole('cell', { name: /^Ugyldig telefonnummer/ })).toBeVisible();
  await expect(
    report.getByRole('cell', { name: 'Samme e-post eller telefon som en tidligere rad i filen' }),
  ).toBeVisible();

  const imported = await check(
    admin
      .from('leads')
      .select('name, email, phone, postal_code, consent, source')
      .eq('organization_id', member.organizationId),
  );
  expect(imported).toEqual([
    {
      name: `Åse Ærlig ${suffix}`,
      email: `ase.${suffix}@example.no`,
      phone: '+4791234567',
      postal_code: '0150',
      consent: true,
      source: 'import',
    },
  ]);
});

test('reads a 10,000-row workbook in the worker (entries large enough for fflate to unzip in a nested worker)', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const member = await createMember({ label: 'excel10k', plan: 'tickets' });
  const rows: ({ value: string } | { value: number; type: NumberConstructor })[][] = [
    [{ value: 'Navn' }, { value: 'E-post' }, { value: 'Mobil' }, { value: 'Notat' }],
  ];
  for (let index = 0; index < 10000; index++) {
    rows.push([
      { value: `Person ${index}` },
      { value: `p${index}@example.no` },
      { value: 40000000 + index, type: Number },
      // random text compresses badly: the sheet's zip entry gets past fflate's 320,000-byte limit
      { value: `${crypto.randomUUID()} ${crypto.randomUUID()}` },
    ]);
  }
  const workbook = await writeXlsxFile(rows).toBuffer();
  expect(workbook.byteLength).toBeGreaterThan(400_000);

  await signInAs(page, member.email);
  await page.goto('/leads/importer');
  await expect(page.getByRole('heading', { level: 1, name: 'Importer leads' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Velg CSV- eller Excel-fil').setInputFiles({
    name: 'stor.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await expect(page.getByText('stor.xlsx: 10000 rader fra det første arket i Excel-filen.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('cell', { name: 'Person 0', exact: true })).toBeVisible();
});
