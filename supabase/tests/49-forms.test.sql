-- Forms (supabase/migrations/20261128170000_forms.sql, docs/forms.md «Database»): row-level security
-- per table × operation × identity (anon, member and owner of Fjord Rør AS, Nordlys Bygg AS's owner,
-- service role), versions (one draft, published ones frozen, numbering), the organizer's functions,
-- the public read (only the latest published version of a published, not archived form), the
-- submission (the service role only: open, version, caps, quotas, one per e-mail, the person through
-- the engine, the visitor's address for the limit, files), drop-off sessions, results and the jobs'
-- claims. The quota race is tests/integration/db/form-submit.pg15.test.ts.
begin;

select plan(165);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.seed_calendar_cast();
-- Wednesday 10 June 2026, 12:00 in Oslo.
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'form', 'Kontakt oss', now(), 'Jeg godtar vilkårene.', 'Ja takk, send meg tilbud.'),
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000000a', 'form', 'Utkast', null, null, null),
  ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', 'form', 'Arkivert', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', 'form', 'Tilbudsforespørsel', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000000b', 'form', 'Nordlys-skjema', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-00000000000a', 'form', 'Påmelding', now(), 'OK', null);
insert into public.forms (id, organization_id, confirmation_email, notify_mode, one_per_email, archived_at, max_responses, closed_message) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', true, 'each', false, null, null, null),
  ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000000a', false, 'each', false, null, null, null),
  ('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', false, 'each', false, now(), null, null),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', false, 'daily', true, null, null, null),
  ('00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000000b', false, 'each', false, null, null, null),
  ('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-00000000000a', false, 'each', false, null, 2, 'Påmeldingen er full.');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000001e1', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '{"title": "v1"}', now()),
  ('00000000-0000-4000-8000-0000000001e2', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '{"title": "v2"}', null),
  ('00000000-0000-4000-8000-0000000002e1', '00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000000a', '{"title": "utkast"}', null),
  ('00000000-0000-4000-8000-0000000003e1', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', '{"title": "arkivert"}', now()),
  ('00000000-0000-4000-8000-0000000004e1', '00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', '{"title": "tilbud"}', now()),
  ('00000000-0000-4000-8000-0000000005e1', '00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000000b', '{"title": "nordlys"}', now()),
  ('00000000-0000-4000-8000-0000000006e1', '00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-00000000000a', '{"title": "påmelding"}', now());
insert into public.forms_quotas (id, form_id, organization_id, block_id, option_id, cap) values
  ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'dag', 'mandag', 2),
  ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'dag', 'tirsdag', 0),
  ('00000000-0000-4000-8000-0000000000a5', '00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000000b', 'dag', 'mandag', 5);
insert into public.forms_notify (form_id, organization_id, member_id) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member')),
  ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('owner'));

select is(
  (select array_agg(version order by version) from public.forms_versions where form_id = '00000000-0000-4000-8000-0000000000f1'),
  array[1, 2], 'versions are numbered per form from 1'
);

-- ============================================================================================
-- Row-level security
-- ============================================================================================

select tests.rls_enabled('public', 'forms');
select tests.rls_enabled('public', 'forms_versions');
select tests.rls_enabled('public', 'forms_quotas');
select tests.rls_enabled('public', 'forms_notify');
select tests.rls_enabled('public', 'forms_responses');
select tests.rls_enabled('public', 'forms_response_quotas');
select tests.rls_enabled('public', 'forms_sessions');

-- Anon: nothing but the public functions.
select tests.clear_authentication();
select throws_ok($$ select * from public.forms $$, '42501', null, 'anon: cannot read forms');
select throws_ok($$ select * from public.forms_versions $$, '42501', null, 'anon: cannot read versions (drafts)');
select throws_ok($$ select * from public.forms_quotas $$, '42501', null, 'anon: cannot read quotas');
select throws_ok($$ select * from public.forms_notify $$, '42501', null, 'anon: cannot read who is told');
select throws_ok($$ select * from public.forms_responses $$, '42501', null, 'anon: cannot read responses');
select throws_ok($$ select * from public.forms_response_quotas $$, '42501', null, 'anon: cannot read quota uses');
select throws_ok($$ select * from public.forms_sessions $$, '42501', null, 'anon: cannot read sessions');
select throws_ok(
  $$ insert into public.forms_responses (form_id, organization_id, version_id, answers) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000001e1', '{}') $$,
  '42501', null, 'anon: cannot write a response directly'
);
select throws_ok(
  $$ insert into public.forms_sessions (form_id, session_id, organization_id) values ('00000000-0000-4000-8000-0000000000f1', gen_random_uuid(), '00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'anon: cannot write a session directly'
);
select throws_ok(
  $$ update public.forms_versions set definition = '{}' where id = '00000000-0000-4000-8000-0000000001e2' $$, '42501', null, 'anon: cannot write versions'
);
select throws_ok($$ select public.create_form('00000000-0000-4000-8000-00000000000a', 'X') $$, '42501', null, 'anon: cannot create a form');
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', '192.0.2.1', now() - interval '10 seconds') $$,
  '42501', null, 'anon: cannot call submit_form_response (only the edge function, as the service role)'
);
select throws_ok($$ select * from public.form_summaries('00000000-0000-4000-8000-00000000000a') $$, '42501', null, 'anon: cannot read the summaries');
select throws_ok($$ select * from public.claim_form_confirmations() $$, '42501', null, 'anon: cannot claim confirmations');

