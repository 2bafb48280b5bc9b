import type { Locator } from '@playwright/test';
import { parseCsv } from '../src/lib/spreadsheet/csv';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { createOrganization, createUser } from './support/admin';

/*
 * Customer value against the local stack: a new organization's owner sees no customers, imports a
 * revenue file (one bad row shown in the preview, the rest sent), and then sees the «Import» source
 * with three customers marked as a small sample, one customer's value net and incl. MVA, and a CSV
 * export whose sources and customers tables are the ones on the screen.
 */

const MARK = 'Få kunder – usikkert tall';

/** Each row's cells as text (a badge's words included). */
async function tableTexts(table: Locator) {
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

test('an owner imports revenue and sees the customers, the sources and an export that matches', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const owner = await createUser('kundeverdi', 'Kine Verdi');
  await createOrganization(owner.id, `Verdi ${owner.suffix} AS`);
  const kari = `kari.${owner.suffix}@example.no`;
  const file = [
    'Dato;Navn;E-post;Telefon;Beløp inkl. mva;MVA',
    `01.03.2026;Kari Nordmann;${kari};;1 490,00;25`,
    `01.04.2026;Kari Nordmann;${kari};;990;25`,
    `01.05.2026;Ola Hansen;ola.${owner.suffix}@example.no;;500;25`,
    '01.06.2026;Per Berg;;+47 912 34 567;1000;15',
    `30.02.2026;Feil Dato;feil.${owner.suffix}@example.no;;100;25`,
  ].join('\n');

  await signInAs(page, owner.email);
  await page.goto('/lifetimevalue');
  await expect(page.getByRole('heading', { name: 'Kundeverdi', level: 1 })).toBeVisible({ timeout: 30_000 });
  const sources = page.getByRole('table', { name: 'Kundeverdi per kilde' });
  await expect(sources.getByText('Ingen kunder i perioden.')).toBeVisible({ timeout: 30_000 });

  await test.step('the import: a preview with the bad row, then the result', async () => {
    await page.getByRole('button', { name: 'Importer omsetning' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer omsetning' });
    await dialog.getByLabel('Velg CSV- eller Excel-fil').setInputFiles({
      name: 'salg.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    await expect(dialog.getByText('salg.csv: 5 rader.')).toBeVisible();
    await expect(dialog.getByText(/^Rad 6: Datoen kan ikke leses/)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Importer 4 rader' }).click();
    await expect(dialog.getByText(/^4 rader er importert: /)).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Ferdig' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the source table and the customer change with it', async () => {
    const importRow = sources.getByRole('row').filter({ hasText: 'Import' });
    await expect(importRow).toBeVisible({ timeout: 30_000 });
    await expect(importRow.getByRole('cell').nth(1)).toHaveText('3');
    // Three customers are far below the stated minimum: the row says so in words.
    await expect(importRow.getByText(MARK)).toBeVisible();
    const customers = page.getByRole('table', { name: 'Kunder etter omsetning' });
    const kariRow = customers
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Kari Nordmann' }) });
    // 1 490 + 990 kr incl. 25 % MVA is 1 984 kr net.
    await expect(kariRow.getByRole('cell', { name: /^1\s984 kr$/ })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Inkl. mva.' }).check();
    await expect(kariRow.getByRole('cell', { name: /^2\s480 kr$/ })).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('table', { name: 'Importert omsetning' }).getByText('salg.csv'),
    ).toBeVisible();
  });

  await test.step('the CSV export holds the sources and customers tables as shown', async () => {
    const shown = await tableTexts(sources);
    // The customers' last column is the owner's «Legg til omsetning», which the file leaves out.
    const customersShown = (
      await tableTexts(page.getByRole('table', { name: 'Kunder etter omsetning' }))
    ).map((cells) => cells.slice(0, -1));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Eksporter' }).click();
    await page.getByRole('menuitem', { name: 'CSV-fil' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^kundeverdi-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (
      await saved.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = parseCsv(text.replace(/^\uFEFF/, ''), ';');
    const at = lines.findIndex((line) => line[0] === 'Kundeverdi per kilde');
    expect(at).toBeGreaterThan(-1);
    expect(lines.slice(at + 1, at + 1 + shown.length)).toEqual(shown);
    const customersAt = lines.findIndex((line) => line[0] === 'Kunder etter omsetning');
    expect(customersAt).toBeGreaterThan(-1);
    expect(lines.slice(customersAt + 1, customersAt + 1 + customersShown.length)).toEqual(customersShown);
    expect(lines).toContainEqual(['Beløp', 'Inkl. mva.']);
  });
});
