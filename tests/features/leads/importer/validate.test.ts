import type { ColumnMapping } from '@/features/leads/importer/fields';
import {
  markExisting,
  normalizePostalCode,
  parseConsent,
  toLead,
  validateRows,
} from '@/features/leads/importer/validate';

describe('normalizePostalCode', () => {
  it.each([
    ['0150', '0150'],
    [' 5003 ', '5003'],
    ['150', '0150'],
    ['15', null],
    ['12345', null],
    ['N-0150', null],
    ['01a0', null],
  ] as const)('%j → %j', (input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });
});

describe('parseConsent', () => {
  it.each([
    ['Ja', true],
    ['yes', true],
    ['1', true],
    ['x', true],
    ['nei', false],
    ['', false],
    ['kanskje', false],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseConsent(input)).toBe(expected);
  });
});

const mapping: ColumnMapping = ['name', 'email', 'phone', 'postal_code', 'city', 'consent'];

describe('toLead', () => {
  it('builds the payload with normalised values and leaves empty fields out', () => {
    expect(toLead(['  Kari Ås ', 'KARI@example.no', '22 12 34 56', '150', 'Oslo', 'ja'], mapping)).toEqual({
      lead: {
        name: 'Kari Ås',
        email: 'kari@example.no',
        phone: '+4722123456',
        postal_code: '0150',
        city: 'Oslo',
        consent: true,
      },
    });
    expect(toLead(['Per', '', '91234567', '', '', ''], mapping)).toEqual({
      lead: { name: 'Per', phone: '+4791234567', consent: false },
    });
  });

  it('joins first and last name', () => {
    expect(toLead(['Ola', 'Nordmann', 'ola@example.no'], ['first_name', 'last_name', 'email'])).toEqual({
      lead: { name: 'Ola Nordmann', email: 'ola@example.no', consent: false },
    });
  });

  it.each([
    [['', 'a@example.no', '', '', '', ''], 'name-required'],
    [['Ola', '', '', '0150', '', ''], 'contact-required'],
    [['Ola', 'ikke-epost', '', '', '', ''], 'email-invalid'],
    [['Ola', '', '1234', '', '', ''], 'phone-invalid'],
    [['Ola', 'a@example.no', '', 'Oslo', '', ''], 'postal-code-invalid'],
    [['x'.repeat(201), 'a@example.no', '', '', '', ''], 'too-long'],
    [['Ola', 'a@example.no', '', '', 'x'.repeat(101), ''], 'too-long'],
  ] as const)('%j is rejected: %s', (values, reason) => {
    expect(toLead(values, mapping)).toEqual({ reason });
  });
});

describe('validateRows', () => {
  it('rejects later rows with an e-mail or phone seen earlier in the file', async () => {
    const rows = [
      ['Ola', 'ola@example.no', '', '', '', ''],
      ['Ola igjen', 'OLA@example.no', '', '', '', ''],
      ['Kari', '', '+47 22 12 34 56', '', '', ''],
      ['Kari igjen', 'kari@example.no', '22123456', '', '', ''],
      ['Feil', 'feil', '', '', '', ''],
      ['Per', 'per@example.no', '91234567', '', '', ''],
    ];
    const result = await validateRows(rows, mapping);
    expect(result.valid.map((item) => [item.row, item.lead.name])).toEqual([
      [2, 'Ola'],
      [4, 'Kari'],
      [7, 'Per'],
    ]);
    expect(result.rejected.map((item) => [item.row, item.reason])).toEqual([
      [3, 'duplicate-in-file'],
      [5, 'duplicate-in-file'],
      [6, 'email-invalid'],
    ]);
    expect(result.rejected[0]?.values).toEqual(rows[1]);
  });

  it('names rows by the given spreadsheet row numbers', async () => {
    const result = await validateRows(
      [
        ['Ola', 'ola@example.no'],
        ['', 'x@example.no'],
      ],
      ['name', 'email'],
      { rowNumbers: [3, 7] },
    );
    expect(result.valid).toEqual([
      { row: 3, index: 0, lead: { name: 'Ola', email: 'ola@example.no', consent: false } },
    ]);
    expect(result.rejected).toEqual([{ row: 7, reason: 'name-required', values: ['', 'x@example.no'] }]);
  });

  it('reports progress per chunk', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => [`N${index}`, `n${index}@example.no`]);
    const progress: [number, number][] = [];
    await validateRows(rows, ['name', 'email'], {
      chunkSize: 10,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
  });
});

describe('markExisting', () => {
  it('moves rows the organization already has to the rejected ones, in row order', async () => {
    const rows = [
      ['Ola', 'ola@example.no', ''],
      ['Feil', '', ''],
      ['Kari', '', '91234567'],
      ['Per', 'per@example.no', ''],
    ];
    const validation = await validateRows(rows, ['name', 'email', 'phone']);
    const result = markExisting(validation, rows, {
      emails: new Set(['ola@example.no']),
      phones: new Set(['+4791234567']),
    });
    expect(result.valid.map((item) => item.lead.name)).toEqual(['Per']);
    expect(result.rejected.map((item) => [item.row, item.reason, item.values[0]])).toEqual([
      [2, 'duplicate-existing', 'Ola'],
      [3, 'contact-required', 'Feil'],
      [4, 'duplicate-existing', 'Kari'],
    ]);
  });
});
