import assert from 'node:assert/strict';
import type { Database, Rpc } from '../_shared/database.ts';
import { EMAIL_COLOURS } from '../_shared/email-layout.ts';
import { errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { osloTime, reminderEmail } from './email.ts';
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';
import { JOB_LIST, JOBS } from './registry.ts';

type Functions = Database['public']['Functions'];
// The generated types cannot tell a function's nullable columns: a participant may have no name.
type ConfirmationClaim = Omit<Functions['claim_calendar_confirmations']['Returns'][number], 'name'> & {
  name: string | null;
};
type ReminderClaim = Omit<Functions['claim_calendar_reminders']['Returns'][number], 'name'> & {
  name: string | null;
};
type AutoDraw = Functions['run_calendar_auto_draws']['Returns'][number];
type ErasureNotice = Functions['claim_lead_erasure_notices']['Returns'][number];
// Nullable like the claims' names: an organization may have no contact address, a calendar no colour.
type EmailSender = { campaign_id: string; organization_name: string } & {
  contact_email: string | null;
  primary_color: string | null;
};

const URL_ = 'http://functions.test/campaign-jobs';
const SERVICE_KEY = 'service.role.key';
const CALENDAR = 'ca000000-0000-4000-8000-000000000001';
const TOKEN = 'a'.repeat(64);

function confirmation(overrides: Partial<ConfirmationClaim> = {}): ConfirmationClaim {
  return {
    participant_id: '00000000-0000-4000-8000-000000000101',
    email: 'kari@example.no',
    name: 'Kari Nordmann',
    calendar_id: CALENDAR,
    calendar_name: 'Julekalender <2026>',
    organization_name: 'Fjord Rør AS',
    token: TOKEN,
    ...overrides,
  };
}

function erasureNotice(overrides: Partial<ErasureNotice> = {}): ErasureNotice {
  return {
    purchase_id: 'f0000000-0000-4000-8000-000000000001',
    organization_id: 'bbbbbbbb-0000-4000-8000-000000000002',
    organization_name: 'Beta <Bygg> AS',
    lead_id: 'd0000000-0000-4000-8000-000000000001',
    title: 'Nytt bad i Oslo',
    marketplace_name: 'Håndverkertorget',
    purchased_at: '2026-11-20T10:00:00Z',
    // 00:30 in Oslo on 4 December: the date is Oslo's, not UTC's 3rd.
    requested_at: '2026-12-03T23:30:00Z',
    recipients: ['eier@beta.no', 'admin@beta.no'],
    ...overrides,
  };
}

function reminder(overrides: Partial<ReminderClaim> = {}): ReminderClaim {
  return {
    ...confirmation(),
    day_number: 5,
    door_opens_at: '2026-12-05T07:00:00Z',
    reminded_on: '2026-12-05',
    ...overrides,
  };
}

/** The database functions the jobs call, in memory; `calls` lists each call's name in order. */
class FakeDb {
  confirmations: ConfirmationClaim[] = [];
  reminders: ReminderClaim[] = [];
  draws: AutoDraw[] = [];
  erasureNotices: ErasureNotice[] = [];
  senders: EmailSender[] = [];
  sendersFail = false;
  /** campaign_upload_sweep's paths. */
  sweep: string[] = [];
  /** release_unchecked_room_bookings' count, and the clock each call was given. */
  releasable = 0;
  releaseAsked: (string | null)[] = [];
  /** lead_purchase_marketplace_colours' rows. */
  marketplaceColours: { purchase_id: string; primary_color: string }[] = [];
  marketplaceColoursFail = false;
  markedSent: string[] = [];
  remindersAsked: (string | null)[] = [];
  released: string[] = [];
  calls: string[] = [];
  fail = false;
  // deno-lint-ignore no-explicit-any -- one fake for every function's arguments
  private answer(name: string, args: any): unknown {
    this.calls.push(name);
    if (this.fail) throw new Error('db down');
    switch (name) {
      case 'claim_calendar_confirmations':
        return this.confirmations.splice(0);
      case 'release_campaign_confirmation':
        this.released.push(`${args.input_participant_id}/${args.input_campaign_id}`);
        return undefined;
      case 'claim_calendar_reminders':
        this.remindersAsked.push(args.input_now ?? null);
        return this.reminders.splice(0);
      case 'release_campaign_reminder':
        this.released.push(
          `${args.input_participant_id}/${args.input_campaign_id}@${args.input_reminded_on}`,
        );
        return undefined;
      case 'campaign_email_senders':
        if (this.sendersFail) throw new Error('senders down');
        return this.senders.filter((row) => (args.input_campaign_ids as string[]).includes(row.campaign_id));
      case 'run_calendar_auto_draws':
        return this.draws;
      case 'lead_purchase_marketplace_colours':
        if (this.marketplaceColoursFail) throw new Error('colours down');
        return this.marketplaceColours.filter((row) =>
          (args.input_purchase_ids as string[]).includes(row.purchase_id),
        );
      case 'claim_lead_erasure_notices':
        return this.erasureNotices.splice(0);
      case 'release_lead_erasure_notice':
        this.released.push(args.input_purchase_id);
        return undefined;
      case 'mark_lead_erasure_notices_sent':
        this.markedSent.push(...(args.input_purchase_ids as string[]));
        return undefined;
      case 'claim_competition_confirmations':
      case 'claim_competition_captain_notices':
      case 'claim_competition_standings':
      case 'claim_competition_results':
      case 'claim_form_notifications':
      case 'claim_form_confirmations':
      case 'claim_form_digests':
      case 'claim_checkout_recoveries':
      case 'checkout_orders_past_expiry':
      case 'claim_booking_reminders':
      case 'claim_booking_cancellations':
      case 'claim_booking_confirmations':
      case 'claim_meeting_poll_emails':
      case 'claim_meeting_calendar_notices':
      case 'claim_meeting_summaries':
      case 'claim_meeting_action_item_reminders':
        // Their e-mails are their own tests' (competition-jobs, form-jobs, checkout-jobs, checkout-order-expiry, booking-jobs, meeting-jobs); here only that each job answers.
        return [];
      case 'campaign_upload_sweep':
        return this.sweep.splice(0);
      case 'release_unchecked_room_bookings': {
        this.releaseAsked.push(args.input_now ?? null);
        const released = this.releasable;
        this.releasable = 0;
        return released;
      }
      default:
        throw new Error(`unexpected rpc ${name}`);
    }
  }
  rpc = ((name: string, args: unknown) => Promise.resolve().then(() => this.answer(name, args))) as Rpc;
}

function setup() {
  const db = new FakeDb();
  const mailer = new FakeMailer();
  const logged: string[] = [];
  const removed: { bucket: string; paths: string[] }[] = [];
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc: db.rpc,
    mailer,
    siteUrl: 'http://localhost:5173/',
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: (bucket, paths) => {
      removed.push({ bucket, paths: [...paths] });
      return Promise.resolve();
    },
    clock: () => new Date('2026-12-05T06:30:00Z'),
    log: (message) => logged.push(message),
  };
  return { db, mailer, deps, logged, removed };
}

