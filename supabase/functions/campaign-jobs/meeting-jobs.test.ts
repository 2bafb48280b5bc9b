/**
 * The meeting planner's e-mail jobs through the campaign-jobs handler, with a fake database and
 * mailer: invitations (a guest's signed link, a member's planner), reminders and cancellations of
 * polls; the meeting's .ics to every attendee (REQUEST, then CANCEL for the same UID); the summary;
 * the action items' reminders; a failed e-mail handed back. (What is due, once each, is the
 * database's: supabase/tests/79-booking-meeting-notices.test.sql.)
 */
import assert from 'node:assert/strict';
import { fakeJobDeps, runJob } from './job-testing.ts';

const MEETING = 'e0000000-0000-4000-8000-000000000001';
const TOKEN = 'f'.repeat(64);

const poll = {
  poll_id: 'e0000000-0000-4000-8000-0000000000a1',
  title: 'Oppstartsmøte',
  description: null,
  deadline: '2026-12-10T15:00:00+00:00',
  organization_name: 'Fjord Rør AS',
  organizer_name: 'Kari Hansen',
  duration_minutes: 60,
  options: [
    { start: '2026-12-14T09:00:00+00:00', end: '2026-12-14T10:00:00+00:00', room_name: 'Fjorden' },
    { start: '2026-12-15T08:00:00+00:00', end: '2026-12-15T09:00:00+00:00', room_name: null },
  ],
};

const meeting = {
  meeting_id: MEETING,
  title: 'Oppstartsmøte',
  start: '2026-12-14T09:00:00+00:00',
  end: '2026-12-14T10:00:00+00:00',
  sequence: 0,
  cancelled: false,
  room_name: 'Fjorden',
  location: 'Storgata 1',
  organization_name: 'Fjord Rør AS',
  attendees: [
    { email: 'per@fjordror.no', name: 'Per Olsen', present: true },
    { email: 'gjest@example.no', name: null, present: false },
  ],
};

function setup(answers: Record<string, unknown[]>) {
  return fakeJobDeps((name, args) => {
    if (name.startsWith('release_')) return null;
    const key = name === 'claim_meeting_poll_emails' ? `${name}:${String(args.input_kind)}` : name;
    if (key in answers) return answers[key]!.splice(0);
    throw new Error(`unexpected rpc ${key}`);
  });
}

const run = runJob;

const polls = (invitation: unknown[], reminder: unknown[] = [], cancelled: unknown[] = []) => ({
  'claim_meeting_poll_emails:invitation': invitation,
  'claim_meeting_poll_emails:reminder': reminder,
  'claim_meeting_poll_emails:cancelled': cancelled,
});

Deno.test('meeting-polls: a guest is invited with their signed link, a member to the planner', async () => {
  const { mailer, deps, calls } = setup(
    polls([
      { invitee_id: 'i1', email: 'gjest@example.no', name: 'Gro Gjest', token: TOKEN, poll },
      { invitee_id: 'i2', email: 'per@fjordror.no', name: 'Per Olsen', token: null, poll },
    ]),
  );
  assert.deepEqual(await run(deps, 'meeting-polls', '2026-12-07T08:00:00Z'), {
    job: 'meeting-polls',
    invitations: 2,
    reminders: 0,
    cancellations: 0,
    failed: 0,
  });
  assert.deepEqual(calls[0], [
    'claim_meeting_poll_emails',
    { input_kind: 'invitation', input_now: '2026-12-07T08:00:00Z', input_limit: 200 },
  ]);
  const [guest, member] = mailer.sent;
  assert.equal(guest!.subject, 'Når passer det? Oppstartsmøte');
  assert.ok(guest!.text.includes(`https://app.example/motetid?token=${TOKEN}`));
  assert.match(guest!.text, /Hei Gro,/);
  assert.match(guest!.text, /mandag 14\. desember 2026 kl\. 10:00–11:00, Fjorden/);
  assert.match(guest!.text, /Svar innen torsdag 10\. desember kl\. 16:00/);
  assert.ok(member!.text.includes('https://app.example/meeting'));
  assert.ok(!member!.text.includes('motetid'));
});

Deno.test(
  'meeting-polls: reminders and cancellations; a failed e-mail is handed back by its kind',
  async () => {
    const { mailer, deps, calls } = setup(
      polls(
        [],
        [{ invitee_id: 'i1', email: 'gjest@example.no', name: null, token: TOKEN, poll }],
        [{ invitee_id: 'i3', email: 'ola@example.no', name: 'Ola', token: null, poll }],
      ),
    );
    let first = true;
    const send = mailer.send.bind(mailer);
    mailer.send = (mail) => {
      if (first) {
        first = false;
        return Promise.reject(new Error('smtp down'));
      }
      return send(mail);
    };
    assert.deepEqual(await run(deps, 'meeting-polls'), {
      job: 'meeting-polls',
      invitations: 0,
      reminders: 0,
      cancellations: 1,
      failed: 1,
    });
    assert.ok(
      calls.some(
        ([name, args]) =>
          name === 'release_meeting_poll_email' &&
          args.input_kind === 'reminder' &&
          args.input_invitee_id === 'i1',
      ),
    );
    assert.equal(mailer.sent[0]!.subject, 'Avlyst: Oppstartsmøte');
    assert.ok(!mailer.sent[0]!.text.includes('token='));
  },
);

