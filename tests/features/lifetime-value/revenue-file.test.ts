import { checkRow, guessMapping, readDate, readVat } from '@/features/lifetime-value/utils/revenue-file';

const TODAY = '2026-11-29';

describe('a revenue file', () => {
  it('guesses the columns from Norwegian and English headers, the amount before the MVA rate', () => {
    expect(guessMapping(['Dato', 'Kunde', 'E-post', 'Mobil', 'Beløp inkl. mva', 'MVA-sats'])).toEqual({
      date: 0,
      name: 1,
      email: 2,
      phone: 3,
      amount: 4,
      vat: 5,
    });
    expect(guessMapping(['date', 'email', 'amount'])).toEqual({
      date: 0,
      email: 1,
      phone: null,
      name: null,
      amount: 2,
      vat: null,
    });
  });

  it('reads dates as Norwegians and Excel write them', () => {
    expect(readDate('01.03.2026')).toBe('2026-03-01');
    expect(readDate('2026-03-01 00:00')).toBe('2026-03-01');
    expect(readDate('31.02.2026')).toBeNull();
  });

  it('reads MVA rates as percent or fraction, the fallback for an empty cell', () => {
    expect(readVat('25 %', 15)).toBe(25);
    expect(readVat('0,12', 25)).toBe(12);
    expect(readVat('', 15)).toBe(15);
    expect(readVat('13', 25)).toBeNull();
  });

  it('refuses a sale after today or before 2000, as the database does', () => {
    const mapping = { date: 0, email: 1, phone: null, name: null, amount: 2, vat: null };
    const options = { defaultVat: 25, today: TODAY };
    expect(checkRow(['30.11.2026', 'a@example.no', '100'], 2, mapping, options).code).toBe(
      'revenue-date-invalid',
    );
    expect(checkRow(['31.12.1999', 'a@example.no', '100'], 3, mapping, options).code).toBe(
      'revenue-date-invalid',
    );
    expect(checkRow(['29.11.2026', 'A@Example.no', '1 490,50'], 4, mapping, options)).toEqual({
      line: 4,
      code: null,
      row: { occurred_on: '2026-11-29', email: 'a@example.no', amount_ore: 149050, vat_rate: 25 },
    });
    expect(checkRow(['29.11.2026', 'a@example.no', '-100'], 5, mapping, options).code).toBe(
      'revenue-amount-invalid',
    );
  });
});