function call(deps: CampaignJobsDeps, body: unknown, key: string | null = SERVICE_KEY) {
  return handleCampaignJobs(post(URL_, body, key ? { Authorization: `Bearer ${key}` } : {}), deps);
}

Deno.test('without a key: 401; with the anon key or a user JWT: 403; nothing runs', async () => {
  const { db, mailer, deps } = setup();
  db.confirmations = [confirmation()];
  const none = await call(deps, { job: 'calendar-confirmations' }, null);
  assert.equal(none.status, 401);
  assert.equal(await errorCode(none), 'not-signed-in');
  for (const key of ['anon.key', 'user.jwt', `${SERVICE_KEY}x`, SERVICE_KEY.slice(0, -1)]) {
    const response = await call(deps, { job: 'calendar-confirmations' }, key);
    assert.equal(response.status, 403, key);
    assert.equal(await errorCode(response), 'forbidden');
  }
  assert.equal(mailer.sent.length, 0);
  assert.equal(db.confirmations.length, 1);
});

Deno.test('method, preflight and body checks', async () => {
  const { deps } = setup();
  const get = await handleCampaignJobs(new Request(URL_), deps);
  assert.equal(get.status, 405);
  const options = await handleCampaignJobs(new Request(URL_, { method: 'OPTIONS' }), deps);
  assert.equal(options.status, 200);
  for (const body of ['not json', { job: 'calendar-reminders', now: 'tomorrow' }, []]) {
    const response = await call(deps, body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(await errorCode(response), 'invalid-input');
  }
});

Deno.test('calendar-confirmations: one e-mail per claim with the participation link', async () => {
  const { db, mailer, deps } = setup();
  db.confirmations = [confirmation(), confirmation({ email: 'per@example.no', name: null })];
  const response = await call(deps, { job: 'calendar-confirmations' });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { job: 'calendar-confirmations', sent: 2, failed: 0 });
  const [kari, per] = mailer.sent;
  assert.equal(kari!.to, 'kari@example.no');
  assert.equal(kari!.subject, 'Takk for at du er med i Julekalender <2026>');
  const link = `http://localhost:5173/calendar/participation?id=${CALENDAR}&token=${TOKEN}`;
  assert.ok(kari!.text.includes(link));
  assert.ok(kari!.html.includes(link.replaceAll('&', '&amp;')));
  assert.ok(kari!.text.startsWith('Takk for at du er med i Julekalender <2026>\n\nHei Kari,'));
  assert.ok(kari!.html.includes('Julekalender &lt;2026&gt;'), 'the name is escaped in HTML');
  assert.ok(!kari!.html.includes('<2026>'));
  assert.ok(kari!.text.includes('Sendt av Fjord Rør AS med Leadtorget.'));
  assert.ok(!kari!.text.includes('markedsplass'), 'no marketplace footer on a customer e-mail');
  assert.deepEqual(kari!.tags, ['calendar-confirmation']);
  assert.ok(per!.text.includes('\nHei,\n'));
});

