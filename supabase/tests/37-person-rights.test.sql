-- A person's rights across an organization (supabase/migrations/20261127090000_calendar_engine.sql
-- «A person's rights», docs/campaign-engine.md): one person in two calendars of one organization is
-- one lead and one answer to «what do you hold about me»; the same address in another organization is
-- someone else's business. Export, withdrawal (marketing stops reminders, and a form cannot turn it
-- back on), erasure of that organization's data only, with notices to the buyers of a sold copy.
-- Actors: anon with a token, the service role (jobs), postgres (fixtures).
begin;

select plan(25);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

-- A1, A2: two published calendars of Fjord Rør AS (…0a); B1: one of Nordlys Bygg AS (…0b); A3: a
-- third of A's that opens later.
insert into public.calendars (id, organization_id, name, template, starts_on, ends_on, door_time, reminder_time, published_at, consent_text, marketing_consent_text) values
  ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'Julekalender', 'advent-24',
   '2026-12-01', '2026-12-24', '08:00', '07:00', now(), 'Jeg godtar reglene for julekalenderen.', 'Ja takk til tilbud fra Fjord Rør.'),
  ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'Adventsquiz', 'advent-24',
   '2026-12-01', '2026-12-24', '08:00', '07:00', now(), 'Jeg godtar reglene for quizen.', null),
  ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-00000000000a', 'Nyttår', 'daily',
   '2026-12-26', '2026-12-31', '08:00', '07:00', now(), 'Jeg godtar reglene.', 'Ja takk til tilbud.'),
  ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'Nordlyskalender', 'advent-24',
   '2026-12-01', '2026-12-24', '08:00', '07:00', now(), 'OK', null);

select tests.clear_authentication();
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 5, 'kari@example.com', true,
  now() - interval '10 s', null, 'Kari Nordmann', '912 34 567', null, '{}', true, false);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a2', 5, 'kari@example.com', true,
  now() - interval '10 s', null, 'Kari Nordmann', null, null, '{}', false, false);
select count(*) from public.register_calendar_participant('00000000-0000-4000-8000-0000000000a2', 'kari@example.com', true, now() - interval '10 s');
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000b1', 5, 'kari@example.com', true,
  now() - interval '10 s', null, 'Kari', null, null, '{}', false, false);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 5, 'ola@example.com', true,
  now() - interval '10 s', null, 'Ola', null, null, '{}', false, false);
-- Both opt in to A1's reminders (before the withdrawal below).
reset role;
update public.calendar_participants set reminders_opt_in = true
where calendar_id = '00000000-0000-4000-8000-0000000000a1';

select tests.authenticate_as_service_role();
select public.issue_participant_token(id) as kari_a1 from public.calendar_participants
where email = 'kari@example.com' and calendar_id = '00000000-0000-4000-8000-0000000000a1' \gset
select public.issue_participant_token(id) as kari_b1 from public.calendar_participants
where email = 'kari@example.com' and calendar_id = '00000000-0000-4000-8000-0000000000b1' \gset
select public.issue_participant_token(id) as ola from public.calendar_participants where email = 'ola@example.com' \gset

-- ============================================================================================
-- One person per organization
-- ============================================================================================

reset role;
select is(
  (select count(distinct lead_id)::int from public.calendar_participants
   where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'),
  1, 'two calendars of one organization: one lead'
);
select is(
  (select count(*)::int from public.leads where email = 'kari@example.com'),
  2, 'the same address in another organization is another lead'
);

-- ============================================================================================
-- Export
-- ============================================================================================

select tests.clear_authentication();
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].name'),
  '["Julekalender", "Adventsquiz"]'::jsonb, 'by one calendar''s link: every calendar of the organization, none of another'
);
select is(public.participation(:'kari_a1') ->> 'organization_name', 'Fjord Rør AS', 'the organization that holds the data');
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].entries[*].item'),
  '[5, 5]'::jsonb, 'each calendar''s entries'
);
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[0].consents[*].purpose'),
  '["marketing", "participation"]'::jsonb, 'the consents given in the first calendar: taking part and marketing'
);
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].consents[*].text'),
  '["Ja takk til tilbud fra Fjord Rør.", "Jeg godtar reglene for julekalenderen.", "Jeg godtar reglene for quizen."]'::jsonb,
  'each with the exact text shown, once per text'
);
select ok(
  (select bool_and(c ? 'given_at') from jsonb_path_query(public.participation(:'kari_a1'), '$.campaigns[*].consents[*]') as c),
  'and when it was given'
);
select is(public.participation(:'kari_a1') -> 'lead' ->> 'source', 'calendar', 'and the lead');
select is(
  jsonb_path_query_array(public.participation(:'kari_b1'), '$.campaigns[*].name'),
  '["Nordlyskalender"]'::jsonb, 'the other organization''s link shows only its own calendar'
);
select is(
  jsonb_path_query_array(public.participation(:'ola'), '$.campaigns[*].entries[*].item'),
  '[5]'::jsonb, 'another person''s token opens only their own data'
);
select is(public.participation(:'ola') ->> 'email', 'ola@example.com', 'with their own address');

