import { feedUrls } from '@/features/booking/utils/feed-urls';
import { addReminder, reminderParts } from '@/features/booking/utils/reminder-times';
import { env } from '@/lib/env';

describe('reminderParts', () => {
  it.each([
    [1440, { count: 24, unit: 'hours' }],
    [2880, { count: 2, unit: 'days' }],
    [120, { count: 2, unit: 'hours' }],
    [90, { count: 90, unit: 'minutes' }],
    [15, { count: 15, unit: 'minutes' }],
    [20160, { count: 14, unit: 'days' }],
  ])('shows %i minutes in its largest whole unit', (minutes, parts) => {
    expect(reminderParts(minutes)).toEqual(parts);
  });
});

describe('addReminder', () => {
  it.each([
    [[1440, 120], '3', 'days', { minutes: [4320, 1440, 120] }],
    [[1440], '30', 'minutes', { minutes: [1440, 30] }],
    [[], ' 2 ', 'hours', { minutes: [120] }],
    [[1440], '', 'hours', { error: 'number' }],
    [[1440], '1,5', 'hours', { error: 'number' }],
    [[1440], '-2', 'hours', { error: 'number' }],
    [[1440], '10', 'minutes', { error: 'range' }],
    [[1440], '15', 'days', { error: 'range' }],
    [[1440], '24', 'hours', { error: 'duplicate' }],
    [[1440], '1', 'days', { error: 'duplicate' }],
    [[2880, 1440, 120, 60], '30', 'minutes', { error: 'tooMany' }],
  ] as const)('to %j adds «%s %s» → %j', (current, typed, unit, result) => {
    expect(addReminder(current, typed, unit)).toEqual(result);
  });
});

describe('feedUrls', () => {
  it('gives the feed address for the token and its webcal:// twin', () => {
    const urls = feedUrls('abc123');
    expect(urls.https).toBe(`${env.VITE_SUPABASE_URL}/functions/v1/booking-feed?token=abc123`);
    expect(urls.webcal).toMatch(/^webcal:\/\/[^/]+\/functions\/v1\/booking-feed\?token=abc123$/);
  });
});