Deno.test("calendar e-mails carry the calendar's colour and the organization's contact", async () => {
  const { db, mailer, deps } = setup();
  db.senders = [
    {
      campaign_id: CALENDAR,
      organization_name: 'Fjord Rør AS',
      contact_email: 'post@fjordror.no',
      primary_color: '#0F766E',
    },
  ];
  db.confirmations = [confirmation()];
  db.reminders = [reminder()];
  await call(deps, { job: 'calendar-confirmations' });
  await call(deps, { job: 'calendar-reminders' });
  assert.equal(mailer.sent.length, 2);
  for (const mail of mailer.sent) {
    assert.ok(mail.html.includes('background-color: #0f766e'), mail.subject);
    assert.ok(mail.html.includes('href="mailto:post@fjordror.no"'), mail.subject);
    assert.ok(mail.text.includes('Spørsmål? Kontakt Fjord Rør AS på post@fjordror.no.'), mail.subject);
  }
  // One read per run for all its claims, after the claim.
  assert.deepEqual(
    db.calls.filter((name) => name !== 'release_campaign_confirmation'),
    [
      'claim_calendar_confirmations',
      'campaign_email_senders',
      'claim_calendar_reminders',
      'campaign_email_senders',
    ],
  );
});

Deno.test("a failed read of the senders still sends, in Leadtorget's colours", async () => {
  const { db, mailer, deps, logged } = setup();
  db.sendersFail = true;
  db.confirmations = [confirmation()];
  const response = await call(deps, { job: 'calendar-confirmations' });
  assert.deepEqual(await response.json(), { job: 'calendar-confirmations', sent: 1, failed: 0 });
  assert.ok(mailer.sent[0]!.html.includes('background-color: #1d4ed8'));
  assert.ok(mailer.sent[0]!.html.includes('>Fjord Rør AS</td>'), 'the header names the organization');
  assert.deepEqual(db.released, []);
  assert.equal(logged.length, 1);
});

