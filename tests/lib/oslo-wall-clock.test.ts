import { osloInstant, osloWallClock } from '@/lib/oslo-wall-clock';

describe('osloInstant and osloWallClock (a DateTimeField value and the instant it names)', () => {
  it('reads Oslo wall-clock time in winter and summer, whatever the machine says', () => {
    expect(osloInstant('2026-12-24T18:05').toISOString()).toBe('2026-12-24T17:05:00.000Z');
    expect(osloInstant('2026-07-01T12:00').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(osloWallClock('2026-12-24T17:05:00Z')).toBe('2026-12-24T18:05');
    expect(osloWallClock('2026-07-01T10:00:00Z')).toBe('2026-07-01T12:00');
  });

  it('goes back and forth unchanged around the clock changes', () => {
    for (const wall of ['2026-03-29T01:30', '2026-03-29T03:30', '2026-10-25T01:00', '2026-10-25T04:00'])
      expect(osloWallClock(osloInstant(wall))).toBe(wall);
  });
});
