/** The .ics writer: one UID per booking, a growing SEQUENCE, CANCEL, and Oslo's DST days in UTC. */
import assert from 'node:assert/strict';
import { bookingUid, calendarAttachment, calendarFile, type CalendarEvent } from './calendar-file.ts';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: bookingUid(BOOKING),
  sequence: 0,
  // 10:00–11:00 Oslo summer time.
  start: new Date('2026-06-01T08:00:00Z'),
  end: new Date('2026-06-01T09:00:00Z'),
  title: 'Befaring hos Fjord Rør AS',
  description: 'Endre eller avbestill: https://app.example/booking/endre?token=abc',
  location: 'Storgata 1, Oslo',
  organizer: { name: 'Fjord Rør AS', email: 'post@fjordror.no' },
  ...over,
});

/** The content lines of a calendar file, with folded lines joined again. */
const lines = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
const field = (ics: string, name: string) =>
  lines(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

Deno.test('a booking keeps one UID through a change, with a higher SEQUENCE', () => {
  const first = calendarAttachment(event());
  const moved = calendarAttachment(
    event({ sequence: 1, start: new Date('2026-06-02T08:00:00Z'), end: new Date('2026-06-02T09:00:00Z') }),
  );
  assert.equal(field(first.content, 'UID'), `UID:booking-${BOOKING}@leadtorget.no`);
  assert.equal(field(moved.content, 'UID'), field(first.content, 'UID'));
  assert.equal(field(first.content, 'SEQUENCE'), 'SEQUENCE:0');
  assert.equal(field(moved.content, 'SEQUENCE'), 'SEQUENCE:1');
  assert.equal(field(moved.content, 'METHOD'), 'METHOD:REQUEST');
  assert.equal(field(moved.content, 'DTSTART'), 'DTSTART:20260602T080000Z');
  assert.equal(field(moved.content, 'STATUS'), 'STATUS:CONFIRMED');
  assert.equal(moved.contentType, 'text/calendar; charset=utf-8; method=REQUEST');
  assert.equal(moved.filename, 'invitasjon.ics');
});

Deno.test('a cancellation is METHOD:CANCEL and STATUS:CANCELLED for the same UID', () => {
  const cancelled = calendarAttachment(event({ sequence: 2, cancelled: true }));
  assert.equal(field(cancelled.content, 'METHOD'), 'METHOD:CANCEL');
  assert.equal(field(cancelled.content, 'STATUS'), 'STATUS:CANCELLED');
  assert.equal(field(cancelled.content, 'SEQUENCE'), 'SEQUENCE:2');
  assert.equal(field(cancelled.content, 'UID'), `UID:booking-${BOOKING}@leadtorget.no`);
  assert.equal(cancelled.contentType, 'text/calendar; charset=utf-8; method=CANCEL');
});

Deno.test('the Norwegian summary, description and organizer are written', () => {
  const ics = calendarAttachment(event()).content;
  assert.equal(field(ics, 'SUMMARY'), 'SUMMARY:Befaring hos Fjord Rør AS');
  assert.match(field(ics, 'DESCRIPTION')!, /booking\/endre\?token=abc/);
  assert.match(field(ics, 'ORGANIZER')!, /MAILTO:post@fjordror\.no/i);
  // RFC 5545 escapes the comma.
  assert.equal(field(ics, 'LOCATION'), 'LOCATION:Storgata 1\\, Oslo');
});

// Oslo's DST days: 29 March 2026 02:00 → 03:00 (UTC+1 → UTC+2), 25 October 2026 03:00 → 02:00.
const cases: [string, string, string, string][] = [
  ['winter: 09:00 Oslo is 08:00 UTC', '2026-03-28T08:00:00Z', '2026-03-28T09:00:00Z', '20260328T080000Z'],
  [
    'spring-forward day: 09:00 Oslo is 07:00 UTC',
    '2026-03-29T07:00:00Z',
    '2026-03-29T08:00:00Z',
    '20260329T070000Z',
  ],
  [
    'across the spring gap: 01:30–03:30 Oslo is one hour',
    '2026-03-29T00:30:00Z',
    '2026-03-29T01:30:00Z',
    '20260329T003000Z',
  ],
  [
    'fall-back day: 09:00 Oslo is 08:00 UTC',
    '2026-10-25T08:00:00Z',
    '2026-10-25T09:00:00Z',
    '20261025T080000Z',
  ],
  [
    'the repeated hour: the second 02:30 Oslo is 01:30 UTC',
    '2026-10-25T01:30:00Z',
    '2026-10-25T02:30:00Z',
    '20261025T013000Z',
  ],
];
for (const [name, start, end, written] of cases) {
  Deno.test(`Oslo DST, ${name}`, () => {
    const ics = calendarFile([event({ start: new Date(start), end: new Date(end) })], 'PUBLISH');
    assert.equal(field(ics, 'DTSTART'), `DTSTART:${written}`);
    const back = field(ics, 'DTEND')!.slice('DTEND:'.length);
    const iso = `${back.slice(0, 4)}-${back.slice(4, 6)}-${back.slice(6, 11)}:${back.slice(11, 13)}:${back.slice(13, 15)}Z`;
    assert.equal(new Date(iso).toISOString(), new Date(end).toISOString());
  });
}

Deno.test('a feed holds every event under its calendar name', () => {
  const ics = calendarFile(
    [event(), event({ uid: bookingUid('b0000000-0000-4000-8000-000000000002') })],
    'PUBLISH',
    'Kari Hansen – bookinger',
  );
  assert.equal(lines(ics).filter((line) => line === 'BEGIN:VEVENT').length, 2);
  assert.equal(field(ics, 'METHOD'), 'METHOD:PUBLISH');
  assert.equal(field(ics, 'X-WR-CALNAME'), 'X-WR-CALNAME:Kari Hansen – bookinger');
});