Deno.test('a failed e-mail is released for the next run and counted', async () => {
  const { db, mailer, deps, logged } = setup();
  db.confirmations = [confirmation()];
  mailer.fail = true;
  const response = await call(deps, { job: 'calendar-confirmations' });
  assert.deepEqual(await response.json(), { job: 'calendar-confirmations', sent: 0, failed: 1 });
  assert.deepEqual(db.released, [`${confirmation().participant_id}/${confirmation().calendar_id}`]);
  assert.equal(logged.length, 1);
  assert.ok(!logged[0]!.includes('kari'), 'logs name no address');
});

Deno.test("calendar-reminders: today's door, one-click unsubscribe, `now` passed to the claim", async () => {
  const { db, mailer, deps } = setup();
  db.reminders = [reminder()];
  const response = await call(deps, { job: 'calendar-reminders', now: '2026-12-05T07:30:00+01:00' });
  assert.deepEqual(await response.json(), { job: 'calendar-reminders', sent: 1, failed: 0 });
  assert.deepEqual(db.remindersAsked, ['2026-12-05T07:30:00+01:00']);
  const [mail] = mailer.sent;
  assert.equal(mail!.subject, 'Luke 5 i Julekalender <2026> åpner kl. 08:00');
  assert.ok(mail!.text.includes(`http://localhost:5173/calendar/${CALENDAR}/5`));
  assert.ok(
    mail!.text.includes(
      `http://localhost:5173/calendar/participation?id=${CALENDAR}&token=${TOKEN}&unsubscribe=1`,
    ),
  );
  assert.ok(mail!.html.includes('Meld deg av med ett klikk'));
  // RFC 8058: the mail client's own button POSTs to the unsubscribe function with the token.
  assert.deepEqual(mail!.headers, {
    'List-Unsubscribe': `<http://api.test/functions/v1/unsubscribe?kind=calendar&id=${CALENDAR}&token=${TOKEN}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

Deno.test('calendar-reminders without `now`: the database decides; an open door «er åpen»', async () => {
  const { db, mailer, deps } = setup();
  db.reminders = [reminder({ door_opens_at: '2026-12-05T06:00:00Z' })];
  await call(deps, { job: 'calendar-reminders' });
  assert.deepEqual(db.remindersAsked, [null]);
  assert.equal(mailer.sent[0]!.subject, 'Luke 5 i Julekalender <2026> er åpen');
});

Deno.test('a failed reminder is released for its day', async () => {
  const { db, mailer, deps } = setup();
  db.reminders = [reminder()];
  mailer.fail = true;
  const response = await call(deps, { job: 'calendar-reminders' });
  assert.deepEqual(await response.json(), { job: 'calendar-reminders', sent: 0, failed: 1 });
  assert.deepEqual(db.released, [`${reminder().participant_id}/${reminder().calendar_id}@2026-12-05`]);
});

Deno.test('calendar-draws: counts the draws the database made', async () => {
  const { db, mailer, deps } = setup();
  db.draws = [{ draw_id: 'd1', calendar_id: CALENDAR, door_id: 'x', winners: 1 }];
  const response = await call(deps, { job: 'calendar-draws', now: '2030-01-01T00:00:00Z' });
  assert.deepEqual(await response.json(), { job: 'calendar-draws', draws: 1 });
  assert.equal(mailer.sent.length, 0);
});

Deno.test('a database failure is a 500 unknown, logged', async () => {
  const { db, deps, logged } = setup();
  db.fail = true;
  const response = await call(deps, { job: 'calendar-confirmations' });
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.equal(logged.length, 1);
});

Deno.test(
  'campaign-uploads-sweep: removes the paths the database answers from the uploads bucket',
  async () => {
    const { db, deps, removed } = setup();
    db.sweep = ['org/c1/u1.jpg', 'org/c1/u2.pdf'];
    const response = await call(deps, { job: 'campaign-uploads-sweep' });
    assert.deepEqual(await response.json(), { job: 'campaign-uploads-sweep', removed: 2 });
    assert.deepEqual(removed, [{ bucket: 'campaign-uploads', paths: ['org/c1/u1.jpg', 'org/c1/u2.pdf'] }]);
    const idle = await call(deps, { job: 'campaign-uploads-sweep' });
    assert.deepEqual(await idle.json(), { job: 'campaign-uploads-sweep', removed: 0 });
    assert.equal(removed.length, 1, 'nothing to remove asks storage nothing');
  },
);

Deno.test(
  "meeting-room-release: answers how many bookings the database released, by the body's clock",
  async () => {
    const { db, deps } = setup();
    db.releasable = 2;
    const response = await call(deps, { job: 'meeting-room-release', now: '2026-12-07T10:10:00Z' });
    assert.deepEqual(await response.json(), { job: 'meeting-room-release', released: 2 });
    const idle = await call(deps, { job: 'meeting-room-release' });
    assert.deepEqual(await idle.json(), { job: 'meeting-room-release', released: 0 });
    assert.deepEqual(db.releaseAsked, ['2026-12-07T10:10:00Z', null], "without a clock the database's own");
  },
);

Deno.test('helpers', () => {
  assert.equal(sameSecret('abc', 'abc'), true);
  assert.equal(sameSecret('', ''), false);
  assert.equal(sameSecret('abcd', 'abc'), false);
  // Winter and summer time.
  assert.equal(osloTime(new Date('2026-12-05T07:00:00Z')), '08:00');
  assert.equal(osloTime(new Date('2026-06-05T07:00:00Z')), '09:00');
  const mail = reminderEmail({
    calendarName: 'K',
    sender: { organizationName: 'O', color: null, contactEmail: null },
    name: '  Ola   Nordmann ',
    dayNumber: 1,
    doorOpensAt: new Date('2026-12-01T07:00:00Z'),
    now: new Date('2026-12-01T07:00:00Z'),
    doorLink: 'x',
    unsubscribeLink: 'y',
  });
  assert.equal(mail.subject, 'Luke 1 i K er åpen');
  assert.ok(mail.text.includes('Hei Ola,'));
});

Deno.test('an unknown job is 400 invalid-input with the list of jobs; nothing runs', async () => {
  const { db, deps } = setup();
  const response = await call(deps, { job: 'drop-tables' });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), {
    error: {
      code: 'invalid-input',
      jobs: [
        'calendar-confirmations',
        'calendar-reminders',
        'calendar-draws',
        'lead-erasure-notices',
        'competition-confirmations',
        'competition-captain-notices',
        'competition-standings',
        'competition-results',
        'campaign-uploads-sweep',
        'form-notifications',
        'form-confirmations',
        'form-digests',
        'checkout-recovery',
        'checkout-order-expiry',
        'meeting-room-release',
        'booking-reminders',
        'meeting-polls',
        'meeting-calendar',
        'meeting-summaries',
        'meeting-action-items',
      ],
    },
  });
  assert.deepEqual(db.calls, []);
});

Deno.test('every registered job is reachable by its name, and each jobs/ module is registered', async () => {
  assert.deepEqual(
    JOBS,
    JOB_LIST.map((job) => job.name),
  );
  assert.equal(new Set(JOBS).size, JOBS.length, 'names are unique');
  for (const name of JOBS) {
    const { deps } = setup();
    const response = await call(deps, { job: name });
    assert.equal(response.status, 200, name);
    assert.equal(((await response.json()) as { job: string }).job, name);
  }
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL('./jobs/', import.meta.url))) files.push(entry.name);
  assert.deepEqual(files.sort(), JOBS.map((name) => `${name}.ts`).sort(), 'jobs/<name>.ts per job');
});

Deno.test('a job given by the deps is dispatched with the body`s now and the service deps', async () => {
  const { deps } = setup();
  const seen: unknown[] = [];
  const ping = {
    name: 'ping',
    run: (_: unknown, input: { now: string | null; at: Date }) => {
      seen.push(input.now, input.at.toISOString());
      return Promise.resolve({ pongs: 1 });
    },
  };
  const response = await call({ ...deps, jobs: [ping] }, { job: 'ping', now: '2026-12-05T07:30:00+01:00' });
  assert.deepEqual(await response.json(), { job: 'ping', pongs: 1 });
  assert.deepEqual(seen, ['2026-12-05T07:30:00+01:00', '2026-12-05T06:30:00.000Z']);
  const other = await call({ ...deps, jobs: [ping] }, { job: 'calendar-draws' });
  assert.deepEqual(await other.json(), { error: { code: 'invalid-input', jobs: ['ping'] } });
});

/** A mailer that refuses the given addresses and keeps the rest. */
function refusing(mailer: FakeMailer, addresses: string[]): FakeMailer {
  const send = mailer.send.bind(mailer);
  mailer.send = (mail) =>
    addresses.includes(mail.to) ? Promise.reject(new Error('mailbox refused')) : send(mail);
  return mailer;
}

Deno.test(
  'lead-erasure-notices: one legal notice per owner or admin, saying which lead and what to do',
  async () => {
    const { db, mailer, deps } = setup();
    db.erasureNotices = [erasureNotice()];
    const response = await call(deps, { job: 'lead-erasure-notices' });
    assert.deepEqual(await response.json(), { job: 'lead-erasure-notices', sent: 2, failed: 0, released: 0 });
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['eier@beta.no', 'admin@beta.no'],
    );
    const mail = mailer.sent[0]!;
    assert.equal(mail.subject, 'Personen bak leadet «Nytt bad i Oslo» har bedt om sletting');
    assert.ok(
      mail.text.includes(
        'Den 4. desember 2026 ba personen bak leadet «Nytt bad i Oslo» selgeren om å slette opplysningene sine. Beta <Bygg> AS kjøpte leadet på Håndverkertorget den 20. november 2026.',
      ),
      mail.text,
    );
    assert.ok(mail.text.includes('Dere må slette kopien deres av opplysningene og slutte å bruke dem'));
    assert.ok(mail.text.includes('Selgeren kan ikke gi dere flere opplysninger'));
    assert.ok(mail.text.includes(`http://localhost:5173/leads/lead/${erasureNotice().lead_id}`));
    assert.ok(mail.html.includes('Beta &lt;Bygg&gt; AS'), 'names are escaped in HTML');
    assert.ok(!mail.html.includes('<Bygg>'));
    assert.ok(mail.text.includes('ikke markedsføring'));
    assert.ok(
      mail.text.endsWith('Sendt av Håndverkertorget, en markedsplass for leads som drives på Leadtorget.\n'),
    );
    // A legal notice: no unsubscribe headers or links, no tracking.
    assert.equal(mail.headers, undefined);
    assert.ok(!/avmeld|meld deg av|unsubscribe/i.test(mail.text + mail.html));
    assert.ok(!mail.html.includes('<img'), 'no tracking pixel');
    assert.deepEqual(mail.tags, ['lead-erasure']);
    assert.deepEqual(db.released, []);
    assert.deepEqual(db.markedSent, [erasureNotice().purchase_id]);
    // An unbranded marketplace's notice has Leadtorget's colour in its header and button.
    assert.ok(mail.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));
  },
);