-- A member of the organization.
select tests.authenticate_as('member');
select is((select count(*)::int from public.forms), 5, 'member: reads the organization''s forms, not another''s');
select is((select count(*)::int from public.forms_versions), 6, 'member: reads every version of the organization''s forms, drafts too');
select is((select count(*)::int from public.forms_quotas), 2, 'member: reads the organization''s quotas');
select is((select count(*)::int from public.forms_notify), 2, 'member: reads who is told');
select is(
  (select definition from public.forms_versions where id = '00000000-0000-4000-8000-0000000001e2'), '{"title": "v2"}'::jsonb,
  'member: reads a draft'
);
select results_eq(
  $$ update public.forms_versions set definition = '{"title": "v2b"}' where id = '00000000-0000-4000-8000-0000000001e2' returning definition $$,
  $$ values ('{"title": "v2b"}'::jsonb) $$, 'member: edits the draft'
);
select is_empty(
  $$ update public.forms_versions set definition = '{"title": "endret"}' where id = '00000000-0000-4000-8000-0000000001e1' returning id $$,
  'member: a published version is out of reach of an update'
);
select throws_ok(
  $$ update public.forms_versions set published_at = now() where id = '00000000-0000-4000-8000-0000000001e2' $$, '42501', null,
  'member: cannot publish by writing published_at'
);
select throws_ok(
  $$ insert into public.forms_versions (form_id, organization_id, definition) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '{}') $$,
  '23505', null, 'member: a second draft of a form is refused'
);
select throws_ok(
  $$ insert into public.forms_versions (form_id, organization_id, definition, published_at) values ('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-00000000000a', '{}', now()) $$,
  '42501', null, 'member: cannot insert a published version'
);
select is_empty(
  $$ delete from public.forms_versions where id = '00000000-0000-4000-8000-0000000001e1' returning id $$, 'member: cannot delete a published version'
);
select throws_ok(
  $$ update public.forms_versions set definition = '[1, 2]' where id = '00000000-0000-4000-8000-0000000001e2' $$, '23514', null,
  'member: a definition that is not an object is refused'
);
select lives_ok(
  $$ insert into public.forms_quotas (form_id, organization_id, block_id, option_id, cap) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'dag', 'onsdag', 5) $$,
  'member: adds a quota'
);
select results_eq(
  $$ update public.forms_quotas set cap = 3 where form_id = '00000000-0000-4000-8000-0000000000f1' and option_id = 'onsdag' returning cap $$,
  $$ values (3) $$, 'member: changes a quota''s cap'
);
select results_eq(
  $$ delete from public.forms_quotas where form_id = '00000000-0000-4000-8000-0000000000f1' and option_id = 'onsdag' returning option_id $$,
  $$ values ('onsdag') $$, 'member: deletes a quota'
);
select throws_ok(
  $$ insert into public.forms_quotas (form_id, organization_id, block_id, option_id, cap) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'dag', 'ugyldig id!', 5) $$,
  '23514', null, 'member: a quota''s ids are the definition''s kind of id'
);
select throws_ok(
  $$ insert into public.forms_notify (form_id, organization_id, member_id) values ('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('other')) $$,
  '23503', null, 'member: only a member of the organization can be told'
);
select results_eq(
  $$ update public.forms set closed_message = 'Stengt.', max_responses = 100 where id = '00000000-0000-4000-8000-0000000000f2' returning closed_message $$,
  $$ values ('Stengt.') $$, 'member: changes a form''s settings'
);
select throws_ok($$ update public.forms set digest_sent_on = null where id = '00000000-0000-4000-8000-0000000000f2' $$, '42501', null,
  'member: cannot write the jobs'' marks');
select throws_ok(
  $$ insert into public.forms_responses (form_id, organization_id, version_id, answers) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000001e1', '{}') $$,
  '42501', null, 'member: cannot write a response'
);
select throws_ok($$ update public.forms_responses set score = 1 $$, '42501', null, 'member: cannot change a response');
select throws_ok($$ delete from public.forms_responses $$, '42501', null, 'member: cannot delete a response');
select throws_ok($$ delete from public.forms_sessions $$, '42501', null, 'member: cannot delete a session');
select is_empty($$ delete from public.forms where id = '00000000-0000-4000-8000-0000000000f2' returning id $$, 'member: cannot delete a form (owners and admins can)');
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', '192.0.2.1', now() - interval '10 seconds') $$,
  '42501', null, 'member: cannot call submit_form_response'
);
select throws_ok($$ select * from public.claim_form_notifications() $$, '42501', null, 'member: cannot claim notifications');