-- ============================================================================================
-- Withdrawing marketing stops reminders
-- ============================================================================================

select throws_ok(
  $$ select public.withdraw_consent('$$ || :'kari_a1' || $$', 'everything') $$,
  '22023', 'participant-purpose-invalid', 'only marketing or reminders can be withdrawn here'
);
select lives_ok($$ select public.withdraw_consent('$$ || :'kari_a1' || $$', 'marketing') $$, 'withdraws marketing in the whole organization');
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].marketing_consent'),
  '[false, false]'::jsonb, 'marketing is off in every calendar of the organization'
);
select ok(
  (public.participation(:'kari_a1') #>> '{campaigns,0,consents,0,withdrawn_at}') is not null,
  'the marketing consent shows when it was withdrawn'
);
select tests.authenticate_as_service_role();
select set_config('leadtorget.test_now', '2026-12-06 07:30 Europe/Oslo', true);
select results_eq(
  $$ select email from public.claim_calendar_reminders() order by email $$,
  $$ values ('ola@example.com'::text) $$,
  'the reminder job passes the person who withdrew marketing, not the one who did not'
);
select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-06 10:00 Europe/Oslo', true);
select count(*) from public.register_calendar_participant('00000000-0000-4000-8000-0000000000a3', 'kari@example.com', true,
  now() - interval '10 s', null, null, null, true, true);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 6, 'kari@example.com', true,
  now() - interval '10 s', null, null, null, null, '{}', true, true);
reset role;
select results_eq(
  $$ select marketing_consent, reminders_opt_in from public.calendar_participants
     where email = 'kari@example.com' and calendar_id = '00000000-0000-4000-8000-0000000000a3' $$,
  $$ values (false, false) $$,
  'a form cannot turn withdrawn marketing or reminders back on, even in a new calendar'
);
select is(
  (select count(*)::int from public.consents as c join public.calendar_participants as p on p.id = c.participant_id
   where p.email = 'kari@example.com' and c.purpose = 'marketing' and c.withdrawn_at is null),
  0, 'nor does an entry with the marketing box ticked record a marketing consent'
);

-- ============================================================================================
-- Erasure: this organization's data, and notices to the buyers of a sold copy
-- ============================================================================================

-- The one-calendar deletion of the current page keeps the lead another calendar still uses (A1
-- made it; A2 and A3 use it too).
select tests.authenticate_as_service_role();
select public.issue_participant_token(id) as kari_a2 from public.calendar_participants
where email = 'kari@example.com' and calendar_id = '00000000-0000-4000-8000-0000000000a2' \gset
select tests.clear_authentication();
select public.delete_calendar_participant(:'kari_a1');
reset role;
select is(
  (select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'),
  1, 'deleting one calendar''s participant keeps the lead the person''s other calendars use'
);

-- Kari's lead in A was listed and bought by B.
insert into public.marketplaces (id, owner_id, name)
values ('00000000-0000-4000-8000-0000000000c9', tests.get_supabase_uid('owner'), 'Rørtorget');
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status)
select '00000000-0000-4000-8000-0000000000d1', l.id, '00000000-0000-4000-8000-0000000000c9', l.organization_id, 'Nytt bad', 'sold_out'
from public.leads as l where l.email = 'kari@example.com' and l.organization_id = '00000000-0000-4000-8000-00000000000a';
insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
select a.lead_id, a.id, '00000000-0000-4000-8000-00000000000b', 'tickets'
from public.advertised_leads as a where a.id = '00000000-0000-4000-8000-0000000000d1';

select tests.clear_authentication();
select lives_ok($$ select public.delete_participant('$$ || :'kari_a2' || $$') $$, 'the person deletes their data');
select throws_ok(
  $$ select public.participation('$$ || :'kari_a2' || $$') $$,
  'PT404', 'participant-not-found', 'the link finds nothing any more'
);
reset role;
select results_eq(
  $$ select o.name, count(p.id)::int from public.organizations as o
     left join public.calendar_participants as p on p.organization_id = o.id and p.email = 'kari@example.com'
     group by o.name order by o.name $$,
  $$ values ('Fjord Rør AS'::text, 0), ('Nordlys Bygg AS'::text, 1) $$,
  'every participant of that organization is gone (with entries and tokens); the other organization''s stays'
);
select ok(
  (select erasure_requested_at is not null from public.leads_purchases where advertised_lead_id = '00000000-0000-4000-8000-0000000000d1'),
  'the sold copy is marked, and the sold lead stays as the buyer''s purchase'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select organization_name, title, recipients from public.claim_lead_erasure_notices() $$,
  $$ values ('Nordlys Bygg AS'::text, 'Nytt bad'::text, array['other@example.com']) $$,
  'the buyer gets a notice, to its owner'
);

select * from finish();
rollback;
