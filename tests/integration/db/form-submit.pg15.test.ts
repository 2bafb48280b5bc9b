/**
 * public.submit_form_response under concurrency on a real PostgreSQL 15 server (docs/forms.md
 * «Database»): bootstrap + supabase/migrations on a throwaway server, then many submissions at once,
 * each as the submit-form edge function makes it (the service role, one edge address in
 * X-Forwarded-For, the visitor's own address as an argument — so the per-address limit counts
 * visitors, not the function). 64 visitors racing for a quota option's last 3 places: exactly 3 are
 * stored, 61 meet form-quota-full; the same for the form's last 3 responses (form-full); one address
 * 64 ways at once under one_per_email: one response, every reply alike.
 */
import type pg from 'pg';
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsServiceRole, countOf, type AnonOutcome } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the form submission concurrency tests: ${unavailable}.`);

const RACERS = 64;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000001';
const QUOTA_FORM = '0000000f-0000-4000-8000-000000000001';
const CAPPED_FORM = '0000000f-0000-4000-8000-000000000002';
const ONCE_FORM = '0000000f-0000-4000-8000-000000000003';
const version = (form: string) => form.replace(/^0000000f/, '0000000e');

// Three published forms of Fjord Rør AS: a quota option (Mandag, 5 places) of which 2 are taken, a
// form capped at 10 responses with 7 stored, and a form taking one response per e-mail, where Kari
// is registered already (so nothing but the form's lock orders her submissions).
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000001');
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('${QUOTA_FORM}', '${ORGANIZATION}', 'form', 'Befaring', now(), 'Jeg godtar vilkårene.'),
  ('${CAPPED_FORM}', '${ORGANIZATION}', 'form', 'Kurs', now(), 'Jeg godtar vilkårene.'),
  ('${ONCE_FORM}', '${ORGANIZATION}', 'form', 'Tilbudsforespørsel', now(), 'Jeg godtar vilkårene.');
insert into public.forms (id, organization_id, max_responses, one_per_email) values
  ('${QUOTA_FORM}', '${ORGANIZATION}', null, false),
  ('${CAPPED_FORM}', '${ORGANIZATION}', 10, false),
  ('${ONCE_FORM}', '${ORGANIZATION}', null, true);
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('${version(QUOTA_FORM)}', '${QUOTA_FORM}', '${ORGANIZATION}', '{}', now()),
  ('${version(CAPPED_FORM)}', '${CAPPED_FORM}', '${ORGANIZATION}', '{}', now()),
  ('${version(ONCE_FORM)}', '${ONCE_FORM}', '${ORGANIZATION}', '{}', now());
insert into public.forms_quotas (id, form_id, organization_id, block_id, option_id, cap)
values ('0000000d-0000-4000-8000-000000000001', '${QUOTA_FORM}', '${ORGANIZATION}', 'dag', 'mandag', 5);
with taken as (
  insert into public.forms_responses (form_id, organization_id, version_id, answers)
  select '${QUOTA_FORM}', '${ORGANIZATION}', '${version(QUOTA_FORM)}', '{}' from generate_series(1, 2)
  returning id
)
insert into public.forms_response_quotas (response_id, quota_id) select id, '0000000d-0000-4000-8000-000000000001' from taken;
insert into public.forms_responses (form_id, organization_id, version_id, answers)
select '${CAPPED_FORM}', '${ORGANIZATION}', '${version(CAPPED_FORM)}', '{}' from generate_series(1, 7);
insert into public.participants (id, organization_id, email)
values ('0000000c-0000-4000-8000-000000000001', '${ORGANIZATION}', 'kari@example.no');
insert into public.campaign_registrations (campaign_id, participant_id, organization_id)
values ('${ONCE_FORM}', '0000000c-0000-4000-8000-000000000001', '${ORGANIZATION}');
`;

/** One submission of `form` as the edge function makes it for the visitor number n. */
function submit(pool: pg.Pool, form: string, n: number, extra = ''): Promise<AnonOutcome> {
  return callAsServiceRole(
    pool,
    `select coalesce(public.submit_form_response(input_form_id => '${form}', input_version_id => '${version(form)}', ` +
      `input_answers => '{}', input_client_ip => '198.51.100.${n % 250}', input_form_shown_at => now() - interval '10 seconds'` +
      `${extra}) ->> 'response_id', 'not stored') as outcome`,
    // One edge function's address for every call.
    0,
  );
}

describe.skipIf(unavailable)('submit_form_response under concurrency (PostgreSQL 15)', () => {
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

  it("64 visitors race for a quota option's last 3 places: exactly 3 stored, 61 meet form-quota-full", async () => {
    const choice = `, input_quota_choices => '[{"block_id": "dag", "option_id": "mandag"}]'`;
    const tasks = Array.from({ length: RACERS }, (_, i) => () => submit(pool, QUOTA_FORM, i, choice));
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'form-quota-full')).toHaveLength(RACERS - 3);
    expect(
      await count(`select count(*)::int as n from public.forms_response_quotas
        where quota_id = '0000000d-0000-4000-8000-000000000001'`),
    ).toBe(5);
    expect(
      await count(`select count(*)::int as n from public.forms_responses where form_id = '${QUOTA_FORM}'`),
    ).toBe(5);
  });

  it("64 visitors race for a form's last 3 responses: exactly 3 stored, 61 meet form-full", async () => {
    const tasks = Array.from({ length: RACERS }, (_, i) => () => submit(pool, CAPPED_FORM, i));
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'form-full')).toHaveLength(RACERS - 3);
    expect(
      await count(`select count(*)::int as n from public.forms_responses where form_id = '${CAPPED_FORM}'`),
    ).toBe(10);
  });

  it('one address 64 ways at once under one_per_email: one response, and no reply fails', async () => {
    const person = `, input_email => 'kari@example.no', input_consent => true`;
    const tasks = Array.from({ length: RACERS }, (_, i) => () => submit(pool, ONCE_FORM, i, person));
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes.filter((o) => o.outcome === 'not stored')).toHaveLength(RACERS - 1);
    expect(
      await count(`select count(*)::int as n from public.forms_responses where form_id = '${ONCE_FORM}'`),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from public.leads where email = 'kari@example.no'`)).toBe(
      1,
    );
  });
});
