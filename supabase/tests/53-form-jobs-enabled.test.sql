-- The forms' jobs as the runner has them (supabase/migrations/20261128210000_form_jobs_enabled.sql):
-- campaign-jobs calls form-confirmations every minute and form-digests every quarter of an hour, and
-- the digest's list of responses (form_digest_responses) is the service role's alone.
begin;

select plan(7);

select results_eq(
  $$ select name, schedule, function_name, body, enabled from private.scheduled_jobs
     where name like 'form-%' order by name $$,
  $$ values ('form-confirmations', '* * * * *', 'campaign-jobs', '{}'::jsonb, true),
            ('form-digests', '*/15 * * * *', 'campaign-jobs', '{}'::jsonb, true),
            ('form-notifications', '*/5 * * * *', 'campaign-jobs', '{}'::jsonb, true) $$,
  'the three form jobs run through campaign-jobs: confirmations every minute, notices every five, digests every fifteen'
);

-- Fixtures (as postgres): a daily-digest form with three responses, one without a person.
select tests.seed_calendar_cast();
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', 'form', 'Tilbudsforespørsel', now(), 'OK');
insert into public.forms (id, organization_id, notify_mode) values
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', 'daily');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000004e1', '00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', '{"title": "tilbud"}', now());
insert into public.participants (id, organization_id, email, name) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'eli@example.com', 'Eli Fjell'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'per@example.com', null);
insert into public.forms_responses (id, form_id, organization_id, version_id, participant_id, answers, submitted_at) values
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a',
   '00000000-0000-4000-8000-0000000004e1', '00000000-0000-4000-8000-0000000000c1', '{}', '2026-11-23 21:15 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a',
   '00000000-0000-4000-8000-0000000004e1', null, '{}', '2026-11-23 07:40 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000000d3', '00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a',
   '00000000-0000-4000-8000-0000000004e1', '00000000-0000-4000-8000-0000000000c2', '{}', '2026-11-23 12:00 Europe/Oslo');

select tests.authenticate_as_service_role();
select results_eq(
  $$ select response_id, submitted_at, name, email from public.form_digest_responses(array[
       '00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d2',
       '00000000-0000-4000-8000-0000000000d3']::uuid[], 10) $$,
  $$ values ('00000000-0000-4000-8000-0000000000d2'::uuid, '2026-11-23 07:40 Europe/Oslo'::timestamptz, null::text, null::text),
            ('00000000-0000-4000-8000-0000000000d3'::uuid, '2026-11-23 12:00 Europe/Oslo'::timestamptz, null::text, 'per@example.com'::text),
            ('00000000-0000-4000-8000-0000000000d1'::uuid, '2026-11-23 21:15 Europe/Oslo'::timestamptz, 'Eli Fjell'::text, 'eli@example.com'::text) $$,
  'service role: the digest''s responses in the order they came, with the person when there is one'
);
select results_eq(
  $$ select response_id from public.form_digest_responses(array[
       '00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000d2',
       '00000000-0000-4000-8000-0000000000d3']::uuid[], 2) $$,
  $$ values ('00000000-0000-4000-8000-0000000000d2'::uuid), ('00000000-0000-4000-8000-0000000000d3'::uuid) $$,
  'service role: only the first input_limit of them'
);
select is(
  (select count(*)::integer from public.form_digest_responses(array['00000000-0000-4000-8000-0000000000d1']::uuid[])),
  1, 'service role: only the ids asked for'
);
reset role;

select tests.authenticate_as('owner');
select throws_ok(
  $$ select * from public.form_digest_responses(array['00000000-0000-4000-8000-0000000000d1']::uuid[]) $$,
  '42501', null, 'owner: cannot call the job''s list'
);
reset role;
set local role anon;
select throws_ok(
  $$ select * from public.form_digest_responses(array['00000000-0000-4000-8000-0000000000d1']::uuid[]) $$,
  '42501', null, 'anon: cannot call the job''s list'
);
reset role;

select is(
  (select digest_sent_on from public.forms where id = '00000000-0000-4000-8000-0000000000f4'),
  null, 'reading the list claims nothing'
);

select * from finish();
rollback;
