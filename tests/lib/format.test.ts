import {
  CURRENCY,
  LOCALE,
  TIME_ZONE,
  WEEK_STARTS_ON,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
  osloDateKey,
  weekdayNames,
} from '@/lib/format';

// nb-NO groups digits with U+00A0 or U+202F depending on the ICU version; compare with plain spaces.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const CHRISTMAS_EVE = '2026-12-24T17:05:00Z';

describe('format: the test machine is not in Oslo', () => {
  it('runs under a non-Oslo zone, so every assertion below proves the zone is explicit', () => {
    // The test script sets TZ=America/Los_Angeles (HOUSE-STYLE §13).
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
    expect(new Date(CHRISTMAS_EVE).getHours()).toBe(9);
  });

  it('exports the Norwegian defaults', () => {
    expect(LOCALE).toBe('nb-NO');
    expect(TIME_ZONE).toBe('Europe/Oslo');
    expect(CURRENCY).toBe('NOK');
    expect(WEEK_STARTS_ON).toBe(1);
  });
});

describe('formatDate / formatTime / formatDateTime (Europe/Oslo)', () => {
  it('formats winter instants in CET (UTC+1)', () => {
    expect(formatDate(CHRISTMAS_EVE)).toBe('24.12.2026');
    expect(formatTime(CHRISTMAS_EVE)).toBe('18:05');
    expect(spaces(formatDateTime(CHRISTMAS_EVE))).toBe('24.12.2026, 18:05');
    expect(formatLongDate(CHRISTMAS_EVE)).toBe('24. desember 2026');
  });

  it('accepts a Date, an ISO string and epoch milliseconds alike', () => {
    const instant = new Date(CHRISTMAS_EVE);
    expect(formatTime(instant)).toBe('18:05');
    expect(formatTime(instant.getTime())).toBe('18:05');
    expect(formatDate(instant.getTime())).toBe('24.12.2026');
  });

  it('uses the Oslo calendar date, not the machine’s, near midnight', () => {
    // 23:30 UTC on 14 January is 00:30 on 15 January in Oslo, but still the 14th in Los Angeles.
    expect(formatDate('2026-01-14T23:30:00Z')).toBe('15.01.2026');
    expect(formatDate('2026-01-15T07:00:00Z')).toBe('15.01.2026');
  });

  it('uses a 24-hour clock: 00:30 not 12:30 AM, 13:00 not 1 PM', () => {
    const halfPastMidnight = formatTime('2026-01-14T23:30:00Z');
    expect(halfPastMidnight).toBe('00:30');
    expect(formatTime('2026-01-15T12:00:00Z')).toBe('13:00');
    expect(formatTime('2026-01-15T22:59:00Z')).toBe('23:59');
    for (const text of [halfPastMidnight, formatDateTime('2026-01-15T12:00:00Z')]) {
      expect(text).not.toMatch(/AM|PM|a\.m\.|p\.m\./i);
    }
  });

  it('follows summer time (CEST, UTC+2)', () => {
    expect(formatTime('2026-07-01T10:00:00Z')).toBe('12:00');
    expect(spaces(formatDateTime('2026-07-01T22:15:00Z'))).toBe('02.07.2026, 00:15');
  });

  it('switches between CET and CEST on the EU dates, not the US ones', () => {
    // EU: clocks go forward at 01:00 UTC on the last Sunday of March (29 March 2026).
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00');
    // The US switched on 8 March; Oslo is still on CET then.
    expect(formatTime('2026-03-15T12:00:00Z')).toBe('13:00');
    // EU: back at 01:00 UTC on the last Sunday of October (25 October 2026).
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('02:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('02:30');
  });
});

describe('osloDateKey', () => {
  it('gives YYYY-MM-DD of the instant as seen in Oslo', () => {
    expect(osloDateKey(CHRISTMAS_EVE)).toBe('2026-12-24');
  });

  it('is already the new year in Oslo late on 31 December UTC', () => {
    const instant = '2026-12-31T23:30:00Z';
    expect(new Date(instant).getDate()).toBe(31); // still 15:30 on the 31st in Los Angeles
    expect(osloDateKey(instant)).toBe('2027-01-01');
  });

  it('is still the old day in Oslo just before midnight local time in summer', () => {
    expect(osloDateKey('2026-06-30T21:59:59Z')).toBe('2026-06-30');
    expect(osloDateKey('2026-06-30T22:00:00Z')).toBe('2026-07-01');
  });
});

describe('formatMoney (øre → NOK)', () => {
  it('formats 123450 øre as 1 234,50 kr', () => {
    expect(spaces(formatMoney(123450))).toBe('1 234,50 kr');
  });

  it('always shows two decimals and divides by 100', () => {
    expect(spaces(formatMoney(0))).toBe('0,00 kr');
    expect(spaces(formatMoney(5))).toBe('0,05 kr');
    expect(spaces(formatMoney(100))).toBe('1,00 kr');
    expect(spaces(formatMoney(123456789))).toBe('1 234 567,89 kr');
  });

  it('shows a negative amount with a minus', () => {
    expect(spaces(formatMoney(-5000))).toMatch(/^[-\u2212]50,00 kr$/);
  });
});

describe('formatNumber', () => {
  it('groups thousands with a space and uses a decimal comma', () => {
    expect(spaces(formatNumber(1234567.5))).toBe('1 234 567,5');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0.25)).toBe('0,25');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  it('describes the past', () => {
    expect(formatRelative(now.getTime() - 3 * HOUR, now)).toBe('for 3 timer siden');
    expect(formatRelative(now.getTime() - 5 * 60 * 1000, now)).toBe('for 5 minutter siden');
    expect(formatRelative(now.getTime() - DAY, now)).toBe('i går');
  });

  it('describes the future', () => {
    expect(formatRelative(now.getTime() + DAY, now)).toBe('i morgen');
    expect(formatRelative(now.getTime() + 2 * HOUR, now)).toBe('om 2 timer');
    expect(formatRelative(now.getTime() + 14 * DAY, now)).toBe('om 2 uker');
  });

  it('defaults `now` to the current time', () => {
    vi.useFakeTimers({ now });
    try {
      expect(formatRelative(now.getTime() + DAY)).toBe('i morgen');
      expect(formatRelative(new Date(now.getTime() - 3 * HOUR).toISOString())).toBe('for 3 timer siden');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('weekdayNames', () => {
  it('starts the week on Monday (short names)', () => {
    expect(weekdayNames()).toEqual(['man.', 'tir.', 'ons.', 'tor.', 'fre.', 'lør.', 'søn.']);
  });

  it('starts the week on Monday (long names)', () => {
    expect(weekdayNames('long')).toEqual([
      'mandag',
      'tirsdag',
      'onsdag',
      'torsdag',
      'fredag',
      'lørdag',
      'søndag',
    ]);
  });
});
