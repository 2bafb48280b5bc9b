import { guessMapping } from '@/features/lead-import/utils/fields';
import { validateRows } from '@/features/lead-import/utils/validate';
import { readCsv } from '@/lib/spreadsheet/csv';

/** 10,000 rows of a Norwegian Excel export (semicolons, Windows-1252), every 100th row bad. */
function bigFile(): Uint8Array {
  const lines = ['Navn;E-post;Mobil;Postnr;Poststed;Notat'];
  for (let index = 0; index < 10000; index++) {
    const phone = String(40000000 + index);
    if (index % 100 === 99) lines.push(`Ugyldig ${index};ugyldig-${index};123;12;Ås;`);
    else if (index % 100 === 50) lines.push(`Dobbel ${index};person${index - 1}@example.no;;0150;Oslo;`);
    else
      lines.push(
        `Ærlige Åse ${index};person${index}@example.no;${phone};${String(index % 10000).padStart(4, '0')};Tromsø;"Notat; med ""sitat""\nog linjeskift"`,
      );
  }
  const text = lines.join('\r\n');
  return Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
}

it('parses and validates 10,000 rows correctly', async () => {
  const parsed = readCsv(bigFile());
  expect(parsed.encoding).toBe('windows-1252');
  expect(parsed.delimiter).toBe(';');
  expect(parsed.rows).toHaveLength(10000);

  const mapping = guessMapping(parsed.headers);
  expect(mapping).toEqual(['name', 'email', 'phone', 'postal_code', 'city', 'notes']);

  const result = await validateRows(parsed.rows, mapping, { rowNumbers: parsed.rowNumbers });
  expect(result.valid).toHaveLength(9800);
  expect(result.rejected).toHaveLength(200);
  expect(result.rejected.filter((item) => item.reason === 'duplicate-in-file')).toHaveLength(100);
  expect(result.rejected.filter((item) => item.reason === 'email-invalid')).toHaveLength(100);

  expect(result.valid[0]).toEqual({
    row: 2,
    index: 0,
    lead: {
      name: 'Ærlige Åse 0',
      email: 'person0@example.no',
      phone: '+4740000000',
      postal_code: '0000',
      city: 'Tromsø',
      notes: 'Notat; med "sitat"\nog linjeskift',
      consent: false,
    },
  });
  expect(result.rejected[0]).toMatchObject({ row: 52, reason: 'duplicate-in-file' });
  expect(result.rejected[1]).toMatchObject({ row: 101, reason: 'email-invalid' });
  expect(result.valid.at(-1)?.row).toBe(10000);
});
