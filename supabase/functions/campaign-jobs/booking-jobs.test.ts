/**
 * The bookings' reminder job through the campaign-jobs handler, with a fake database and mailer: the
 * body's `now` goes to the claim, each claimed reminder is one e-mail with its lead time, a failed
 * e-mail is handed back with its minutes. (Which reminders are due, once each, is the database's:
 * supabase/tests/79-booking-meeting-notices.test.sql.)
 */
import assert from 'node:assert/strict';
import { fakeJobDeps, runJob } from './job-testing.ts';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';

const notice = {
  id: BOOKING,
  solution_id: 'b0000000-0000-4000-8000-0000000000a1',
  solution_name: 'Bestill befaring',
  status: 'confirmed',
  start: '2026-06-02T08:00:00+00:00',
  end: '2026-06-02T09:00:00+00:00',
  sequence: 0,
  service_name: 'Befaring',
  staff_name: 'Kari Hansen',
  staff_email: null,
  email: 'ola@example.no',
  name: 'Ola Nordmann',
  organization_name: 'Fjord Rør AS',
  contact_email: 'post@fjordror.no',
  primary_color: '#0f766e',
};

function setup(claims: unknown[], cancellations: unknown[] = [], confirmations: unknown[] = []) {
  return fakeJobDeps((name) => {
    if (name === 'claim_booking_reminders') return claims.splice(0);
    if (name === 'claim_booking_cancellations') return cancellations.splice(0);
    if (name === 'claim_booking_confirmations') return confirmations.splice(0);
    if (name.startsWith('release_booking_')) return null;
    if (name === 'booking_participation_token') return 'p'.repeat(64);
    throw new Error(`unexpected rpc ${name}`);
  });
}

/** The call of one function (the participation tokens come between the claims). */
const callOf = (calls: unknown[][], name: string) => calls.find(([called]) => called === name);

const run = (deps: Parameters<typeof runJob>[0], now?: string) => runJob(deps, 'booking-reminders', now);

Deno.test(
  'booking-reminders: the claim gets the clock; each reminder says when, where and with whom',
  async () => {
    const { calls, mailer, deps } = setup([
      { booking_id: BOOKING, minutes: 1440, notice },
      { booking_id: BOOKING, minutes: 120, notice: { ...notice, email: 'kari@example.no', name: null } },
    ]);
    assert.deepEqual(await run(deps, '2026-06-01T08:00:00Z'), {
      job: 'booking-reminders',
      sent: 2,
      failed: 0,
      cancellations: 0,
      confirmations: 0,
    });
    assert.deepEqual(calls[0], [
      'claim_booking_reminders',
      { input_now: '2026-06-01T08:00:00Z', input_limit: 200 },
    ]);
    const [day, hours] = mailer.sent;
    assert.equal(day!.to, 'ola@example.no');
    assert.equal(day!.subject, 'Påminnelse: Befaring om 1 døgn');
    assert.match(day!.text, /Hei Ola,/);
    assert.match(day!.text, /tirsdag 2\. juni 2026 kl\. 10:00–11:00/);
    assert.match(day!.text, /Kari Hansen/);
    assert.match(day!.html, /#0f766e/i);
    assert.deepEqual(day!.tags, ['booking-reminder']);
    assert.equal(hours!.subject, 'Påminnelse: Befaring om 2 timer');
    assert.match(hours!.text, /^Hei,/m);
    assert.ok(
      day!.text.includes(`/booking/participation?id=${notice.solution_id}&token=${'p'.repeat(64)}`),
      "the footer links to the visitor's own page",
    );
  },
);

Deno.test(
  'booking-reminders: nothing due sends nothing; without `now` the database keeps its clock',
  async () => {
    const { calls, mailer, deps } = setup([]);
    assert.deepEqual(await run(deps), {
      job: 'booking-reminders',
      sent: 0,
      failed: 0,
      cancellations: 0,
      confirmations: 0,
    });
    assert.deepEqual(calls[0], ['claim_booking_reminders', { input_limit: 200 }]);
    assert.equal(mailer.sent.length, 0);
  },
);

Deno.test('booking-reminders: a failed e-mail is handed back with its minutes for the next run', async () => {
  const { calls, mailer, deps } = setup([{ booking_id: BOOKING, minutes: 120, notice }]);
  mailer.fail = true;
  assert.deepEqual(await run(deps, '2026-06-02T06:00:00Z'), {
    job: 'booking-reminders',
    sent: 0,
    failed: 1,
    cancellations: 0,
    confirmations: 0,
  });
  assert.deepEqual(callOf(calls, 'release_booking_reminder'), [
    'release_booking_reminder',
    { input_booking_id: BOOKING, input_minutes: 120 },
  ]);
});

Deno.test(
  'booking-reminders: a booking cancelled in the app sends the cancellation with the .ics, to visitor and staff',
  async () => {
    const cancelled = { ...notice, status: 'cancelled', sequence: 1, staff_email: 'kari@fjordror.no' };
    const { calls, mailer, deps } = setup([], [{ booking_id: BOOKING, notice: cancelled }]);
    assert.deepEqual(await run(deps), {
      job: 'booking-reminders',
      sent: 0,
      failed: 0,
      cancellations: 2,
      confirmations: 0,
    });
    assert.deepEqual(calls[1], ['claim_booking_cancellations', { input_limit: 200 }]);
    const [visitor, staff] = mailer.sent;
    assert.match(visitor!.subject, /^Timen er avbestilt: Befaring/);
    assert.match(visitor!.attachments![0]!.content, /METHOD:CANCEL/);
    assert.equal(staff!.to, 'kari@fjordror.no');
  },
);

Deno.test('booking-reminders: a failed cancellation is handed back', async () => {
  const { calls, mailer, deps } = setup(
    [],
    [{ booking_id: BOOKING, notice: { ...notice, status: 'cancelled' } }],
  );
  mailer.fail = true;
  assert.deepEqual(await run(deps), {
    job: 'booking-reminders',
    sent: 0,
    failed: 1,
    cancellations: 0,
    confirmations: 0,
  });
  assert.deepEqual(callOf(calls, 'release_booking_cancellation'), [
    'release_booking_cancellation',
    { input_booking_id: BOOKING },
  ]);
});

Deno.test(
  'booking-reminders: a paid booking settled while its page was gone gets its confirmation with the .ics',
  async () => {
    const { calls, mailer, deps } = setup(
      [],
      [],
      [{ booking_id: BOOKING, notice: { ...notice, sequence: 1 } }],
    );
    assert.deepEqual(await run(deps), {
      job: 'booking-reminders',
      sent: 0,
      failed: 0,
      cancellations: 0,
      confirmations: 1,
    });
    assert.deepEqual(callOf(calls, 'claim_booking_confirmations'), [
      'claim_booking_confirmations',
      { input_limit: 200 },
    ]);
    const [visitor] = mailer.sent;
    assert.match(visitor!.subject, /bekreftet/i);
    assert.match(visitor!.attachments![0]!.content, /METHOD:REQUEST/);
  },
);

Deno.test('booking-reminders: a failed paid confirmation is handed back', async () => {
  const { calls, mailer, deps } = setup([], [], [{ booking_id: BOOKING, notice }]);
  mailer.fail = true;
  assert.deepEqual(await run(deps), {
    job: 'booking-reminders',
    sent: 0,
    failed: 1,
    cancellations: 0,
    confirmations: 0,
  });
  assert.deepEqual(calls.at(-1), ['release_booking_confirmation', { input_booking_id: BOOKING }]);
});