Deno.test(
  'meeting-calendar: every attendee gets the .ics; a cancellation is CANCEL for the same UID',
  async () => {
    const { mailer, deps } = setup({
      claim_meeting_calendar_notices: [
        meeting,
        { ...meeting, sequence: 1, cancelled: true, attendees: [meeting.attendees[0]] },
      ],
    });
    assert.deepEqual(await run(deps, 'meeting-calendar'), {
      job: 'meeting-calendar',
      meetings: 2,
      sent: 3,
      failed: 0,
    });
    const [per, guest, cancelled] = mailer.sent;
    assert.equal(per!.subject, 'Møtet er satt: Oppstartsmøte mandag 14. desember 2026 kl. 10:00–11:00');
    assert.equal(guest!.to, 'gjest@example.no');
    const ics = per!.attachments![0]!.content;
    assert.match(ics, new RegExp(`UID:meeting-${MEETING}@leadtorget.no`));
    assert.match(ics, /METHOD:REQUEST/);
    assert.match(ics, /LOCATION:Fjorden\\, Storgata 1/);
    assert.equal(cancelled!.subject, 'Avlyst: Oppstartsmøte mandag 14. desember 2026 kl. 10:00–11:00');
    const cancel = cancelled!.attachments![0]!.content;
    assert.match(cancel, new RegExp(`UID:meeting-${MEETING}@leadtorget.no`));
    assert.match(cancel, /METHOD:CANCEL/);
    assert.match(cancel, /SEQUENCE:1/);
  },
);

Deno.test('meeting-calendar: a failed e-mail sends the meeting again next run', async () => {
  const { mailer, deps, calls } = setup({ claim_meeting_calendar_notices: [meeting] });
  mailer.fail = true;
  assert.deepEqual(await run(deps, 'meeting-calendar'), {
    job: 'meeting-calendar',
    meetings: 1,
    sent: 0,
    failed: 2,
  });
  assert.deepEqual(
    calls.filter(([name]) => name === 'release_meeting_calendar_notice'),
    [['release_meeting_calendar_notice', { input_meeting_id: MEETING }]],
  );
});

Deno.test(
  'meeting-summaries: the summary goes to every attendee with who came, decisions and action items',
  async () => {
    const { mailer, deps } = setup({
      claim_meeting_summaries: [
        {
          ...meeting,
          agenda: ['Status', 'Neste steg'],
          notes: 'Godt møte.',
          decisions: ['Vi bestiller nye rør'],
          action_items: [
            { title: 'Bestille rør', due_on: '2026-12-18', done: false, owner_name: 'Per Olsen' },
          ],
        },
      ],
    });
    assert.deepEqual(await run(deps, 'meeting-summaries'), {
      job: 'meeting-summaries',
      summaries: 1,
      sent: 2,
      failed: 0,
    });
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, 'Referat: Oppstartsmøte mandag 14. desember 2026 kl. 10:00–11:00');
    assert.match(mail!.text, /Til stede: Per Olsen/);
    assert.match(mail!.text, /Fravær: gjest/);
    assert.match(mail!.text, /• Vi bestiller nye rør/);
    assert.match(mail!.text, /• Bestille rør – ansvarlig Per Olsen – frist 18\. desember/);
    assert.match(mail!.text, /Godt møte\./);
  },
);

Deno.test(
  'meeting-action-items: the owner hears «i dag» or «i morgen» by the Oslo date of the run',
  async () => {
    const item = {
      item_id: 'a1',
      title: 'Bestille rør',
      due_on: '2026-12-09',
      email: 'per@fjordror.no',
      name: 'Per Olsen',
      meeting_id: MEETING,
      meeting_title: 'Oppstartsmøte',
      organization_name: 'Fjord Rør AS',
    };
    const { mailer, deps, calls } = setup({
      claim_meeting_action_item_reminders: [item, { ...item, item_id: 'a2', due_on: '2026-12-10' }],
    });
    // 23:30 UTC on 8 December is already 9 December in Oslo.
    assert.deepEqual(await run(deps, 'meeting-action-items', '2026-12-08T23:30:00Z'), {
      job: 'meeting-action-items',
      sent: 2,
      failed: 0,
    });
    assert.deepEqual(calls[0], [
      'claim_meeting_action_item_reminders',
      { input_now: '2026-12-08T23:30:00Z', input_limit: 200 },
    ]);
    assert.equal(mailer.sent[0]!.subject, 'Oppgaven forfaller i dag: Bestille rør');
    assert.equal(mailer.sent[1]!.subject, 'Oppgaven forfaller i morgen: Bestille rør');
    assert.match(mailer.sent[0]!.text, /frist 9\. desember/);
  },
);