-- Another organization's owner.
select tests.authenticate_as('other');
select is((select count(*)::int from public.forms), 1, 'other: reads only its own form');
select is((select count(*)::int from public.forms_versions), 1, 'other: reads only its own form''s versions');
select is((select count(*)::int from public.forms_quotas), 1, 'other: reads only its own quotas');
select is((select count(*)::int from public.forms_notify), 0, 'other: reads nobody told of Fjord Rør''s forms');
select is_empty($$ update public.forms set closed_message = 'x' where id = '00000000-0000-4000-8000-0000000000f1' returning id $$, 'other: cannot change Fjord Rør''s form');
select is_empty($$ update public.forms_versions set definition = '{}' where id = '00000000-0000-4000-8000-0000000001e2' returning id $$, 'other: cannot change Fjord Rør''s draft');
select throws_ok(
  $$ insert into public.forms_versions (form_id, organization_id, definition) values ('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000000a', '{}') $$,
  '42501', null, 'other: cannot add a version to Fjord Rør''s form'
);
select is_empty($$ delete from public.forms where id = '00000000-0000-4000-8000-0000000000f2' returning id $$, 'other: cannot delete Fjord Rør''s form');
select throws_ok($$ select public.save_form_draft('00000000-0000-4000-8000-0000000000f1', '{}') $$, 'PT404', 'form-not-found', 'other: cannot save Fjord Rør''s draft');
select throws_ok($$ select public.publish_form_version('00000000-0000-4000-8000-0000000000f1') $$, 'PT404', 'form-not-found', 'other: cannot publish Fjord Rør''s form');
select throws_ok($$ select public.duplicate_form('00000000-0000-4000-8000-0000000000f1') $$, 'PT404', 'form-not-found', 'other: cannot copy Fjord Rør''s form');
select throws_ok($$ select public.form_dropoff('00000000-0000-4000-8000-0000000000f1') $$, 'PT404', 'form-not-found', 'other: cannot read Fjord Rør''s drop-off');
select is_empty($$ select * from public.form_summaries('00000000-0000-4000-8000-00000000000a') $$, 'other: no summaries of Fjord Rør''s forms');
select is_empty($$ select * from public.form_export_rows('00000000-0000-4000-8000-0000000000f1') $$, 'other: no export of Fjord Rør''s responses');
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f5'), 'open', 'other: its own form''s status');

-- The service role: published versions stay frozen for it too.
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.forms), 6, 'service role: reads every form');
select throws_ok(
  $$ update public.forms_versions set definition = '{"title": "endret"}' where id = '00000000-0000-4000-8000-0000000001e1' $$,
  'P0001', 'form-version-published', 'service role: a published version cannot change'
);
select throws_ok(
  $$ update public.forms_versions set published_at = null where id = '00000000-0000-4000-8000-0000000001e1' $$,
  'P0001', 'form-version-published', 'service role: a published version cannot be unpublished'
);
reset role;
select throws_ok(
  $$ update public.forms_versions set definition = '{"title": "endret"}' where id = '00000000-0000-4000-8000-0000000001e1' $$,
  'P0001', 'form-version-published', 'the owner of the tables: a published version cannot change'
);

-- ============================================================================================
-- The organizer: create, save, publish, duplicate, status
-- ============================================================================================

select tests.authenticate_as('member');
select public.create_form('00000000-0000-4000-8000-00000000000a', '  Nyhetsbrev  ', '{"title": "ny"}') as new_form \gset
select results_eq(
  format($$ select k.kind, k.name, k.published_at is null, v.version, v.definition, v.published_at is null
            from public.campaigns as k join public.forms_versions as v on v.form_id = k.id where k.id = %L $$, :'new_form'),
  $$ values ('form', 'Nyhetsbrev', true, 1, '{"title": "ny"}'::jsonb, true) $$,
  'create_form: the campaign (kind form, the name trimmed), the form and its first draft in one go'
);
select is(
  (select public.form_status(f) from public.forms as f where f.id = :'new_form'), 'draft', 'a new form is a draft'
);
select throws_ok(
  $$ select public.create_form('00000000-0000-4000-8000-00000000000b', 'Fremmed') $$, '42501', null, 'create_form: not for another organization'
);
select throws_ok(
  $$ select public.create_form('00000000-0000-4000-8000-00000000000a', 'Stor', jsonb_build_object('x', repeat('a', 262144))) $$,
  'P0001', 'form-definition-invalid', 'create_form: a definition over 256 KiB is refused'
);
select is(
  public.save_form_draft(:'new_form', '{"title": "ny 2"}'),
  (select id from public.forms_versions where form_id = :'new_form'),
  'save_form_draft: writes into the existing draft'
);
select throws_ok(
  format($$ select public.publish_form_version(%L) $$, :'new_form'), 'P0001', 'form-consent-required',
  'publish_form_version: the consent text comes first'
);
update public.campaigns set consent_text = 'Jeg godtar.' where id = :'new_form';
select is(
  public.publish_form_version(:'new_form'), (select id from public.forms_versions where form_id = :'new_form'),
  'publish_form_version: publishes the draft'
);
select results_eq(
  format($$ select k.published_at is not null, public.form_status(f) from public.forms as f join public.campaigns as k on k.id = f.id where f.id = %L $$, :'new_form'),
  $$ values (true, 'open') $$, 'publish_form_version: the campaign is published and the form open'
);
select throws_ok(
  format($$ select public.publish_form_version(%L) $$, :'new_form'), 'P0001', 'form-no-draft',
  'publish_form_version: nothing to publish without a draft'
);
select isnt(
  public.save_form_draft(:'new_form', '{"title": "ny 3"}'),
  (select id from public.forms_versions where form_id = :'new_form' and version = 1),
  'save_form_draft: after a publication the next save starts a new draft'
);
select results_eq(
  format($$ select version, definition, published_at is null from public.forms_versions where form_id = %L order by version $$, :'new_form'),
  $$ values (1, '{"title": "ny 2"}'::jsonb, false), (2, '{"title": "ny 3"}'::jsonb, true) $$,
  'the published version is unchanged beside the new draft'
);
select throws_ok(
  format($$ select public.save_form_draft(%L, '"tekst"') $$, :'new_form'), 'P0001', 'form-definition-invalid',
  'save_form_draft: a definition that is not an object is refused'
);

