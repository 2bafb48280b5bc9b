/**
 * The competitions' jobs through handleCampaignJobs with the database's functions faked: what each
 * claim's e-mail says and links to, the sender's colour, the one-click unsubscribe of the standings,
 * the frozen board's note, and a failed e-mail released with the claim's own keys. (Once-only claims
 * and the freeze's figures are the database's: supabase/tests/47-competition-jobs.test.sql.)
 */
import assert from 'node:assert/strict';
import type { Database, Rpc } from '../_shared/database.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';

type Functions = Database['public']['Functions'];
type Returns<Name extends keyof Functions> = Functions[Name]['Returns'];

const SERVICE_KEY = 'service.role.key';
const COMPETITION = 'cb000000-0000-4000-8000-000000000001';
const TEAM = 'cb000000-0000-4000-8000-0000000000d1';
const PARTICIPANT = '00000000-0000-4000-8000-000000000101';
const TOKEN = 'b'.repeat(64);
const SITE = 'http://localhost:5173';
const PARTICIPATION = `${SITE}/fyllopp/participation?id=${COMPETITION}&token=${TOKEN}`;

const about = {
  participant_id: PARTICIPANT,
  email: 'kari@example.no',
  name: 'Kari Nordmann',
  competition_id: COMPETITION,
  competition_name: 'Sykle til jobben',
  organization_name: 'Fjord Rør AS',
  token: TOKEN,
};

function confirmation(overrides: Partial<Returns<'claim_competition_confirmations'>[number]> = {}) {
  return { ...about, outcome: 'joined', team_id: TEAM, team_name: 'Tråkkerne <1>', ...overrides };
}

function notice(overrides: Partial<Returns<'claim_competition_captain_notices'>[number]> = {}) {
  return {
    ...about,
    team_id: TEAM,
    team_name: 'Tråkkerne',
    team_max: 5,
    // 08:05 UTC on 5 June is 10:05 in Oslo (summer time).
    requests: [{ name: 'Eli Fjell', requested_at: '2026-06-05T08:05:00+00:00' }],
    request_ids: ['00000000-0000-4000-8000-0000000000e1'],
    became_full: false,
    ...overrides,
  };
}

function standing(overrides: Partial<Returns<'claim_competition_standings'>[number]> = {}) {
  return {
    ...about,
    unit: 'km',
    scoring: 'total',
    goal: 4000,
    team_goal: 400,
    ends_on: '2026-06-30',
    team_id: TEAM,
    team_name: 'Tråkkerne',
    rank: 2,
    teams: 5,
    team_total: 1234.5,
    team_score: 1234.5,
    team_goal_percent: 308.6,
    shared_total: 2000,
    shared_percent: 50,
    frozen: false,
    reminded_on: '2026-06-08',
    ...overrides,
  };
}

function result(overrides: Partial<Returns<'claim_competition_results'>[number]> = {}) {
  return {
    ...about,
    member_id: '00000000-0000-4000-8000-0000000000f1',
    unit: 'km',
    scoring: 'total',
    goal: 4000,
    team_id: TEAM,
    team_name: 'Tråkkerne',
    rank: 1,
    teams: 5,
    team_total: 550,
    team_score: 550,
    shared_total: 2240,
    shared_percent: 56,
    top_teams: [
      { rank: 1, name: 'Tråkkerne', score: 550 },
      { rank: 2, name: 'Regnjakkene', score: 410.5 },
    ],
    milestones: [{ percent: 50, label: 'Gavekort fra sponsor' }],
    token: TOKEN,
    ...overrides,
  };
}

/** The database's functions the competition jobs call; `calls` lists each call with its arguments. */
function fakeDb(claims: Record<string, unknown[]>) {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc = ((name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    if (name === 'campaign_email_senders') {
      return Promise.resolve([
        {
          campaign_id: COMPETITION,
          organization_name: 'Fjord Rør AS',
          contact_email: 'post@fjordror.no',
          primary_color: '#0f766e',
        },
      ]);
    }
    if (name.startsWith('claim_')) return Promise.resolve(claims[name]?.splice(0) ?? []);
    if (name.startsWith('release_')) return Promise.resolve(undefined);
    return Promise.reject(new Error(`unexpected rpc ${name}`));
  }) as Rpc;
  return { rpc, calls };
}

function setup(claims: Record<string, unknown[]>) {
  const db = fakeDb(claims);
  const mailer = new FakeMailer();
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc: db.rpc,
    mailer,
    siteUrl: `${SITE}/`,
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: () => Promise.reject(new Error('the competitions remove no files')),
    clock: () => new Date('2026-06-08T06:30:00Z'),
    log: () => undefined,
  };
  return { db, mailer, deps };
}

async function run(deps: CampaignJobsDeps, body: Record<string, unknown>) {
  const response = await handleCampaignJobs(
    post('http://functions.test/campaign-jobs', body, { Authorization: `Bearer ${SERVICE_KEY}` }),
    deps,
  );
  assert.equal(response.status, 200);
  return response.json();
}

