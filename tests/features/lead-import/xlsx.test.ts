import type { SheetData } from 'write-excel-file/node';
import { guessMapping } from '@/features/lead-import/utils/fields';
import { validateRows } from '@/features/lead-import/utils/validate';
import { fileFormat, parseBytes } from '@/lib/spreadsheet/parse';
import { cellText, readXlsx } from '@/lib/spreadsheet/xlsx';
import { bool, date, number, text, xlsxBytes } from './xlsx-fixture';

describe('readXlsx', () => {
  it('reads the first sheet like a CSV: headers, text cells, row numbers counting empty rows', async () => {
    const bytes = await xlsxBytes([
      [null, null],
      [text('Navn'), text('E-post'), text('Mobil'), text('Postnr'), text('Samtykke'), text('Registrert')],
      [
        text('Åse Ærlig'),
        text('ase@example.no'),
        number(91234567),
        number(150),
        bool(true),
        date(new Date(Date.UTC(2026, 10, 2))),
      ],
      [null, null, null],
      [text('Øystein Ås'), null, text('+47 22 12 34 56'), text('0150'), bool(false), null],
      [text('Tall'), number(0.1), number(4791234567), number(5003), null, null],
    ]);
    const parsed = await readXlsx(bytes.buffer);
    expect(parsed).toEqual({
      format: 'xlsx',
      headers: ['Navn', 'E-post', 'Mobil', 'Postnr', 'Samtykke', 'Registrert'],
      rows: [
        ['Åse Ærlig', 'ase@example.no', '91234567', '150', 'true', '2026-11-02'],
        ['Øystein Ås', '', '+47 22 12 34 56', '0150', 'false', ''],
        ['Tall', '0.1', '4791234567', '5003', '', ''],
      ],
      // the first (empty) row and the empty row between count, as in Excel
      rowNumbers: [3, 5, 6],
    });
  });

  it('goes through the same mapping and validation as a CSV', async () => {
    const bytes = await xlsxBytes([
      [text('Navn'), text('E-post'), text('Mobil'), text('Postnr'), text('Samtykke')],
      [text('Åse Ærlig'), text('ASE@example.no'), number(91234567), number(150), bool(true)],
      [text('Bjørn Feil'), text('bjorn@example.no'), number(123), null, null],
      [text('Åse Igjen'), text('ase@example.no'), null, null, null],
      [null, text('uten.navn@example.no'), null, null, null],
    ]);
    const parsed = await parseBytes(bytes.buffer, 'xlsx');
    const mapping = guessMapping(parsed.headers);
    expect(mapping).toEqual(['name', 'email', 'phone', 'postal_code', 'consent']);
    const result = await validateRows(parsed.rows, mapping, { rowNumbers: parsed.rowNumbers });
    expect(result.valid).toEqual([
      {
        row: 2,
        index: 0,
        lead: {
          name: 'Åse Ærlig',
          email: 'ase@example.no',
          phone: '+4791234567',
          postal_code: '0150',
          consent: true,
        },
      },
    ]);
    expect(result.rejected.map((item) => [item.row, item.reason])).toEqual([
      [3, 'phone-invalid'],
      [4, 'duplicate-in-file'],
      [5, 'name-required'],
    ]);
  });

  it('rejects a file that is not a workbook', async () => {
    await expect(readXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]).buffer)).rejects.toThrow();
    await expect(
      readXlsx(new TextEncoder().encode('Navn;E-post\nOla;ola@example.no').buffer),
    ).rejects.toThrow();
  });

  it('reads 10,000 rows', async () => {
    const rows: SheetData = [[text('Navn'), text('E-post'), text('Mobil'), text('Postnr'), text('Poststed')]];
    for (let index = 0; index < 10000; index++) {
      rows.push([
        text(`Ærlige Åse ${index}`),
        text(`person${index}@example.no`),
        number(40000000 + index),
        number(index % 10000),
        text('Tromsø'),
      ]);
    }
    const bytes = await xlsxBytes(rows);
    const parsed = await readXlsx(bytes.buffer);
    expect(parsed.rows).toHaveLength(10000);
    expect(parsed.rows[9999]).toEqual([
      'Ærlige Åse 9999',
      'person9999@example.no',
      '40009999',
      '9999',
      'Tromsø',
    ]);
    expect(parsed.rowNumbers.at(-1)).toBe(10001);
    const result = await validateRows(parsed.rows, guessMapping(parsed.headers), {
      rowNumbers: parsed.rowNumbers,
    });
    // postal codes 0–999 get their zeros back only when 3 digits long (as in CSV): 0–99 are rejected
    expect(result.rejected.filter((item) => item.reason === 'postal-code-invalid')).toHaveLength(100);
    expect(result.valid).toHaveLength(9900);
  }, 30_000);
});

describe('cellText', () => {
  it('writes cells as a CSV would hold them', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('tekst')).toBe('tekst');
    expect(cellText('91234567')).toBe('91234567');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02');
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 13, 5)))).toBe('2026-01-02 13:05');
    expect(cellText(new Date(Number.NaN))).toBe('');
  });
});

describe('fileFormat', () => {
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
  const csv = new TextEncoder().encode('Navn');
  it('takes .xlsx / .xlsm by name or by the zip signature, anything else as CSV', () => {
    expect(fileFormat('leads.xlsx', csv)).toBe('xlsx');
    expect(fileFormat('LEADS.XLSM', csv)).toBe('xlsx');
    expect(fileFormat('eksport', zip)).toBe('xlsx');
    expect(fileFormat('leads.csv', csv)).toBe('csv');
    expect(fileFormat('leads.txt', new Uint8Array([0x50, 0x4b]))).toBe('csv');
  });
});
