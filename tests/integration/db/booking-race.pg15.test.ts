/**
 * public.book_booking under concurrency on a real PostgreSQL 15 server (docs/booking.md «No double
 * booking»): bootstrap + supabase/migrations on a throwaway server, then 64 visitors at once, each as
 * the booking edge function asks for them (the service role, the visitor's own address). 64 visitors
 * for one one-to-one slot: exactly 1 booking, 63 meet booking-slot-taken (the exclusion constraint);
 * 64 visitors for a course's slot with 3 seats: exactly 3 bookings (the seat lock and count).
 */
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsServiceRole, countOf } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the booking concurrency tests: ${unavailable}.`);

const RACERS = 64;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000072';
const SOLUTION = '0000000c-0000-4000-8000-000000000072';
const BEFARING = '0000000d-0000-4000-8000-000000000001';
const COURSE = '0000000d-0000-4000-8000-000000000002';
const KARI = '0000000e-0000-4000-8000-000000000001';
const START = '2030-01-08 10:00 Europe/Oslo';

// A published booking solution of Fjord Rør AS: a one-to-one befaring and a course with 3 seats, both
// given by Kari.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000072', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000072');
insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at)
values ('${SOLUTION}', '${ORGANIZATION}', 'booking', 'Befaring', 'Jeg godtar vilkårene.', now() - interval '1 day');
insert into public.booking_solutions (id, organization_id) values ('${SOLUTION}', '${ORGANIZATION}');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, buffer_after_minutes, seats) values
  ('${BEFARING}', '${SOLUTION}', '${ORGANIZATION}', 'Befaring', 60, 30, 1),
  ('${COURSE}', '${SOLUTION}', '${ORGANIZATION}', 'Kurs', 60, 0, 3);
insert into public.booking_staff (id, solution_id, organization_id, name) values ('${KARI}', '${SOLUTION}', '${ORGANIZATION}', 'Kari');
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('${KARI}', '${BEFARING}', '${SOLUTION}', '${ORGANIZATION}'), ('${KARI}', '${COURSE}', '${SOLUTION}', '${ORGANIZATION}');
`;

/** Visitor n's booking of `service` at `start` with Kari, as the booking function asks for it. */
function book(pool: MigratedPostgres15['pool'], n: number, service: string, start: string) {
  return callAsServiceRole(
    pool,
    `select public.book_booking('${SOLUTION}', '${service}', '${KARI}', '${start}', ` +
      `'10.1.${Math.floor(n / 250)}.${n % 250}', now() - interval '1 minute', '', 'besokende${n}@example.no', ` +
      `'Besøkende ${n}', null, true) #>> '{booking,id}' as outcome`,
    n,
  );
}

describe.skipIf(unavailable)('book_booking under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  const count = (sql: string) => countOf(database!.pool, sql);

  beforeAll(async () => {
    database = await startMigratedPostgres15([SEED_SQL], RACERS);
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('64 visitors race for one one-to-one slot: exactly 1 booking, the constraint refuses the rest', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => book(database!.pool, i + 1, BEFARING, START),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.code === 'booking-slot-taken')).toHaveLength(RACERS - 1);
    expect(
      await count(
        `select count(*)::int as n from public.bookings where service_id = '${BEFARING}' and status = 'confirmed'`,
      ),
    ).toBe(1);
  });

  it("64 visitors race for a course's 3 seats: exactly 3 bookings", async () => {
    const start = '2030-01-09 10:00 Europe/Oslo';
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => book(database!.pool, RACERS + i + 1, COURSE, start),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'booking-slot-taken')).toHaveLength(RACERS - 3);
    expect(
      await count(
        `select count(*)::int as n from public.bookings where service_id = '${COURSE}' and status = 'confirmed'`,
      ),
    ).toBe(3);
  });
});