Deno.test(
  'competition-confirmations: «Du er med i …» with the participation link and what comes next',
  async () => {
    const { mailer, deps, db } = setup({
      claim_competition_confirmations: [
        confirmation(),
        confirmation({ email: 'cap@example.no', outcome: 'captain' }),
        confirmation({ email: 'ask@example.no', outcome: 'requested' }),
        confirmation({ email: 'pre@example.no', outcome: 'registered', team_id: null!, team_name: null! }),
      ],
    });
    assert.deepEqual(await run(deps, { job: 'competition-confirmations' }), {
      job: 'competition-confirmations',
      sent: 4,
      failed: 0,
    });
    const [joined, captain, requested, registered] = mailer.sent;
    for (const mail of mailer.sent) {
      assert.equal(mail.subject, 'Du er med i Sykle til jobben');
      assert.deepEqual(mail.tags, ['competition-confirmation']);
      assert.ok(mail.text.includes(PARTICIPATION), mail.to);
      // In the competition's colour, from the organization.
      assert.ok(mail.html.includes('background-color: #0f766e'), mail.to);
      assert.ok(mail.text.includes('Spørsmål? Kontakt Fjord Rør AS på post@fjordror.no.'), mail.to);
    }
    assert.ok(joined!.text.includes('Du er med på laget Tråkkerne <1> i Sykle til jobben fra Fjord Rør AS.'));
    assert.ok(joined!.html.includes('Tråkkerne &lt;1&gt;'), 'a team name is escaped, never HTML');
    assert.ok(joined!.text.includes(`Til laget: ${SITE}/fyllopp/${COMPETITION}/gruppe/${TEAM}`));
    assert.ok(captain!.text.includes('og du er lagkaptein'));
    assert.ok(requested!.text.includes('Lagkapteinen avgjør forespørselen.'));
    assert.ok(registered!.text.includes('Du er forhåndspåmeldt til Sykle til jobben'));
    assert.ok(registered!.text.includes(`Til fylloppet: ${SITE}/fyllopp/${COMPETITION}\n`));
    assert.equal(
      db.calls.filter(([name]) => name === 'campaign_email_senders').length,
      1,
      'one sender read a run',
    );
  },
);

Deno.test('competition-confirmations: a failed e-mail is released for the next run', async () => {
  const { mailer, deps, db } = setup({ claim_competition_confirmations: [confirmation()] });
  mailer.fail = true;
  assert.deepEqual(await run(deps, { job: 'competition-confirmations' }), {
    job: 'competition-confirmations',
    sent: 0,
    failed: 1,
  });
  assert.deepEqual(
    db.calls.find(([name]) => name.startsWith('release_')),
    ['release_campaign_confirmation', { input_participant_id: PARTICIPANT, input_campaign_id: COMPETITION }],
  );
});

Deno.test(
  'competition-captain-notices: the requests by name and Oslo time, the full team, the link to answer',
  async () => {
    const { mailer, deps, db } = setup({
      claim_competition_captain_notices: [
        notice(),
        notice({ email: 'full@example.no', requests: [], request_ids: [], became_full: true }),
        notice({
          email: 'both@example.no',
          requests: [
            { name: 'Eli Fjell', requested_at: '2026-06-05T08:05:00+00:00' },
            { name: '', requested_at: '2026-06-05T09:00:00+00:00' },
          ],
          became_full: true,
        }),
      ],
    });
    assert.deepEqual(await run(deps, { job: 'competition-captain-notices' }), {
      job: 'competition-captain-notices',
      sent: 3,
      failed: 0,
    });
    const [one, full, both] = mailer.sent;
    assert.equal(one!.subject, 'Eli Fjell vil bli med på Tråkkerne');
    assert.ok(one!.text.includes('Eli Fjell: spurte 5. juni kl. 10:05'), one!.text);
    assert.ok(one!.text.includes(`Svar på forespørselen: ${PARTICIPATION}`), one!.text);
    assert.equal(full!.subject, 'Laget Tråkkerne er fullt');
    assert.ok(full!.text.includes('alle 5 plassene er tatt'));
    assert.ok(!full!.text.includes('spurte'));
    assert.equal(both!.subject, '2 personer vil bli med på Tråkkerne');
    assert.ok(both!.text.includes('Uten navn: spurte 5. juni kl. 11:00'));
    assert.ok(both!.text.includes('Nye kan ikke bli med før noen forlater laget.'));
    for (const mail of mailer.sent) assert.deepEqual(mail.tags, ['competition-captain-notice']);
    assert.equal(db.calls.filter(([name]) => name.startsWith('release_')).length, 0);
  },
);

Deno.test(
  'competition-captain-notices: a failed notice hands back its requests and the full mark',
  async () => {
    const { mailer, deps, db } = setup({
      claim_competition_captain_notices: [notice({ became_full: true })],
    });
    mailer.fail = true;
    await run(deps, { job: 'competition-captain-notices' });
    assert.deepEqual(
      db.calls.find(([name]) => name.startsWith('release_')),
      [
        'release_competition_captain_notice',
        {
          input_team_id: TEAM,
          input_request_ids: ['00000000-0000-4000-8000-0000000000e1'],
          input_became_full: true,
        },
      ],
    );
  },
);

