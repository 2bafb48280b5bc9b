-- A person's rights across an organization (supabase/migrations/20261126095000_campaign_engine.sql
-- «A person's rights», docs/campaign-engine.md): one person in two calendars of one organization is
-- one participant, one lead and one answer to «what do you hold about me»; the same address in another
-- organization is someone else's business. Export, withdrawal (marketing stops reminders, and a form
-- cannot turn it back on), listing only with a standing sharing consent, erasure of that
-- organization's data only, with notices to the buyers of a sold copy.
-- Actors: anon with a token, the service role (jobs), postgres (fixtures and the seller's listing).
begin;

select plan(43);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

-- A1, A2: two published calendars of Fjord Rør AS (…0a); B1: one of Nordlys Bygg AS (…0b); A3: a
-- third of A's that opens later.
select tests.create_calendar('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'Julekalender', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'Jeg godtar reglene for julekalenderen.', 'Ja takk til tilbud fra Fjord Rør.', '07:00');
select tests.create_calendar('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'Adventsquiz', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'Jeg godtar reglene for quizen.', null, '07:00');
select tests.create_calendar('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-00000000000a', 'Nyttår', 'daily',
  '2026-12-26', '2026-12-31', '08:00', now(), 'Jeg godtar reglene.', 'Ja takk til tilbud.', '07:00');
select tests.create_calendar('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'Nordlyskalender', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'OK', null, '07:00');

select tests.clear_authentication();
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 5, 'kari@example.com', true,
  now() - interval '10 s', null, 'Kari Nordmann', '912 34 567', null, '{}', true, false);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a2', 5, 'Kari@Example.com', true,
  now() - interval '10 s', null, 'Kari Nordmann', null, null, '{}', false, false);
select count(*) from public.register_calendar_participant('00000000-0000-4000-8000-0000000000a2', 'kari@example.com', true, now() - interval '10 s');
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000b1', 5, 'kari@example.com', true,
  now() - interval '10 s', null, 'Kari', null, null, '{}', false, false);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 5, 'ola@example.com', true,
  now() - interval '10 s', null, 'Ola', null, null, '{}', false, false);
reset role;
-- Both opt in to A1's reminders (before the withdrawal below); A2 was joined a minute after A1.
update public.campaign_registrations set reminders_opt_in = true where campaign_id = '00000000-0000-4000-8000-0000000000a1';
update public.campaign_registrations set created_at = created_at + interval '1 minute' where campaign_id = '00000000-0000-4000-8000-0000000000a2';

select id as kari_in_a from public.participants where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a' \gset
select id as kari_in_b from public.participants where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000b' \gset
select tests.authenticate_as_service_role();
select public.issue_participant_token(:'kari_in_a', '00000000-0000-4000-8000-0000000000a1') as kari_a1 \gset
select public.issue_participant_token(:'kari_in_b', '00000000-0000-4000-8000-0000000000b1') as kari_b1 \gset
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000a1') as ola from public.participants where email = 'ola@example.com' \gset

-- ============================================================================================
-- One person per organization
-- ============================================================================================