select public.duplicate_form('00000000-0000-4000-8000-0000000000f1') as copy_id \gset
select results_eq(
  format($$ select k.name, k.published_at is null, k.consent_text, f.confirmation_email, f.notify_mode
            from public.forms as f join public.campaigns as k on k.id = f.id where f.id = %L $$, :'copy_id'),
  $$ values ('Kontakt oss (kopi)', true, 'Jeg godtar vilkårene.', true, 'each') $$,
  'duplicate_form: a draft copy with the texts and settings'
);
select results_eq(
  format($$ select version, definition, published_at is null from public.forms_versions where form_id = %L $$, :'copy_id'),
  $$ values (1, '{"title": "v2b"}'::jsonb, true) $$, 'duplicate_form: the draft''s definition as version 1'
);
select results_eq(
  format($$ select block_id, option_id, cap from public.forms_quotas where form_id = %L order by option_id $$, :'copy_id'),
  $$ values ('dag', 'mandag', 2), ('dag', 'tirsdag', 0) $$, 'duplicate_form: the quotas come along'
);
select is(
  (select count(*)::int from public.forms_notify where form_id = :'copy_id'), 1, 'duplicate_form: who is told comes along'
);

select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f1'), 'open', 'status: open');
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f2'), 'draft', 'status: draft');
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f3'), 'archived', 'status: archived');
update public.forms set opens_at = '2026-06-11 08:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000000f2';
update public.campaigns set published_at = now(), consent_text = 'OK' where id = '00000000-0000-4000-8000-0000000000f2';
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f2'), 'scheduled', 'status: scheduled before opens_at');
update public.forms set opens_at = null, closes_at = '2026-06-10 12:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000000f2';
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f2'), 'closed', 'status: closed from closes_at');
update public.forms set closes_at = null where id = '00000000-0000-4000-8000-0000000000f2';
update public.campaigns set published_at = null, consent_text = null where id = '00000000-0000-4000-8000-0000000000f2';
select tests.authenticate_as('other');
select is((select public.form_status(f) from public.forms as f where f.id = '00000000-0000-4000-8000-0000000000f1'), null, 'status: nothing of another organization''s form');

-- ============================================================================================
-- The public read: the latest published version of a published, not archived form
-- ============================================================================================

select tests.clear_authentication();
select results_eq(
  $$ select (r ->> 'version_id')::uuid, r -> 'definition', r ->> 'status', r ->> 'name', r ->> 'organization_name',
            r ->> 'consent_text', r ->> 'closed_message'
     from public.form_public('00000000-0000-4000-8000-0000000000f1') as r $$,
  $$ values ('00000000-0000-4000-8000-0000000001e1'::uuid, '{"title": "v1"}'::jsonb, 'open', 'Kontakt oss', 'Fjord Rør AS', 'Jeg godtar vilkårene.', null::text) $$,
  'anon: the published version, never the draft beside it'
);
select is(
  (select r -> 'quotas' from public.form_public('00000000-0000-4000-8000-0000000000f1') as r),
  '[{"block_id": "dag", "option_id": "mandag", "remaining": 2}, {"block_id": "dag", "option_id": "tirsdag", "remaining": 0}]'::jsonb,
  'anon: each quota''s remaining places'
);
select throws_ok($$ select public.form_public('00000000-0000-4000-8000-0000000000f2') $$, 'PT404', 'form-not-found', 'anon: a draft form is not found');
select throws_ok($$ select public.form_public('00000000-0000-4000-8000-0000000000f3') $$, 'PT404', 'form-not-found', 'anon: an archived form is not found');
select throws_ok($$ select public.form_public(gen_random_uuid()) $$, 'PT404', 'form-not-found', 'anon: an unknown form is not found');
select is(
  (select r ->> 'version' from public.form_public(:'new_form') as r), '1', 'anon: a form''s new draft stays unseen'
);

-- ============================================================================================
-- Drop-off sessions (anon)
-- ============================================================================================

