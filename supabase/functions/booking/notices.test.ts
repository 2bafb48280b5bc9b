/**
 * The booking function's e-mails: the visitor's confirmation with the manage link and the .ics, the
 * staff member's notice, the change and the cancellation updating the same calendar event.
 */
import assert from 'node:assert/strict';
import { FakeMailer } from '../_shared/testing.ts';
import type { BookingView } from './handler.ts';
import { bookingNotices } from './notices.ts';

const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const TOKEN = 'a'.repeat(64);

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
  staff_email: 'kari@fjordror.no',
  email: 'ola@example.no',
  name: 'Ola Nordmann',
  organization_name: 'Fjord Rør AS',
  contact_email: 'post@fjordror.no',
  primary_color: null,
};

function setup(
  current: Record<string, unknown> = notice,
  participationToken = () => Promise.resolve('p'.repeat(64)),
) {
  const mailer = new FakeMailer();
  const asked: string[] = [];
  let claimed = false;
  // Like claim_booking_cancellations and claim_booking_confirmations: the notice once, then nothing
  // until released.
  const claim = (id: string) => {
    asked.push(`claim ${id}`);
    const rows = claimed ? [] : [{ notice: current }];
    claimed = true;
    return Promise.resolve(rows);
  };
  const release = (id: string) => (asked.push(`release ${id}`), (claimed = false), Promise.resolve());
  const notices = bookingNotices({
    notice: (id) => (asked.push(id), Promise.resolve(current)),
    claimCancellation: claim,
    releaseCancellation: release,
    claimConfirmation: claim,
    releaseConfirmation: release,
    participationToken,
    mailer,
    siteUrl: 'https://app.example/',
  });
  return { mailer, asked, notices };
}

const view = { id: BOOKING } as BookingView;
const ics = (mail: { attachments?: { content: string }[] }) => mail.attachments![0]!.content;

Deno.test(
  'a booking sends the visitor a confirmation with the manage link and the .ics, and the staff a notice',
  async () => {
    const { mailer, asked, notices } = setup();
    await notices.booked(view, TOKEN);
    assert.deepEqual(asked, [BOOKING]);
    const [visitor, staff] = mailer.sent;
    assert.equal(mailer.sent.length, 2);
    assert.equal(visitor!.to, 'ola@example.no');
    assert.equal(
      visitor!.subject,
      'Bestillingen er bekreftet: Befaring tirsdag 2. juni 2026 kl. 10:00–11:00',
    );
    assert.ok(visitor!.text.includes(`https://app.example/booking/endre?token=${TOKEN}`));
    assert.match(visitor!.text, /Hei Ola,/);
    assert.equal(visitor!.attachments![0]!.contentType, 'text/calendar; charset=utf-8; method=REQUEST');
    assert.match(ics(visitor!), new RegExp(`UID:booking-${BOOKING}@leadtorget.no`));
    assert.match(ics(visitor!), /DTSTART:20260602T080000Z/);
    assert.equal(staff!.to, 'kari@fjordror.no');
    assert.equal(staff!.subject, 'Ny bestilling: Befaring tirsdag 2. juni 2026 kl. 10:00–11:00');
    assert.ok(staff!.text.includes('Ola Nordmann (ola@example.no)'));
    assert.ok(!staff!.text.includes(TOKEN), "the staff's notice carries no manage link");
    assert.ok(
      visitor!.text.includes(
        `https://app.example/booking/participation?id=${notice.solution_id}&token=${'p'.repeat(64)}`,
      ),
      "the visitor's footer links to their own page",
    );
    assert.ok(!staff!.text.includes('booking/participation'), "the staff's notice does not");
    assert.match(ics(staff!), new RegExp(`UID:booking-${BOOKING}@leadtorget.no`));
  },
);