reset role;
select is(
  (select count(*)::int from public.participants where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'),
  1, 'two calendars of one organization: one participant'
);
select results_eq(
  $$ select campaign_id from public.campaign_registrations where participant_id = '$$ || :'kari_in_a' || $$' order by created_at $$,
  $$ values ('00000000-0000-4000-8000-0000000000a1'::uuid), ('00000000-0000-4000-8000-0000000000a2'::uuid) $$,
  'registered in both (the pre-registration after the entry adds nothing)'
);
select results_eq(
  $$ select c.campaign_id, c.purpose from public.consents as c where c.participant_id = '$$ || :'kari_in_a' || $$' order by c.campaign_id, c.purpose $$,
  $$ values ('00000000-0000-4000-8000-0000000000a1'::uuid, 'marketing'::text), ('00000000-0000-4000-8000-0000000000a1', 'participation'),
            ('00000000-0000-4000-8000-0000000000a2', 'participation') $$,
  'with the consents given in each campaign'
);
select is(
  (select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'),
  1, 'and one lead'
);
select is(
  (select p.lead_id from public.participants as p where p.id = :'kari_in_a'),
  (select l.id from public.leads as l where l.email = 'kari@example.com' and l.organization_id = '00000000-0000-4000-8000-00000000000a'),
  'which is the participant''s'
);
select ok(
  :'kari_in_b'::uuid <> :'kari_in_a'::uuid
    and (select lead_id from public.participants where id = :'kari_in_b') is not null
    and (select lead_id from public.participants where id = :'kari_in_b') <> (select lead_id from public.participants where id = :'kari_in_a'),
  'the same address in another organization is another participant with another lead'
);
select is((select count(*)::int from public.leads where email = 'kari@example.com'), 2, 'two leads in all, one per organization');

-- ============================================================================================
-- Export
-- ============================================================================================

select tests.clear_authentication();
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].name'),
  '["Julekalender", "Adventsquiz"]'::jsonb, 'by one calendar''s link: every calendar of the organization, none of another'
);
select is(public.participation(:'kari_a1') ->> 'organization_name', 'Fjord Rør AS', 'the organization that holds the data');
select results_eq(
  $$ select p ->> 'email', p ->> 'name', p ->> 'phone' from public.participation('$$ || :'kari_a1' || $$') as p $$,
  $$ values ('kari@example.com'::text, 'Kari Nordmann'::text, '+4791234567'::text) $$,
  'their details'
);
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
select is(public.participation(:'kari_b1') ->> 'name', 'Kari', 'with the details given there');
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
select lives_ok($$ select public.withdraw_consent('$$ || :'ola' || $$', 'reminders', '00000000-0000-4000-8000-0000000000a2') $$,
  'a token withdraws nothing of anyone else''s');
select is(public.participation(:'kari_a1') #>> '{campaigns,0,marketing_consent}', 'true', 'Kari''s marketing is untouched by Ola''s link');
select lives_ok($$ select public.withdraw_consent('$$ || :'kari_a1' || $$', 'marketing') $$, 'withdraws marketing in the whole organization');
select is(
  jsonb_path_query_array(public.participation(:'kari_a1'), '$.campaigns[*].marketing_consent'),
  '[false, false]'::jsonb, 'marketing is off in every calendar of the organization'
);
select ok(
  (public.participation(:'kari_a1') #>> '{campaigns,0,consents,0,withdrawn_at}') is not null,
  'the marketing consent shows when it was withdrawn'
);
select ok(
  (public.participation(:'kari_a1') #>> '{lead,marketing_withdrawn_at}') is not null,
  'the withdrawal is kept on the lead'
);
select tests.authenticate_as_service_role();
select set_config('leadtorget.test_now', '2026-12-06 07:30 Europe/Oslo', true);
select results_eq(
  $$ select email from public.claim_calendar_reminders() order by email $$,
  $$ values ('ola@example.com'::text) $$,
  'the reminder job passes the person who withdrew marketing, not the one who did not'
);
-- Even a registration left opted in gets no reminder once marketing is withdrawn for the organization.
reset role;
update public.campaign_registrations set reminders_opt_in = true where participant_id = :'kari_in_a';
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-07 07:30 Europe/Oslo') where email = 'kari@example.com'),
  0, 'the reminder job claims nobody who withdrew marketing'
);
reset role;
update public.campaign_registrations set reminders_opt_in = false where participant_id = :'kari_in_a';
select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-06 10:00 Europe/Oslo', true);
select count(*) from public.register_calendar_participant('00000000-0000-4000-8000-0000000000a3', 'kari@example.com', true,
  now() - interval '10 s', null, null, null, true, true);
select count(*) from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000a1', 6, 'kari@example.com', true,
  now() - interval '10 s', null, null, null, null, '{}', true, true);
reset role;
select is(
  (select reminders_opt_in from public.campaign_registrations
   where participant_id = :'kari_in_a' and campaign_id = '00000000-0000-4000-8000-0000000000a3'),
  false, 'a form cannot turn withdrawn reminders back on, even in a new calendar'
);
select is(
  (select count(*)::int from public.consents
   where participant_id = :'kari_in_a' and purpose = 'marketing' and withdrawn_at is null),
  0, 'nor does an entry with the marketing box ticked record a marketing consent'
);
select is(
  (select marketing_consent_id from public.campaign_entries as e join public.campaign_items as i on i.id = e.item_id
   where e.participant_id = :'kari_in_a' and e.campaign_id = '00000000-0000-4000-8000-0000000000a1' and i.position = 6),
  null, 'the new entry was made without marketing consent'
);

-- ============================================================================================
-- Listing a participant's lead needs their standing consent to be shared
-- ============================================================================================

insert into public.marketplaces (id, owner_id, name)
values ('00000000-0000-4000-8000-0000000000c9', tests.get_supabase_uid('owner'), 'Rørtorget');
select throws_ok(
  $$ insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status, consent_confirmed_at)
     select '00000000-0000-4000-8000-0000000000d1', p.lead_id, '00000000-0000-4000-8000-0000000000c9', p.organization_id, 'Nytt bad', 'active', now()
     from public.participants as p where p.id = '$$ || :'kari_in_a' || $$' $$,
  'P0001', 'lead-consent-required', 'without the person''s sharing consent the seller''s confirmation is not enough'
);
select private.record_consent('00000000-0000-4000-8000-00000000000a', :'kari_in_a', '00000000-0000-4000-8000-0000000000a1',
  'sharing', 'Jeg samtykker i at Fjord Rør AS deler henvendelsen min med håndverkere på Rørtorget.');