Deno.test(
  'lead-erasure-notices: each notice carries the colour of the marketplace it was bought on',
  async () => {
    const { db, mailer, deps } = setup();
    const other = 'f0000000-0000-4000-8000-000000000002';
    db.erasureNotices = [erasureNotice(), erasureNotice({ purchase_id: other })];
    db.marketplaceColours = [{ purchase_id: erasureNotice().purchase_id, primary_color: '#0B6E4F' }];
    await call(deps, { job: 'lead-erasure-notices' });
    const [branded, , unbranded] = mailer.sent;
    assert.ok(
      branded!.html.includes('bgcolor="#0b6e4f"'),
      "the header and button in the marketplace's colour",
    );
    assert.ok(!branded!.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));
    // A marketplace without a colour: Leadtorget's.
    assert.ok(unbranded!.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));
    // One read for the run's notices, after the claim.
    assert.deepEqual(db.calls.slice(0, 2), [
      'claim_lead_erasure_notices',
      'lead_purchase_marketplace_colours',
    ]);
  },
);

Deno.test("lead-erasure-notices: a failed read of the colours still sends, in Leadtorget's", async () => {
  const { db, mailer, deps, logged } = setup();
  db.marketplaceColoursFail = true;
  db.erasureNotices = [erasureNotice()];
  db.marketplaceColours = [{ purchase_id: erasureNotice().purchase_id, primary_color: '#0B6E4F' }];
  const response = await call(deps, { job: 'lead-erasure-notices' });
  assert.deepEqual(await response.json(), { job: 'lead-erasure-notices', sent: 2, failed: 0, released: 0 });
  assert.ok(mailer.sent.every((mail) => mail.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`)));
  assert.ok(
    logged.some((line) => line.includes("reading the marketplaces' colours failed")),
    logged.join('\n'),
  );
});

Deno.test(
  'lead-erasure-notices: one recipient failing keeps the notice sent; all failing releases it',
  async () => {
    const { db, mailer, deps, logged } = setup();
    refusing(mailer, ['admin@beta.no', 'eier@gamma.no']);
    const gamma = erasureNotice({
      purchase_id: 'f0000000-0000-4000-8000-000000000002',
      organization_name: 'Gamma AS',
      recipients: ['eier@gamma.no'],
    });
    db.erasureNotices = [erasureNotice(), gamma];
    const response = await call(deps, { job: 'lead-erasure-notices' });
    assert.deepEqual(await response.json(), { job: 'lead-erasure-notices', sent: 1, failed: 2, released: 1 });
    assert.deepEqual(
      mailer.sent.map((mail) => mail.to),
      ['eier@beta.no'],
    );
    // Beta's owner has it, so Beta has been told; Gamma heard nothing and gets it on the next run.
    assert.deepEqual(db.released, [gamma.purchase_id]);
    assert.deepEqual(db.markedSent, [erasureNotice().purchase_id]);
    assert.equal(logged.length, 2);
    assert.ok(!logged.some((line) => line.includes('@')), 'logs name no address');
  },
);

Deno.test(
  'lead-erasure-notices: marking fails after sending → 500; the claims lapse and are sent again',
  async () => {
    const { db, mailer, deps, logged } = setup();
    db.erasureNotices = [erasureNotice()];
    const rpc = db.rpc;
    deps.rpc = ((name: string, args: never) =>
      name === 'mark_lead_erasure_notices_sent'
        ? Promise.reject(new Error('db down'))
        : rpc(name as never, args)) as Rpc;
    const response = await call(deps, { job: 'lead-erasure-notices' });
    assert.equal(response.status, 500);
    assert.equal(mailer.sent.length, 2);
    assert.deepEqual(db.released, [], 'a notice given is not released: the lease lapses instead');
    assert.equal(logged.length, 1);
  },
);

Deno.test('lead-erasure-notices: a buyer without any owner or admin address is released', async () => {
  const { db, mailer, deps } = setup();
  db.erasureNotices = [erasureNotice({ recipients: [] })];
  const response = await call(deps, { job: 'lead-erasure-notices' });
  assert.deepEqual(await response.json(), { job: 'lead-erasure-notices', sent: 0, failed: 1, released: 1 });
  assert.equal(mailer.sent.length, 0);
  assert.deepEqual(db.released, [erasureNotice().purchase_id]);
  assert.deepEqual(db.markedSent, [], 'nothing to mark: no mark call');
});
