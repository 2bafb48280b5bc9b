/**
 * public.submit_calendar_entry under concurrency on a real PostgreSQL 15 server (docs/calendars.md):
 * bootstrap + supabase/migrations on a throwaway server, then many sessions entering at once, each as
 * PostgREST would call it (role anon, its own X-Forwarded-For so the per-IP rate limit stays out of
 * the way). One person racing 64 ways for one door gets exactly one entry; one e-mail racing into two
 * calendars of the organization becomes exactly one lead.
 */
import type pg from 'pg';
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsAnon, countOf, type AnonOutcome } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the calendar entry concurrency tests: ${unavailable}.`);

const RACERS = 64;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000001';
const CALENDAR_A = '0000000f-0000-4000-8000-00000000000a';
const CALENDAR_B = '0000000f-0000-4000-8000-00000000000b';

// Daily calendars from yesterday to tomorrow (Oslo), whose doors stay open until the end: door 1 is
// open whenever the test runs, by the real clock.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000001');
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
select c.id, '${ORGANIZATION}', 'calendar', c.name, now(), 'Jeg godtar reglene.'
from (values ('${CALENDAR_A}'::uuid, 'Kalender A'), ('${CALENDAR_B}'::uuid, 'Kalender B')) as c (id, name);
insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time, lock_past_doors)
select c.id, '${ORGANIZATION}', 'daily', today - 1, today + 1, '00:00', false
from (values ('${CALENDAR_A}'::uuid), ('${CALENDAR_B}'::uuid)) as c (id),
     (select (now() at time zone 'Europe/Oslo')::date as today) as t;
`;

/** One entry as the anonymous visitor number n. */
function enter(pool: pg.Pool, calendarId: string, email: string, n: number): Promise<AnonOutcome> {
  return callAsAnon(
    pool,
    `select outcome from public.submit_calendar_entry('${calendarId}', 1, '${email}', true, now() - interval '10 seconds')`,
    n,
  );
}

describe.skipIf(unavailable)('submit_calendar_entry under concurrency (PostgreSQL 15)', () => {
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

  it('one person enters one door 64 ways at once: exactly one entry, and every reply alike', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => enter(pool, CALENDAR_A, 'kari@example.no', i),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    // A repeat answers as a first entry does, so the reply never tells whether an address takes part.
    expect(outcomes.filter((o) => o.outcome === 'entered')).toHaveLength(RACERS);
    expect(
      await count(
        `select count(*)::int as n from public.campaign_entries where campaign_id = '${CALENDAR_A}'`,
      ),
    ).toBe(1);
    expect(
      await count(`select count(*)::int as n from public.participants where email = 'kari@example.no'`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from public.leads where email = 'kari@example.no'`)).toBe(
      1,
    );
  });

  it('one e-mail enters two calendars of the organization 64 ways at once: one lead', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => enter(pool, i % 2 === 0 ? CALENDAR_A : CALENDAR_B, 'ola@example.no', 100 + i),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes.filter((o) => o.outcome === 'entered')).toHaveLength(RACERS);
    expect(
      await count(`select count(*)::int as n from public.campaign_entries as e
        join public.participants as p on p.id = e.participant_id where p.email = 'ola@example.no'`),
    ).toBe(2);
    expect(
      await count(`select count(*)::int as n from public.participants where email = 'ola@example.no'`),
    ).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from public.leads where organization_id = '${ORGANIZATION}' and email = 'ola@example.no'`,
      ),
    ).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from public.participants as p join public.leads as l on l.id = p.lead_id
         where p.email = 'ola@example.no' and l.email = 'ola@example.no'`,
      ),
    ).toBe(1);
  });
});