select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b1', 'side-1', 'navn');
select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b1', 'side-1', 'navn');
select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b1', 'side-2', 'dag');
select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b1', 'side-1');
select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b2', 'side-1', 'navn');
reset role;
select results_eq(
  $$ select pages, blocks, last_page_id, last_block_id, version_id, completed_at is null from public.forms_sessions where session_id = '00000000-0000-4000-8000-0000000000b1' $$,
  $$ values (array['side-1', 'side-2'], array['navn', 'dag'], 'side-1', 'dag', '00000000-0000-4000-8000-0000000001e1'::uuid, true) $$,
  'track_form_progress: each page and question once, going back loses nothing, on the latest published version'
);
select tests.clear_authentication();
select throws_ok($$ select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000000b1', 'ikke gyldig') $$, 'P0001', 'form-invalid', 'track_form_progress: an id of the wrong shape');
select throws_ok($$ select public.track_form_progress('00000000-0000-4000-8000-0000000000f1', null, 'side-1') $$, 'P0001', 'form-invalid', 'track_form_progress: a session id is required');
select throws_ok($$ select public.track_form_progress('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000000b1', 'side-1') $$, 'PT404', 'form-not-found', 'track_form_progress: not for a draft');
select throws_ok($$ select public.track_form_progress('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000000b1', 'side-1') $$, 'PT404', 'form-not-found', 'track_form_progress: not for an archived form');

-- ============================================================================================
-- The submission (service role)
-- ============================================================================================

select tests.authenticate_as_service_role();

-- Without contact details: a response and no person.
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{"melding": "Hei"}', input_client_ip => '192.0.2.1',
  input_form_shown_at => now() - interval '10 seconds', input_ending_id => 'takk', input_score => 4,
  input_session_id => '00000000-0000-4000-8000-0000000000b1', input_started_at => '2026-06-10 11:58 Europe/Oslo', input_hidden => '{"utm_source": "facebook"}'
) as anonymous_reply \gset
select is(
  (:'anonymous_reply'::jsonb) - 'response_id', '{"ending_id": "takk", "send_confirmation": false}'::jsonb,
  'submit: the ending, and no confirmation without an address'
);
select results_eq(
  format($$ select participant_id, consent_id, answers, score, ending_id, duration_ms, hidden, submitted_at, ip_hash, confirmation_due
            from public.forms_responses where id = %L $$, (:'anonymous_reply'::jsonb) ->> 'response_id'),
  $$ values (null::uuid, null::uuid, '{"melding": "Hei"}'::jsonb, 4::numeric, 'takk', 120000::bigint, '{"utm_source": "facebook"}'::jsonb,
             '2026-06-10 12:00 Europe/Oslo'::timestamptz, encode(sha256(convert_to('192.0.2.1', 'UTF8')), 'hex'), false) $$,
  'submit: the answers, score, ending, duration, hidden fields, the clock''s time and the address''s hash'
);
select isnt(
  (select completed_at from public.forms_sessions where form_id = '00000000-0000-4000-8000-0000000000f1' and session_id = '00000000-0000-4000-8000-0000000000b1'), null,
  'submit: the visit''s session is completed'
);

-- With an e-mail: the engine's person, registration, consents and lead.
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{"melding": "Ring meg"}', input_client_ip => '192.0.2.2',
  input_form_shown_at => now() - interval '10 seconds', input_email => 'Kari@Example.com', input_name => 'Kari Nordmann',
  input_phone => '912 34 567', input_consent => true, input_marketing_consent => true,
  input_quota_choices => '[{"block_id": "dag", "option_id": "mandag"}, {"block_id": "annet", "option_id": "x"}]'
) as kari_reply \gset
select is(((:'kari_reply'::jsonb) ->> 'send_confirmation')::boolean, true, 'submit: a confirmation when the form asks and an address was given');
select results_eq(
  format($$ select p.email, p.name, p.phone, r.consent_id is not null, r.marketing_consent_id is not null, r.confirmation_due
            from public.forms_responses as r join public.participants as p on p.id = r.participant_id where r.id = %L $$,
         (:'kari_reply'::jsonb) ->> 'response_id'),
  $$ values ('kari@example.com', 'Kari Nordmann', '+4791234567', true, true, true) $$,
  'submit: the person, the consents it was made under and the confirmation due'
);
select results_eq(
  $$ select l.source::text, l.campaign_id from public.leads as l where l.email = 'kari@example.com' $$,
  $$ values ('form', '00000000-0000-4000-8000-0000000000f1'::uuid) $$, 'submit: one lead, source form, with the form as its campaign'
);
select is(
  (select count(*)::int from public.campaign_registrations as g join public.participants as p on p.id = g.participant_id
   where p.email = 'kari@example.com' and g.campaign_id = '00000000-0000-4000-8000-0000000000f1'), 1, 'submit: the person is registered in the form'
);
select is(
  (select count(*)::int from public.forms_response_quotas where response_id = ((:'kari_reply'::jsonb) ->> 'response_id')::uuid),
  1, 'submit: the quota option taken is counted; a pair that names no quota is not'
);
select throws_ok(
  $$ select public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
       input_client_ip => '192.0.2.3', input_form_shown_at => now() - interval '10 seconds', input_email => 'ola@example.com') $$,
  'P0001', 'participant-consent-required', 'submit: an e-mail without consent is refused'
);

