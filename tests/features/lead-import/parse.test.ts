import { parseBytes } from '@/lib/spreadsheet/parse';
import { text, xlsxBytes } from './xlsx-fixture';

// Counts when the Excel reader module is loaded: it must stay out of CSV imports.
const loaded = vi.hoisted(() => vi.fn());
vi.mock('@/lib/spreadsheet/xlsx', async (importOriginal) => {
  loaded();
  return importOriginal();
});

it('loads the Excel reader only for an .xlsx file, and once', async () => {
  const csv = await parseBytes(new TextEncoder().encode('Navn;E-post\nOla;ola@example.no\n').buffer, 'csv');
  expect(csv).toMatchObject({
    format: 'csv',
    headers: ['Navn', 'E-post'],
    rows: [['Ola', 'ola@example.no']],
  });
  expect(loaded).not.toHaveBeenCalled();

  const workbook = await xlsxBytes([
    [text('Navn'), text('E-post')],
    [text('Kari'), text('kari@example.no')],
  ]);
  expect(await parseBytes(workbook.buffer, 'xlsx')).toEqual({
    format: 'xlsx',
    headers: ['Navn', 'E-post'],
    rows: [['Kari', 'kari@example.no']],
    rowNumbers: [2],
  });
  await parseBytes(workbook.buffer, 'xlsx');
  expect(loaded).toHaveBeenCalledTimes(1);
});
