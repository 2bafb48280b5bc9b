import { dateKeyText, parseDateText, parseTimeText } from '@/components/date-parse';

describe('parseDateText', () => {
  it('reads the ways Norwegians write a date', () => {
    for (const text of ['24.12.2026', '24.12.2026 ', '24/12/2026', '24-12-2026', '24122026', '2026-12-24']) {
      expect(parseDateText(text), text).toBe('2026-12-24');
    }
    expect(parseDateText('1.2.2027')).toBe('2027-02-01');
  });

  it('refuses days that do not exist, two-digit years and other text', () => {
    for (const text of [
      '31.11.2026',
      '29.02.2027',
      '24.12.26',
      '12/24/2026',
      '24.12',
      'i morgen',
      '',
      '00.01.2026',
    ]) {
      expect(parseDateText(text), text).toBeNull();
    }
    expect(parseDateText('29.02.2028')).toBe('2028-02-29');
  });

  it('writes a date key as dd.mm.yyyy whatever the machine zone', () => {
    expect(dateKeyText('2026-12-24')).toBe('24.12.2026');
    expect(dateKeyText('2026-03-29')).toBe('29.03.2026');
    expect(dateKeyText('')).toBe('');
  });
});

describe('parseTimeText', () => {
  it('reads hours alone, four digits and dotted or coloned times on a 24-hour clock', () => {
    const cases = {
      '9': '09:00',
      '09': '09:00',
      '930': '09:30',
      '0930': '09:30',
      '09.30': '09:30',
      '9:30': '09:30',
      '09,30': '09:30',
      '1805': '18:05',
      '23:59': '23:59',
      '0': '00:00',
      '12': '12:00',
    };
    for (const [text, time] of Object.entries(cases)) expect(parseTimeText(text), text).toBe(time);
  });

  it('refuses times past the clock and AM/PM', () => {
    for (const text of ['24', '24:00', '9:60', '9:5', '12345', '9 PM', '9:30 AM', 'ni', '']) {
      expect(parseTimeText(text), text).toBeNull();
    }
  });
});