-- Quotas: mandag has 1 place left, tirsdag none.
select lives_ok(
  $$ select public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
       input_client_ip => '192.0.2.4', input_form_shown_at => now() - interval '10 seconds',
       input_quota_choices => '[{"block_id": "dag", "option_id": "mandag"}]') $$,
  'submit: the last place of a quota is taken'
);
select throws_ok(
  $$ select public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
       input_client_ip => '192.0.2.5', input_form_shown_at => now() - interval '10 seconds',
       input_quota_choices => '[{"block_id": "dag", "option_id": "mandag"}]') $$,
  'PT409', 'form-quota-full', 'submit: a full quota option is refused'
);
select throws_ok(
  $$ select public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
       input_client_ip => '192.0.2.5', input_form_shown_at => now() - interval '10 seconds',
       input_quota_choices => '[{"block_id": "dag", "option_id": "tirsdag"}]') $$,
  'PT409', 'form-quota-full', 'submit: a quota with cap 0 takes nobody'
);
create function pg_temp.quota_detail() returns text language plpgsql as $fn$
begin
  perform public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
    input_client_ip => '192.0.2.5', input_form_shown_at => now() - interval '10 seconds',
    input_quota_choices => '[{"block_id": "dag", "option_id": "tirsdag"}]');
  return null;
exception when others then
  declare detail text;
  begin
    get stacked diagnostics detail = pg_exception_detail;
    return detail;
  end;
end;
$fn$;
reset role;
select is(
  pg_temp.quota_detail()::jsonb, '{"block_id": "dag", "option_id": "tirsdag"}'::jsonb,
  'submit: form-quota-full names the option in its detail'
);
select is(
  (select r -> 'quotas' -> 0 ->> 'remaining' from public.form_public('00000000-0000-4000-8000-0000000000f1') as r), '0', 'the public read shows the quota full'
);
select tests.authenticate_as_service_role();

-- Versions, state and input.
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e2', '{}', '192.0.2.6', now() - interval '10 seconds') $$,
  'PT409', 'form-version-outdated', 'submit: a draft version is not the published one'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-0000000002e1', '{}', '192.0.2.6', now() - interval '10 seconds') $$,
  'PT404', 'form-not-found', 'submit: not to a draft form'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-0000000003e1', '{}', '192.0.2.6', now() - interval '10 seconds') $$,
  'PT404', 'form-not-found', 'submit: not to an archived form'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', '192.0.2.6', now() - interval '10 seconds', input_honeypot => 'bot') $$,
  'P0001', 'campaign-write-refused', 'submit: the honeypot'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', '192.0.2.6', now()) $$,
  'P0001', 'campaign-write-refused', 'submit: the time trap'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', 'ikke en adresse', now() - interval '10 seconds') $$,
  'P0001', 'form-invalid', 'submit: the visitor''s address must be an address'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '[]', '192.0.2.6', now() - interval '10 seconds') $$,
  'P0001', 'form-invalid', 'submit: answers are an object'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1', '{}', '192.0.2.6', now() - interval '10 seconds', input_ending_id => 'ugyldig slutt') $$,
  'P0001', 'form-invalid', 'submit: an ending id of the wrong shape'
);
reset role;
update public.forms set opens_at = '2026-06-11 00:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000000f4';
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000004e1', '{}', '192.0.2.6', now() - interval '10 seconds') $$,
  'P0001', 'form-not-open', 'submit: not before opens_at'
);
reset role;
update public.forms set opens_at = null, closes_at = '2026-06-10 11:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000000f4';
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000004e1', '{}', '192.0.2.6', now() - interval '10 seconds') $$,
  'P0001', 'form-closed', 'submit: not from closes_at'
);
reset role;
update public.forms set closes_at = null where id = '00000000-0000-4000-8000-0000000000f4';
select tests.authenticate_as_service_role();

-- max_responses: 2.
select lives_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-0000000006e1', '{}', '192.0.2.7', now() - interval '10 seconds') $$, 'submit: the first of two'
);
select lives_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-0000000006e1', '{}', '192.0.2.7', now() - interval '10 seconds') $$, 'submit: the second of two'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f6', '00000000-0000-4000-8000-0000000006e1', '{}', '192.0.2.7', now() - interval '10 seconds') $$,
  'PT409', 'form-full', 'submit: the third is refused (max_responses)'
);
select tests.clear_authentication();
select results_eq(
  $$ select r ->> 'status', r ->> 'closed_message' from public.form_public('00000000-0000-4000-8000-0000000000f6') as r $$,
  $$ values ('closed', 'Påmeldingen er full.') $$, 'the public read: closed by the cap, with the closed message'
);
select tests.authenticate_as_service_role();