Deno.test('a change sends the new time as the same event with a higher SEQUENCE', async () => {
  const { mailer, notices } = setup({
    ...notice,
    sequence: 1,
    start: '2026-06-03T12:00:00+00:00',
    end: '2026-06-03T13:00:00+00:00',
  });
  await notices.rescheduled(view, TOKEN);
  const [visitor] = mailer.sent;
  assert.equal(visitor!.subject, 'Timen er flyttet: Befaring onsdag 3. juni 2026 kl. 14:00–15:00');
  assert.match(ics(visitor!), /SEQUENCE:1/);
  assert.match(ics(visitor!), /METHOD:REQUEST/);
  assert.ok(visitor!.text.includes(`booking/endre?token=${TOKEN}`));
});

Deno.test('a cancellation sends METHOD:CANCEL and no manage link', async () => {
  const { mailer, notices } = setup({ ...notice, status: 'cancelled', sequence: 2 });
  await notices.cancelled({ ...view, status: 'cancelled' });
  const [visitor, staff] = mailer.sent;
  assert.match(visitor!.subject, /^Timen er avbestilt: /);
  assert.match(ics(visitor!), /METHOD:CANCEL/);
  assert.match(ics(visitor!), /STATUS:CANCELLED/);
  assert.match(ics(visitor!), /SEQUENCE:2/);
  assert.ok(!visitor!.text.includes('booking/endre'));
  assert.match(staff!.subject, /^Bestilling avbestilt: /);
});

Deno.test(
  "the cancellation links to the visitor's own page too; without a token the e-mail goes without it",
  async () => {
    const { mailer, notices } = setup({ ...notice, status: 'cancelled', sequence: 2 });
    await notices.cancelled({ ...view, status: 'cancelled' });
    assert.match(mailer.sent[0]!.text, /booking\/participation\?id=/);
    const broken = setup(notice, () => Promise.reject(new Error('database down')));
    await broken.notices.booked(view, TOKEN);
    assert.equal(broken.mailer.sent.length, 2);
    assert.ok(!broken.mailer.sent[0]!.text.includes('booking/participation'));
  },
);

Deno.test('a cancellation is claimed, so it goes once; a failed one is handed back', async () => {
  const { mailer, asked, notices } = setup({ ...notice, status: 'cancelled', sequence: 1 });
  mailer.fail = true;
  await assert.rejects(notices.cancelled({ ...view, status: 'cancelled' }), /smtp down/);
  assert.deepEqual(asked, [`claim ${BOOKING}`, `release ${BOOKING}`]);
  mailer.fail = false;
  await notices.cancelled({ ...view, status: 'cancelled' });
  await notices.cancelled({ ...view, status: 'cancelled' });
  assert.equal(mailer.sent.length, 2, "the visitor's and the staff member's, once");
});

Deno.test('without a staff notice address only the visitor gets an e-mail', async () => {
  const { mailer, notices } = setup({ ...notice, staff_email: null });
  await notices.booked(view, TOKEN);
  assert.deepEqual(
    mailer.sent.map((mail) => mail.to),
    ['ola@example.no'],
  );
});

Deno.test('a failed e-mail is thrown (the handler logs it)', async () => {
  const { mailer, notices } = setup();
  mailer.fail = true;
  await assert.rejects(notices.booked(view, TOKEN), /smtp down/);
});

Deno.test("a paid booking's confirmation goes once after payment, with the manage link", async () => {
  const { mailer, asked, notices } = setup({ ...notice, sequence: 1 });
  await notices.paid(view, TOKEN);
  await notices.paid(view, TOKEN);
  assert.deepEqual(asked, [`claim ${BOOKING}`, `claim ${BOOKING}`]);
  assert.equal(mailer.sent.length, 2, "the visitor's and the staff member's, once");
  assert.match(mailer.sent[0]!.subject, /^Bestillingen er bekreftet: /);
  assert.ok(mailer.sent[0]!.text.includes(`booking/endre?token=${TOKEN}`));
});