select lives_ok(
  $$ insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status, consent_confirmed_at)
     select '00000000-0000-4000-8000-0000000000d1', p.lead_id, '00000000-0000-4000-8000-0000000000c9', p.organization_id, 'Nytt bad', 'active', now()
     from public.participants as p where p.id = '$$ || :'kari_in_a' || $$' $$,
  'with it, the lead can be listed'
);

-- ============================================================================================
-- Erasure: this organization's data, and notices to the buyers of a sold copy
-- ============================================================================================

-- Nordlys Bygg AS bought Kari's lead from the listing.
insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
select a.lead_id, a.id, '00000000-0000-4000-8000-00000000000b', 'tickets'
from public.advertised_leads as a where a.id = '00000000-0000-4000-8000-0000000000d1';

select tests.clear_authentication();
select lives_ok($$ select public.delete_participant('$$ || :'kari_a1' || $$') $$, 'the person deletes their data');
select throws_ok(
  $$ select public.participation('$$ || :'kari_a1' || $$') $$,
  'PT404', 'participant-not-found', 'the link finds nothing any more'
);
reset role;
select results_eq(
  $$ select (select count(*)::int from public.participants where id = '$$ || :'kari_in_a' || $$'),
            (select count(*)::int from public.campaign_registrations where participant_id = '$$ || :'kari_in_a' || $$'),
            (select count(*)::int from public.campaign_entries where participant_id = '$$ || :'kari_in_a' || $$'),
            (select count(*)::int from public.consents where participant_id = '$$ || :'kari_in_a' || $$'),
            (select count(*)::int from private.participant_tokens where participant_id = '$$ || :'kari_in_a' || $$') $$,
  $$ values (0, 0, 0, 0, 0) $$,
  'the organization''s participant is gone with registrations, entries, consents and links'
);
select results_eq(
  $$ select (select count(*)::int from public.campaign_entries where participant_id = '$$ || :'kari_in_b' || $$'),
            (select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000b'
               and id = (select lead_id from public.participants where id = '$$ || :'kari_in_b' || $$')) $$,
  $$ values (1, 1) $$,
  'the other organization''s participant, entry and lead stay'
);
select is(
  public.participation(:'kari_b1') ->> 'email', 'kari@example.com', 'and its link still opens its data'
);
select is(
  (select count(*)::int from public.participants where email = 'ola@example.com'), 1, 'another person of the organization stays'
);
select ok(
  (select erasure_requested_at is not null from public.leads_purchases where advertised_lead_id = '00000000-0000-4000-8000-0000000000d1'),
  'the sold copy is marked'
);
select is(
  (select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'),
  1, 'and the sold lead stays as the buyer''s purchase'
);
select is(
  (select status::text from public.advertised_leads where id = '00000000-0000-4000-8000-0000000000d1'),
  'withdrawn', 'its open listing is withdrawn'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select organization_name, title, recipients from public.claim_lead_erasure_notices() $$,
  $$ values ('Nordlys Bygg AS'::text, 'Nytt bad'::text, array['other@example.com']) $$,
  'the buyer gets a notice, to its owner'
);

select * from finish();
rollback;
