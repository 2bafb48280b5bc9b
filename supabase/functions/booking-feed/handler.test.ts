/** The staff's iCal feed: a token's bookings as one calendar, 404 for anything else. */
import assert from 'node:assert/strict';
import { handleBookingFeed } from './handler.ts';

const TOKEN = 'c'.repeat(64);
const BOOKING = 'b0000000-0000-4000-8000-000000000001';

const feed = {
  staff_name: 'Kari Hansen',
  solution_name: 'Bestill befaring',
  organization_name: 'Fjord Rør AS',
  bookings: [
    {
      id: BOOKING,
      start: '2026-06-02T08:00:00+00:00',
      end: '2026-06-02T09:00:00+00:00',
      sequence: 3,
      service_name: 'Befaring',
      name: 'Ola Nordmann',
      email: 'ola@example.no',
      phone: '+4791234567',
    },
  ],
};

function setup(answer: unknown = feed) {
  const asked: string[] = [];
  const call = (url: string, method = 'GET') =>
    handleBookingFeed(new Request(url, { method }), {
      feed: (token) => (asked.push(token), Promise.resolve(answer)),
      log: () => undefined,
    });
  return { asked, call };
}

Deno.test(
  "a known token answers text/calendar with the staff member's bookings under their UIDs",
  async () => {
    const { asked, call } = setup();
    const response = await call(`http://functions.test/booking-feed?token=${TOKEN}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'private, max-age=300');
    const body = (await response.text()).replace(/\r\n[ \t]/g, '');
    assert.deepEqual(asked, [TOKEN]);
    assert.match(body, /METHOD:PUBLISH/);
    assert.match(body, /X-WR-CALNAME:Kari Hansen – Bestill befaring/);
    assert.match(body, new RegExp(`UID:booking-${BOOKING}@leadtorget.no`));
    assert.match(body, /SEQUENCE:3/);
    assert.match(body, /SUMMARY:Befaring: Ola Nordmann/);
    assert.match(body, /DTSTART:20260602T080000Z/);
    assert.match(body, /Telefon: \+4791234567/);
  },
);

Deno.test('an unknown or malformed token is 404 and a malformed one never reaches the database', async () => {
  const unknown = setup(null);
  assert.equal((await unknown.call(`http://functions.test/booking-feed?token=${TOKEN}`)).status, 404);
  const malformed = setup();
  assert.equal((await malformed.call('http://functions.test/booking-feed?token=abc')).status, 404);
  assert.equal((await malformed.call('http://functions.test/booking-feed')).status, 404);
  assert.deepEqual(malformed.asked, []);
});

Deno.test('only GET and HEAD', async () => {
  const { call } = setup();
  const response = await call(`http://functions.test/booking-feed?token=${TOKEN}`, 'POST');
  assert.equal(response.status, 405);
  assert.equal(response.headers.get('allow'), 'GET, HEAD');
  const head = await call(`http://functions.test/booking-feed?token=${TOKEN}`, 'HEAD');
  assert.equal(head.status, 200);
});
