/**
 * public.join_competition_team under concurrency on a real PostgreSQL 15 server
 * (docs/competitions.md): bootstrap + supabase/migrations on a throwaway server, then many sessions
 * joining at once, each as PostgREST would call it (role anon, its own X-Forwarded-For so the per-IP
 * rate limit stays out of the way). 64 people racing for a team's last 3 places: exactly 3 join and
 * 61 meet competition-team-full; one person racing into two teams ends up in exactly one.
 */
import type pg from 'pg';
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsAnon, countOf, type AnonOutcome } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the competition join concurrency tests: ${unavailable}.`);

const RACERS = 64;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000001';
const COMPETITION = '0000000c-0000-4000-8000-000000000001';
const TEAM_FULL_SOON = '0000000d-0000-4000-8000-000000000001';
const TEAM_A = '0000000d-0000-4000-8000-00000000000a';
const TEAM_B = '0000000d-0000-4000-8000-00000000000b';

// A competition from yesterday for ten days (Oslo), so joining is open whenever the test runs by the
// real clock (the lock is halfway). Teams of 5; the first already has 2 members.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000001');
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
values ('${COMPETITION}', '${ORGANIZATION}', 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.');
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_max)
select '${COMPETITION}', '${ORGANIZATION}', today - 1, today + 9, 'km', 1000, 5
from (select (now() at time zone 'Europe/Oslo')::date as today) as t;
insert into public.competitions_teams (id, competition_id, organization_id, name) values
  ('${TEAM_FULL_SOON}', '${COMPETITION}', '${ORGANIZATION}', 'Tråkkerne'),
  ('${TEAM_A}', '${COMPETITION}', '${ORGANIZATION}', 'Lag A'),
  ('${TEAM_B}', '${COMPETITION}', '${ORGANIZATION}', 'Lag B');
insert into public.participants (id, organization_id, email) values
  ('0000000e-0000-4000-8000-000000000001', '${ORGANIZATION}', 'first@example.no'),
  ('0000000e-0000-4000-8000-000000000002', '${ORGANIZATION}', 'second@example.no');
insert into public.competitions_members (competition_id, team_id, participant_id, organization_id, role)
values ('${COMPETITION}', '${TEAM_FULL_SOON}', '0000000e-0000-4000-8000-000000000001', '${ORGANIZATION}', 'captain'),
       ('${COMPETITION}', '${TEAM_FULL_SOON}', '0000000e-0000-4000-8000-000000000002', '${ORGANIZATION}', 'member');
`;

/** One join by team id as the anonymous visitor number n. */
function join(pool: pg.Pool, teamId: string, email: string, n: number): Promise<AnonOutcome> {
  return callAsAnon(
    pool,
    `select public.join_competition_team('${COMPETITION}', '${email}', true, now() - interval '10 seconds', ` +
      `input_team_id => '${teamId}') ->> 'outcome' as outcome`,
    n,
  );
}

describe.skipIf(unavailable)('join_competition_team under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  let pool: pg.Pool;

  const count = (sql: string) => countOf(pool, sql);

  beforeAll(async () => {
    database = await startMigratedPostgres15([SEED_SQL], RACERS);
    pool = database.pool;
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('64 people race for the last 3 places of a team: exactly 3 join, 61 meet competition-team-full', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => join(pool, TEAM_FULL_SOON, `racer${i}@example.no`, i),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok && o.outcome === 'joined')).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'competition-team-full')).toHaveLength(RACERS - 3);
    expect(
      await count(
        `select count(*)::int as n from public.competitions_members where team_id = '${TEAM_FULL_SOON}' and status = 'active'`,
      ),
    ).toBe(5);
  });

  it('one person races into two teams 64 ways at once: one membership, and every reply alike', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => join(pool, i % 2 === 0 ? TEAM_A : TEAM_B, 'kari@example.no', 100 + i),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    // A known address answers as a first join does, so the reply never tells whether it takes part.
    expect(outcomes.filter((o) => o.outcome === 'joined')).toHaveLength(RACERS);
    expect(
      await count(`select count(*)::int as n from public.competitions_members as m
        join public.participants as p on p.id = m.participant_id where p.email = 'kari@example.no'`),
    ).toBe(1);
    expect(
      await count(`select count(*)::int as n from public.participants where email = 'kari@example.no'`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from public.leads where email = 'kari@example.no'`)).toBe(
      1,
    );
  });
});