-- one_per_email: the repeat stores nothing and answers alike.
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f4', input_version_id => '00000000-0000-4000-8000-0000000004e1', input_answers => '{"a": 1}', input_client_ip => '192.0.2.8',
  input_form_shown_at => now() - interval '10 seconds', input_email => 'per@example.com', input_consent => true,
  input_ending_id => 'slutt'
) as per_first \gset
select is(
  public.submit_form_response(
    input_form_id => '00000000-0000-4000-8000-0000000000f4', input_version_id => '00000000-0000-4000-8000-0000000004e1', input_answers => '{"a": 2}', input_client_ip => '192.0.2.9',
    input_form_shown_at => now() - interval '10 seconds', input_email => 'PER@example.com', input_consent => true,
    input_ending_id => 'slutt', input_session_id => '00000000-0000-4000-8000-0000000000b3'
  ),
  '{"response_id": null, "ending_id": "slutt", "send_confirmation": false}'::jsonb,
  'submit: a repeat under one_per_email stores nothing and gives this answer''s ending'
);
select results_eq(
  $$ select answers from public.forms_responses where form_id = '00000000-0000-4000-8000-0000000000f4' $$, $$ values ('{"a": 1}'::jsonb) $$,
  'submit: the first response stays the only one'
);
select isnt(
  (select completed_at from public.forms_sessions where form_id = '00000000-0000-4000-8000-0000000000f4' and session_id = '00000000-0000-4000-8000-0000000000b3'), null,
  'submit: the repeat''s visit counts as completed'
);

-- The limit keys on the address the edge function passes: 30 a minute each.
select lives_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000004e1', '{}', '198.51.100.7', now() - interval '10 seconds') from generate_series(1, 30) $$,
  '30 from one address'
);
select throws_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000004e1', '{}', '198.51.100.7', now() - interval '10 seconds') $$,
  'PT429', 'campaign-rate-limited', 'submit: the 31st a minute from the visitor''s address is refused'
);
select lives_ok(
  $$ select public.submit_form_response('00000000-0000-4000-8000-0000000000f4', '00000000-0000-4000-8000-0000000004e1', '{}', '198.51.100.8', now() - interval '10 seconds') $$,
  'submit: another visitor''s address is not limited'
);
select tests.clear_authentication();
reset role;
select is(
  private.public_client_ip(), 'unknown', 'outside a service-role request the passed address is not used'
);

-- File answers: each upload id claimed for the response; a used one refuses the submission.
select tests.authenticate_as_service_role();
select upload_id as file_id, object_path as file_path
from public.begin_campaign_upload('00000000-0000-4000-8000-0000000000f1', 'form-answer', null, 'application/pdf', 2000) \gset
reset role;
insert into storage.objects (bucket_id, name) values ('campaign-uploads', :'file_path');
select tests.authenticate_as_service_role();
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => jsonb_build_object('vedlegg', :'file_id'::text),
  input_client_ip => '192.0.2.10', input_form_shown_at => now() - interval '10 seconds', input_upload_ids => array[:'file_id'::uuid]
) as file_reply \gset
select is(
  (select claimed_ref from public.campaign_uploads where id = :'file_id'), ((:'file_reply'::jsonb) ->> 'response_id')::uuid,
  'submit: the file answer''s upload is claimed for the response'
);
select throws_ok(
  format($$ select public.submit_form_response(input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1', input_answers => '{}',
       input_client_ip => '192.0.2.11', input_form_shown_at => now() - interval '10 seconds', input_upload_ids => array[%L::uuid]) $$, :'file_id'),
  'P0001', 'campaign-upload-invalid', 'submit: an upload already claimed refuses the response'
);

-- ============================================================================================
-- Results (members)
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select name, status, responses, sessions_started, sessions_completed, completion_rate from public.form_summaries('00000000-0000-4000-8000-00000000000a') where form_id = '00000000-0000-4000-8000-0000000000f1' $$,
  $$ values ('Kontakt oss', 'open', 4::bigint, 2::bigint, 1::bigint, 0.5::numeric) $$,
  'form_summaries: responses, sessions started and completed, completion rate'
);
select is((select count(*)::int from public.form_summaries('00000000-0000-4000-8000-00000000000a')), 7, 'form_summaries: every form of the organization');
select is(
  public.form_dropoff('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e1'),
  '{"started": 2, "completed": 1, "pages": {"side-1": 2, "side-2": 1}, "blocks": {"navn": 2, "dag": 1}}'::jsonb,
  'form_dropoff: sessions reaching each page and question'
);
select is(
  (public.form_dropoff('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-0000000001e2')) ->> 'started', '0', 'form_dropoff: per version'
);
select results_eq(
  $$ select version, email, marketing_consent, quota_options from public.form_export_rows('00000000-0000-4000-8000-0000000000f1') where email is not null $$,
  $$ values (1, 'kari@example.com', true, '[{"block_id": "dag", "option_id": "mandag"}]'::jsonb) $$,
  'form_export_rows: the person, the consent and the quota options'
);
select is((select count(*)::int from public.form_export_rows('00000000-0000-4000-8000-0000000000f1')), 4, 'form_export_rows: one row per response');
select is((select count(*)::int from public.forms_responses), 38, 'member: reads the organization''s responses');
select tests.authenticate_as('other');
select is((select count(*)::int from public.forms_responses), 0, 'other: reads none of Fjord Rør''s responses');
select is((select count(*)::int from public.forms_sessions), 0, 'other: reads none of Fjord Rør''s sessions');
select is((select count(*)::int from public.forms_response_quotas), 0, 'other: reads none of Fjord Rør''s quota uses');

-- ============================================================================================
-- Jobs (service role)
-- ============================================================================================