Deno.test(
  'competition-standings: rank, progress and the shared bar in Norwegian, with one-click unsubscribe',
  async () => {
    const { mailer, deps, db } = setup({ claim_competition_standings: [standing()] });
    const now = '2026-06-08T06:30:00Z';
    assert.deepEqual(await run(deps, { job: 'competition-standings', now }), {
      job: 'competition-standings',
      sent: 1,
      failed: 0,
    });
    assert.deepEqual(db.calls[0], ['claim_competition_standings', { input_now: now, input_limit: 500 }]);
    const [mail] = mailer.sent;
    assert.equal(mail!.subject, 'Ukens stilling i Sykle til jobben: Tråkkerne er nr. 2');
    assert.ok(mail!.text.includes('Laget ditt, Tråkkerne, ligger på 2. plass av 5.'));
    // nb-NO: a non-breaking space between thousands, a decimal comma.
    assert.ok(mail!.text.includes('Lagets fremgang: 1\u00a0234,5 km av 400 km (308,6 %)'), mail!.text);
    assert.ok(mail!.text.includes('Fellesmålet: 2\u00a0000 km av 4\u00a0000 km (50 %)'), mail!.text);
    assert.ok(mail!.text.includes('Siste dag: 30. juni'));
    assert.ok(!mail!.text.includes('frosset'));
    assert.ok(mail!.text.includes(`Registrer fremgang: ${PARTICIPATION}`));
    assert.ok(mail!.text.includes(`${PARTICIPATION}&unsubscribe=1`));
    assert.deepEqual(mail!.headers, {
      'List-Unsubscribe': `<http://api.test/functions/v1/unsubscribe?kind=competition&id=${COMPETITION}&token=${TOKEN}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  },
);

Deno.test(
  'competition-standings: a frozen board says so; an average shows the score; a failure is released for its day',
  async () => {
    const { mailer, deps, db } = setup({
      claim_competition_standings: [
        standing({
          frozen: true,
          scoring: 'average',
          team_score: 205.75,
          team_goal: null!,
          team_goal_percent: null!,
        }),
      ],
    });
    await run(deps, { job: 'competition-standings' });
    const [mail] = mailer.sent;
    assert.ok(mail!.text.includes('Resultatlista er frosset før innspurten.'));
    assert.ok(mail!.text.includes('Lagets fremgang: 1\u00a0234,5 km\n'), mail!.text);
    assert.ok(mail!.text.includes('Lagets poeng: 205,8 km per aktive deltaker'), mail!.text);
    assert.deepEqual(
      db.calls[0],
      ['claim_competition_standings', { input_limit: 500 }],
      'no now: the database clock',
    );

    const failing = setup({ claim_competition_standings: [standing()] });
    failing.mailer.fail = true;
    await run(failing.deps, { job: 'competition-standings' });
    assert.deepEqual(
      failing.db.calls.find(([name]) => name.startsWith('release_')),
      [
        'release_campaign_reminder',
        {
          input_participant_id: PARTICIPANT,
          input_campaign_id: COMPETITION,
          input_reminded_on: '2026-06-08',
        },
      ],
    );
  },
);

Deno.test('competition-results: the place, the milestones reached and the top teams', async () => {
  const { mailer, deps, db } = setup({ claim_competition_results: [result()] });
  assert.deepEqual(await run(deps, { job: 'competition-results' }), {
    job: 'competition-results',
    sent: 1,
    failed: 0,
  });
  const [mail] = mailer.sent;
  assert.equal(mail!.subject, 'Resultatet fra Sykle til jobben: Tråkkerne ble nr. 1');
  assert.ok(mail!.text.includes('Laget ditt, Tråkkerne, endte på 1. plass av 5 med 550 km.'));
  assert.ok(
    mail!.text.includes('Sammen kom alle lagene til 2\u00a0240 km av 4\u00a0000 km (56 %).'),
    mail!.text,
  );
  assert.ok(mail!.text.includes('50 %: Gavekort fra sponsor'), mail!.text);
  assert.ok(mail!.text.includes('2. Regnjakkene: 410,5 km'), mail!.text);
  assert.ok(mail!.text.includes(`Din egen side (${PARTICIPATION}) har dataene dine`), mail!.text);
  assert.ok(mail!.text.includes(`Se resultatlista: ${SITE}/fyllopp/${COMPETITION}`));
  assert.ok(mail!.text.includes(PARTICIPATION));
  assert.equal(mail!.headers, undefined, 'the result of what they joined: no unsubscribe');

  const failing = setup({ claim_competition_results: [result()] });
  failing.mailer.fail = true;
  await run(failing.deps, { job: 'competition-results' });
  assert.deepEqual(
    failing.db.calls.find(([name]) => name.startsWith('release_')),
    ['release_competition_result', { input_member_id: '00000000-0000-4000-8000-0000000000f1' }],
  );
  assert.equal(db.calls.filter(([name]) => name.startsWith('release_')).length, 0);
});
