-- A form's ticked «may be shared» consent block is the person's sharing consent to the block's label
-- as the answered version shows it (supabase/migrations/20261129010000_form_sharing_consent.sql),
-- which a marketplace listing of their lead requires; without the tick, or without a person, none.
begin;

select plan(5);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'form', 'Befaring', now(), 'Jeg godtar vilkårene.');
insert into public.forms (id, organization_id) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000001e1', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '{"pages": [{"id": "p1", "blocks": [
    {"id": "b_deling", "kind": "consent", "key": "deling", "consent": "sharing",
     "label": "  Fjord Rør AS kan dele henvendelsen min med samarbeidspartnere.  "},
    {"id": "b_tips", "kind": "consent", "key": "tips", "consent": "marketing", "label": "Send meg tips."}
  ]}]}', now());

select tests.authenticate_as_service_role();

select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1',
  input_answers => '{"b_deling": true, "b_tips": true}', input_client_ip => '192.0.2.1', input_form_shown_at => now() - interval '10 seconds',
  input_email => 'delt@example.com', input_consent => true
);
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1',
  input_answers => '{"b_deling": false}', input_client_ip => '192.0.2.2', input_form_shown_at => now() - interval '10 seconds',
  input_email => 'ikkedelt@example.com', input_consent => true
);
-- Ticked, but no person to hold the consent.
select public.submit_form_response(
  input_form_id => '00000000-0000-4000-8000-0000000000f1', input_version_id => '00000000-0000-4000-8000-0000000001e1',
  input_answers => '{"b_deling": true}', input_client_ip => '192.0.2.3', input_form_shown_at => now() - interval '10 seconds'
);
reset role;

select results_eq(
  $$ select k.purpose, t.body from public.consents as k
     join public.participants as p on p.id = k.participant_id
     join public.consent_texts as t on t.sha256 = k.text_sha256 and t.organization_id = k.organization_id
     where p.email = 'delt@example.com' and k.withdrawn_at is null order by k.purpose $$,
  $$ values ('participation', 'Jeg godtar vilkårene.'), ('sharing', 'Fjord Rør AS kan dele henvendelsen min med samarbeidspartnere.') $$,
  'a ticked sharing block: the participation consent and the sharing consent to the block''s label, trimmed (the marketing block is the campaign''s text, not asked here)'
);
select is(
  (select count(*)::int from public.consents as k join public.participants as p on p.id = k.participant_id
   where p.email = 'ikkedelt@example.com' and k.purpose = 'sharing'),
  0, 'without the tick, no sharing consent'
);
select is(
  (select k.campaign_id from public.consents as k join public.participants as p on p.id = k.participant_id
   where p.email = 'delt@example.com' and k.purpose = 'sharing'),
  '00000000-0000-4000-8000-0000000000f1'::uuid, 'the sharing consent is given in the form'
);
select is(
  (select count(*)::int from public.consents where purpose = 'sharing' and campaign_id = '00000000-0000-4000-8000-0000000000f1'), 1,
  'only the ticked response with a person: one sharing consent in all'
);
select is(
  (select count(*)::int from public.forms_responses where form_id = '00000000-0000-4000-8000-0000000000f1'), 3,
  'every response is stored as before'
);

select * from finish();
rollback;