select tests.authenticate_as_service_role();
select results_eq(
  $$ select form_id, email, name, definition, token is not null from public.claim_form_confirmations() $$,
  $$ values ('00000000-0000-4000-8000-0000000000f1'::uuid, 'kari@example.com', 'Kari Nordmann', '{"title": "v1"}'::jsonb, true) $$,
  'claim_form_confirmations: the response due, with its version''s definition and a participation token'
);
select is_empty($$ select * from public.claim_form_confirmations() $$, 'claim_form_confirmations: claimed once');
select public.release_form_confirmation(((:'kari_reply'::jsonb) ->> 'response_id')::uuid);
select is((select count(*)::int from public.claim_form_confirmations()), 1, 'release_form_confirmation: handed back, claimed again');

select results_eq(
  $$ select form_id, recipients from public.claim_form_notifications() group by form_id, recipients $$,
  $$ values ('00000000-0000-4000-8000-0000000000f1'::uuid, array['member@example.com']) $$,
  'claim_form_notifications: the responses of notify_mode each forms, to the members chosen'
);
select is_empty($$ select * from public.claim_form_notifications() $$, 'claim_form_notifications: claimed once');
select is(
  (select count(*)::int from public.forms_responses where form_id = '00000000-0000-4000-8000-0000000000f6' and notified_at is not null), 2,
  'claim_form_notifications: a form with nobody to tell is marked without an e-mail'
);

select is_empty(
  $$ select * from public.claim_form_digests('2026-06-10 07:59 Europe/Oslo') $$, 'claim_form_digests: nothing before 08:00 Oslo'
);
select results_eq(
  $$ select form_id, recipients, on_date, responses from public.claim_form_digests('2026-06-10 12:00 Europe/Oslo') $$,
  $$ values ('00000000-0000-4000-8000-0000000000f4'::uuid, array['owner@example.com'], '2026-06-10'::date, 32::bigint) $$,
  'claim_form_digests: the day''s digest of a notify_mode daily form'
);
select is_empty(
  $$ select * from public.claim_form_digests('2026-06-10 18:00 Europe/Oslo') $$, 'claim_form_digests: once a day'
);
reset role;
select results_eq(
  $$ select name, enabled from private.scheduled_jobs where name like 'form-%' order by name $$,
  $$ values ('form-confirmations', true), ('form-digests', true), ('form-notifications', true) $$,
  'the three jobs are registered and enabled, their runners in campaign-jobs'
);

-- ============================================================================================
-- The background in the media library
-- ============================================================================================

insert into public.organizations_media (id, organization_id, type, storage_path, url, alt_text, mime_type, size_bytes)
values ('00000000-0000-4000-8000-0000000000c9', '00000000-0000-4000-8000-00000000000a', 'image', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c9/original.png', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c9/web.webp', 'Rør', 'image/png', 10);
select tests.authenticate_as('member');
update public.campaigns set design = '{"background_media_id": "00000000-0000-4000-8000-0000000000c9"}' where id = '00000000-0000-4000-8000-0000000000f4';
reset role;
select results_eq(
  $$ select kind, ref_id, public_from from public.media_usages where media_id = '00000000-0000-4000-8000-0000000000c9' $$,
  $$ values ('form-background', '00000000-0000-4000-8000-0000000000f4'::uuid, '-infinity'::timestamptz) $$,
  'a published form''s background is a public use of the library item'
);
select tests.authenticate_as('member');
update public.forms set archived_at = now() where id = '00000000-0000-4000-8000-0000000000f4';
reset role;
select is(
  (select public_from from public.media_usages where media_id = '00000000-0000-4000-8000-0000000000c9'), null,
  'archived, the form no longer shows its background to the public'
);
select tests.authenticate_as('owner');
select throws_ok($$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000c9' $$, '23503', null,
  'owner: a form''s background cannot be deleted from the library');
update public.campaigns set design = '{}' where id = '00000000-0000-4000-8000-0000000000f4';
reset role;
select is((select count(*)::int from public.media_usages where media_id = '00000000-0000-4000-8000-0000000000c9'), 0, 'a background taken out is no longer a use');

-- ============================================================================================
-- Erasure and deletion
-- ============================================================================================

reset role;
delete from public.participants where email = 'kari@example.com';
select is(
  (select count(*)::int from public.forms_responses where id = ((:'kari_reply'::jsonb) ->> 'response_id')::uuid), 0,
  'the person''s erasure deletes their responses'
);
delete from public.forms_responses where id = ((:'file_reply'::jsonb) ->> 'response_id')::uuid;
select is(
  (select count(*)::int from public.campaign_uploads where id = :'file_id'), 0,
  'a deleted response forgets its file uploads (the sweep removes the files)'
);
select tests.authenticate_as('owner');
select results_eq($$ delete from public.forms where id = '00000000-0000-4000-8000-0000000000f6' returning id $$, $$ values ('00000000-0000-4000-8000-0000000000f6'::uuid) $$, 'owner: deletes a form');
reset role;
select is((select count(*)::int from public.campaigns where id = '00000000-0000-4000-8000-0000000000f6'), 0, 'a deleted form takes its campaign with it');

select * from finish();
rollback;
