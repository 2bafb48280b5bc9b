/**
 * public.finalize_meeting_poll and public.book_room under concurrency on a real PostgreSQL 15 server
 * (docs/meetings.md «The rules»): bootstrap + supabase/migrations on a throwaway server, then many
 * organizers at once, each as PostgREST calls the function for a signed-in member. 64 polls proposing
 * the same room and time, finalized at once: exactly one books the room, 63 meet meeting-room-taken
 * and stay open. Then 64 direct bookings of one slot: exactly one.
 */
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsUser, countOf } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the meeting finalize concurrency tests: ${unavailable}.`);

const RACERS = 64;
const OWNER = '0000000a-0000-4000-8000-000000000001';
const ORGANIZATION = '0000000b-0000-4000-8000-000000000001';
const ROOM = '0000000c-0000-4000-8000-000000000001';
const poll = (n: number) => `0000000d-0000-4000-8000-${String(n).padStart(12, '0')}`;
const option = (n: number) => `0000000e-0000-4000-8000-${String(n).padStart(12, '0')}`;

// Fjord Rør AS with its owner, the room Fjorden (8 seats, open Monday 08–17) and 64 open polls of the
// owner's, each with one candidate time in Fjorden: Monday 7 January 2030, 10:00–11:00 Oslo time.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '${OWNER}', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id) values ('${ORGANIZATION}', 'Fjord Rør AS', '${OWNER}');
insert into public.meeting_rooms (id, organization_id, name, capacity) values ('${ROOM}', '${ORGANIZATION}', 'Fjorden', 8);
insert into public.meeting_polls (id, organization_id, title, duration_minutes, created_by)
select ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORGANIZATION}', 'Møte ' || n, 60, '${OWNER}'
from generate_series(1, ${RACERS}) as n;
insert into public.meeting_poll_options (id, poll_id, organization_id, starts_at, ends_at, room_id)
select ('0000000e-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
  '${ORGANIZATION}', '2030-01-07 10:00 Europe/Oslo', '2030-01-07 11:00 Europe/Oslo', '${ROOM}'
from generate_series(1, ${RACERS}) as n;
insert into public.meeting_poll_invitees (poll_id, organization_id, member_id)
select ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORGANIZATION}', '${OWNER}'
from generate_series(1, ${RACERS}) as n;
`;

describe.skipIf(unavailable)('meeting rooms under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  const count = (sql: string) => countOf(database!.pool, sql);

  beforeAll(async () => {
    database = await startMigratedPostgres15([SEED_SQL], RACERS);
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('64 polls finalizing the same room and time at once: exactly one books it', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () =>
        callAsUser(
          database!.pool,
          OWNER,
          `select public.finalize_meeting_poll('${poll(i + 1)}', '${option(i + 1)}') as outcome`,
          i,
        ),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === 'meeting-room-taken')).toHaveLength(RACERS - 1);
    expect(
      await count(`select count(*)::int as n from public.meeting_room_bookings where room_id = '${ROOM}'`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from public.meeting_polls where status = 'open'`)).toBe(
      RACERS - 1,
    );
    expect(await count(`select count(*)::int as n from public.meetings`)).toBe(1);
  });

  it('64 direct bookings of one free slot at once: exactly one', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () =>
        callAsUser(
          database!.pool,
          OWNER,
          `select public.book_room('${ROOM}', '2030-01-07 12:00 Europe/Oslo', '2030-01-07 13:00 Europe/Oslo', 'Direkte') as outcome`,
          i,
        ),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === 'meeting-room-taken')).toHaveLength(RACERS - 1);
    expect(
      await count(
        `select count(*)::int as n from public.meeting_room_bookings where during && tstzrange('2030-01-07 12:00 Europe/Oslo', '2030-01-07 13:00 Europe/Oslo')`,
      ),
    ).toBe(1);
  });
});
