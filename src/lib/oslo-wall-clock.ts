import { formatTime, osloDateKey, TIME_ZONE } from './format';

/**
 * The instant of an Oslo wall-clock time `yyyy-mm-ddTHH:mm` (what DateTimeField gives), whatever the
 * machine's zone (DST included). Its own module, so the start-up bundle, which has the formatters,
 * does not carry it.
 */
export function osloInstant(wallClock: string): Date {
  const [dateKey = '', time = '00:00'] = wallClock.split('T');
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  // The zone's offset at an instant: its Oslo wall clock read as UTC, minus the instant.
  const offsetAt = (instant: number) => {
    const parts = format.formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return asUtc - Math.floor(instant / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** An instant as Oslo wall-clock time `yyyy-mm-ddTHH:mm`, for DateTimeField. */
export function osloWallClock(value: Date | string): string {
  return `${osloDateKey(value)}T${formatTime(value)}`;
}
