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
  formatLastDay,
  formatPhone,
  formatRelative,
  formatTime,
  osloDateKey,
  osloDayStart,
  phoneHref,
  weekdayNames,
} from '@/lib/format';

// nb-NO groups digits with U+00A0 or U+202F depending on the ICU version; compare with plain spaces.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const CHRISTMAS_EVE = '2026-12-24T17:05:00Z';

describe('format: the test machine is not in Oslo', () => {
  it('runs under a non-Oslo zone, so every assertion below proves the zone is explicit', () => {
    // The test script sets TZ=America/Los_Angeles so a date that only works in Oslo's zone by accident fails here.
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
    expect(formatRelative(now.getTime() - 20 * 1000, now)).toBe('nå');
  });

  it('says «dager», never «døgn», within a week, counting Oslo calendar days', () => {
    expect(formatRelative(now.getTime() - 6 * DAY, now)).toBe('for 6 dager siden');
    expect(formatRelative(now.getTime() - 2 * DAY, now)).toBe('for 2 dager siden');
    expect(formatRelative(now.getTime() + 3 * DAY, now)).toBe('om 3 dager');
    // 23:30 Oslo the evening before 00:30 Oslo: an hour, but yesterday by the calendar.
    expect(formatRelative('2026-05-09T22:30:00Z', '2026-05-10T22:30:00Z')).toBe('i går');
    for (const days of [2, 3, 4, 5, 6]) {
      expect(formatRelative(now.getTime() - days * DAY, now)).not.toMatch(/døgn/);
    }
  });

  it('gives the date from a week away', () => {
    expect(formatRelative(now.getTime() - 7 * DAY, now)).toBe('03.05.2026');
    expect(formatRelative(now.getTime() - 40 * DAY, now)).toBe('31.03.2026');
  });

  it('describes the future', () => {
    expect(formatRelative(now.getTime() + DAY, now)).toBe('i morgen');
    expect(formatRelative(now.getTime() + 2 * HOUR, now)).toBe('om 2 timer');
    expect(formatRelative(now.getTime() + 14 * DAY, now)).toBe('24.05.2026');
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

describe('formatLastDay (an exclusive end as the last whole Oslo day)', () => {
  it('shows the day chosen, not the next day the end is stored as', () => {
    expect(formatLastDay(osloDayStart('2026-12-25'))).toBe('24.12.2026');
    expect(formatLastDay('2026-12-24T23:00:00Z')).toBe('24.12.2026');
  });

  it('is DST-safe: the days the clocks change', () => {
    // Summer time starts 29 March 2026 (a 23-hour day) and ends 25 October (25 hours).
    expect(osloDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(formatLastDay(osloDayStart('2026-03-30'))).toBe('29.03.2026');
    expect(osloDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(formatLastDay(osloDayStart('2026-10-26'))).toBe('25.10.2026');
    expect(formatLastDay(osloDayStart('2026-07-01'))).toBe('30.06.2026');
  });

  it('still reads right for an end that is not midnight', () => {
    expect(formatLastDay('2026-12-24T12:00:00Z')).toBe('24.12.2026');
  });
});

describe('formatPhone', () => {
  it('writes Norwegian mobiles 3-2-3 after +47, whatever the input looked like', () => {
    for (const input of ['+4791234567', '91234567', '912 34 567', '0047 912 34 567', '+47 912-34-567']) {
      expect(formatPhone(input)).toBe('+47 912 34 567');
    }
    expect(formatPhone('+47 4000 1001')).toBe('+47 400 01 001');
    expect(formatPhone('80012345')).toBe('+47 800 12 345');
  });

  it('writes Norwegian landlines in pairs', () => {
    expect(formatPhone('22334455')).toBe('+47 22 33 44 55');
    expect(formatPhone('+47 (22) 33 44 55')).toBe('+47 22 33 44 55');
  });

  it('groups foreign numbers after their country code', () => {
    expect(formatPhone('+46701234567')).toBe('+46 701 234 567');
    expect(formatPhone('004520123456')).toBe('+45 201 234 56');
    expect(formatPhone('+12025550123')).toBe('+1 202 555 0123');
    expect(formatPhone('+358401234567')).toBe('+358 401 234 567');
  });

  it('leaves what is not a phone number as written', () => {
    expect(formatPhone(' 12 ')).toBe('12');
    expect(formatPhone('ring etter 16')).toBe('ring etter 16');
  });

  it('links to the digits', () => {
    expect(phoneHref('+47 912 34 567')).toBe('tel:+4791234567');
    expect(phoneHref('91234567')).toBe('tel:+4791234567');
    expect(phoneHref('0046 70 123 45 67')).toBe('tel:+46701234567');
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
