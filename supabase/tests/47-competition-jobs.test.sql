-- The competitions' e-mail jobs (supabase/migrations/20261128150000_competition_jobs.sql): the join
-- confirmation's claim (every registration once, with where the person stands), the captains'
-- notices (each request and a full team once), the weekly standings (Mondays after the reminder time,
-- opted-in active members only, once a week, frozen figures while frozen), the final results (after
-- the end, once per member) and the share image's public read; the service role alone claims.
begin;

select plan(38);

select tests.seed_calendar_cast();
-- Friday 5 June 2026, 12:00 in Oslo: the competition (1–30 June, Mondays 1, 8, 15, 22, 29) is live
-- and open for joining; the board freezes at noon on Sunday 28 June.
select set_config('leadtorget.test_now', '2026-06-05 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'competition', 'Utkast', null, null);
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_goal, team_max, freeze_at, milestones) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, 100, 3,
   '2026-06-28 12:00 Europe/Oslo', '[{"percent": 5, "label": "Kaffe"}, {"percent": 50, "label": "Gavekort"}, {"percent": 100, "label": "Tur"}]'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, null, 3, null, '[]');
insert into public.competitions_teams (id, competition_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000000d9', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'Utkastlaget');

select results_eq(
  $$ select name, schedule from private.scheduled_jobs where name like 'competition-%' order by name $$,
  $$ values ('competition-captain-notices'::text, '*/5 * * * *'::text), ('competition-confirmations', '* * * * *'),
            ('competition-results', '*/15 * * * *'), ('competition-standings', '*/15 * * * 1') $$,
  'the four jobs are on the list both runners read'
);

-- ============================================================================================
-- Registrations: two captains, two joins, a request, a pre-registration
-- ============================================================================================

select tests.clear_authentication();
select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ada@example.com', true, now() - interval '1 minute',
  'Tråkkerne', input_name => 'Ada Lovelace', input_reminders_opt_in => true);
select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'cy@example.com', true, now() - interval '1 minute',
  'Lukket lag', input_invite_only => true, input_name => 'Cy Dahl', input_reminders_opt_in => true);
reset role;
create temporary table team_ids on commit drop as
  select name, id from public.competitions_teams where competition_id = '00000000-0000-4000-8000-0000000000c1';
grant select on team_ids to anon, authenticated, service_role;
select tests.clear_authentication();
select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'bo@example.com', true, now() - interval '1 minute',
  input_team_id => (select id from team_ids where name = 'Tråkkerne'), input_name => 'Bo Berg');
select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'eli@example.com', true, now() - interval '1 minute',
  input_team_id => (select id from team_ids where name = 'Lukket lag'), input_name => 'Eli Fjell', input_reminders_opt_in => true);
select public.register_competition_participant('00000000-0000-4000-8000-0000000000c1', 'gro@example.com', true,
  now() - interval '1 minute', input_name => 'Gro Holm');

-- ============================================================================================
-- Only the service role claims
-- ============================================================================================

select throws_ok($$ select * from public.claim_competition_confirmations(10) $$, '42501', null, 'anon: cannot claim confirmations');
select throws_ok($$ select * from public.claim_competition_captain_notices(10) $$, '42501', null, 'anon: cannot claim captain notices');
select throws_ok($$ select * from public.claim_competition_standings() $$, '42501', null, 'anon: cannot claim standings');
select throws_ok($$ select * from public.claim_competition_results() $$, '42501', null, 'anon: cannot claim results');
select tests.authenticate_as('owner');
select throws_ok($$ select * from public.claim_competition_confirmations(10) $$, '42501', null, 'an owner: cannot claim confirmations');
select throws_ok($$ select * from public.claim_competition_results() $$, '42501', null, 'an owner: cannot claim results');
select ok(
  not has_function_privilege('authenticated', 'public.release_campaign_confirmation(uuid, uuid)', 'execute')
  and not has_function_privilege('anon', 'public.release_campaign_confirmation(uuid, uuid)', 'execute')
  and not has_function_privilege('authenticated', 'public.release_campaign_reminder(uuid, uuid, date)', 'execute')
  and not has_function_privilege('authenticated', 'public.release_competition_captain_notice(uuid, uuid[], boolean)', 'execute')
  and not has_function_privilege('anon', 'public.release_competition_captain_notice(uuid, uuid[], boolean)', 'execute')
  and not has_function_privilege('authenticated', 'public.release_competition_result(uuid)', 'execute')
  and not has_function_privilege('anon', 'public.release_competition_result(uuid)', 'execute')
  and not has_function_privilege('authenticated', 'public.claim_competition_standings(timestamptz, integer)', 'execute')
  and not has_function_privilege('authenticated', 'public.claim_competition_captain_notices(integer)', 'execute'),
  'the releases and the other claims are the service role''s alone'
);

-- ============================================================================================
-- The join confirmation
-- ============================================================================================

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_calendar_confirmations(500) where calendar_id = '00000000-0000-4000-8000-0000000000c1'), 0,
  'the calendars'' claim leaves competitions alone');
create temporary table confirmed on commit drop as select * from public.claim_competition_confirmations(100);
grant select on confirmed to anon;
select results_eq(
  $$ select email, outcome, team_name, competition_name, organization_name from confirmed order by email $$,
  $$ values ('ada@example.com'::text, 'captain'::text, 'Tråkkerne'::text, 'Sykle til jobben'::text, 'Fjord Rør AS'::text),
            ('bo@example.com', 'joined', 'Tråkkerne', 'Sykle til jobben', 'Fjord Rør AS'),
            ('cy@example.com', 'captain', 'Lukket lag', 'Sykle til jobben', 'Fjord Rør AS'),
            ('eli@example.com', 'requested', 'Lukket lag', 'Sykle til jobben', 'Fjord Rør AS'),
            ('gro@example.com', 'registered', null, 'Sykle til jobben', 'Fjord Rør AS') $$,
  'every registration is claimed once, with where the person stands: captain, joined, requested or pre-registered'
);
select ok((select bool_and(token ~ '^[0-9a-f]{64}$') from confirmed), 'each with a fresh token');
select tests.clear_authentication();
select is(
  public.competition_participation((select token from confirmed where email = 'bo@example.com'), '00000000-0000-4000-8000-0000000000c1')
    #>> '{team,name}',
  'Tråkkerne', 'the token opens the person''s participation page'
);
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_competition_confirmations(100)), 0, 'a claimed confirmation is not claimed again');
select public.release_campaign_confirmation((select participant_id from confirmed where email = 'gro@example.com'),
  '00000000-0000-4000-8000-0000000000c1');
select is((select array_agg(email) from public.claim_competition_confirmations(100)), array['gro@example.com'],
  'a released one is claimed by the next run');

-- ============================================================================================
-- Captains' notices
-- ============================================================================================

create temporary table noticed on commit drop as select * from public.claim_competition_captain_notices(100);
select results_eq(
  $$ select email, team_name, requests #>> '{0,name}', jsonb_array_length(requests), became_full from noticed $$,
  $$ values ('cy@example.com'::text, 'Lukket lag'::text, 'Eli Fjell'::text, 1, false) $$,
  'the captain of the team with a request is told of it, with the requester''s name; a team with room and none waiting is not'
);
select is((select count(*)::int from public.claim_competition_captain_notices(100)), 0, 'a request is told once');
select public.release_competition_captain_notice((select team_id from noticed), (select request_ids from noticed), false);
select is((select array_agg(email) from public.claim_competition_captain_notices(100)), array['cy@example.com'],
  'a released notice is told again next run');

select tests.clear_authentication();
select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'dan@example.com', true, now() - interval '1 minute',
  input_team_id => (select id from team_ids where name = 'Tråkkerne'), input_name => 'Dan Eng', input_reminders_opt_in => true);
select tests.authenticate_as_service_role();
create temporary table full_notice on commit drop as select * from public.claim_competition_captain_notices(100);
select results_eq(
  $$ select email, team_name, jsonb_array_length(requests), became_full, team_max from full_notice $$,
  $$ values ('ada@example.com'::text, 'Tråkkerne'::text, 0, true, 3) $$,
  'the captain is told once the team is full'
);
select is((select count(*)::int from public.claim_competition_captain_notices(100)), 0, 'a full team is told once');

-- ============================================================================================
-- Weekly standings
-- ============================================================================================

reset role;
-- Dan withdrew marketing from the organization: no standings for him.
update public.leads set marketing_withdrawn_at = now()
where id = (select lead_id from public.participants where email = 'dan@example.com');
insert into public.competitions_progress (competition_id, organization_id, participant_id, team_id, amount, on_date, created_at)
select '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', p.id, m.team_id, v.amount, '2026-06-03',
  '2026-06-03 18:00 Europe/Oslo'
from (values ('ada@example.com', 30), ('bo@example.com', 20), ('cy@example.com', 10)) as v (email, amount)
join public.participants as p on p.email = v.email and p.organization_id = '00000000-0000-4000-8000-00000000000a'
join public.competitions_members as m on m.participant_id = p.id;

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_competition_standings('2026-06-08 07:59 Europe/Oslo')), 0,
  'Monday before the reminder time (08:00 Oslo): none yet');
create temporary table standings on commit drop as
  select * from public.claim_competition_standings('2026-06-08 08:00 Europe/Oslo');
select results_eq(
  $$ select email, team_name, rank, teams, team_total, team_goal_percent, shared_total, shared_percent, frozen, reminded_on
     from standings order by email $$,
  $$ values ('ada@example.com'::text, 'Tråkkerne'::text, 1, 2, 50::numeric, 50.0::numeric, 60::numeric, 6.0::numeric, false, '2026-06-08'::date),
            ('cy@example.com', 'Lukket lag', 2, 2, 10, 10.0, 60, 6.0, false, '2026-06-08') $$,
  'Monday 08:00: opted-in active members get their team''s rank, progress and the shared bar — not Bo (no opt-in), Dan (withdrew), Eli (a request) or Gro (no team)'
);
select is((select count(*)::int from public.claim_competition_standings('2026-06-08 10:00 Europe/Oslo')), 0, 'once a week');
select is((select count(*)::int from public.claim_competition_standings('2026-06-09 08:00 Europe/Oslo')), 0, 'only on Mondays');
select public.release_campaign_reminder((select participant_id from standings where email = 'ada@example.com'),
  '00000000-0000-4000-8000-0000000000c1', '2026-06-08');
select is((select array_agg(email) from public.claim_competition_standings('2026-06-08 09:00 Europe/Oslo')), array['ada@example.com'],
  'a released one goes out next run');

reset role;
-- Bo logs 500 km after the freeze (Sunday evening): hidden until the end.
insert into public.competitions_progress (competition_id, organization_id, participant_id, team_id, amount, on_date, created_at)
select '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', m.participant_id, m.team_id, 500, '2026-06-28',
  '2026-06-28 18:00 Europe/Oslo'
from public.competitions_members as m join public.participants as p on p.id = m.participant_id where p.email = 'bo@example.com';
select tests.authenticate_as_service_role();
select results_eq(
  $$ select email, team_total, team_goal_percent, shared_total, frozen
     from public.claim_competition_standings('2026-06-29 08:30 Europe/Oslo') order by email $$,
  $$ values ('ada@example.com'::text, 50::numeric, 50.0::numeric, 60::numeric, true), ('cy@example.com', 10, 10.0, 60, true) $$,
  'while the board is frozen the standings show the frozen figures, nothing logged after the freeze'
);

-- ============================================================================================
-- The share image's read (anon, published only, the freeze respected)
-- ============================================================================================

select set_config('leadtorget.test_now', '2026-06-29 09:00 Europe/Oslo', true);
select tests.clear_authentication();
select is(
  public.competition_team_share((select id from team_ids where name = 'Tråkkerne')),
  jsonb_build_object('team_name', 'Tråkkerne', 'competition_name', 'Sykle til jobben', 'unit', 'km', 'total', 50,
    'goal', 100, 'percent', 50.0, 'frozen', true, 'color', null),
  'anon reads a team''s share figures, frozen while frozen'
);
select throws_ok($$ select public.competition_team_share('00000000-0000-4000-8000-0000000000d9') $$, 'PT404',
  'competition-team-not-found', 'a draft''s team has no share image');
select throws_ok($$ select public.competition_team_share(gen_random_uuid()) $$, 'PT404',
  'competition-team-not-found', 'an unknown team neither');
select tests.authenticate_as('owner');
select is(
  (public.competition_team_share((select id from team_ids where name = 'Tråkkerne')) ->> 'total')::numeric, 50::numeric,
  'the image is public: a member of the organization gets the public''s frozen figures too'
);

-- ============================================================================================
-- Final results
-- ============================================================================================

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_competition_results('2026-06-30 23:59 Europe/Oslo')), 0, 'no results before the end');
create temporary table results on commit drop as select * from public.claim_competition_results('2026-07-01 08:00 Europe/Oslo');
select results_eq(
  $$ select email, team_name, rank, teams, team_total, shared_total, shared_percent from results order by email $$,
  $$ values ('ada@example.com'::text, 'Tråkkerne'::text, 1, 2, 550::numeric, 560::numeric, 56.0::numeric),
            ('bo@example.com', 'Tråkkerne', 1, 2, 550, 560, 56.0),
            ('cy@example.com', 'Lukket lag', 2, 2, 10, 560, 56.0),
            ('dan@example.com', 'Tråkkerne', 1, 2, 550, 560, 56.0) $$,
  'after the end every active member gets the final figures, the freeze lifted — not the request or the pre-registered'
);
select is(
  (select milestones from results where email = 'ada@example.com'),
  '[{"percent": 5, "label": "Kaffe"}, {"percent": 50, "label": "Gavekort"}]'::jsonb,
  'with the milestones reached'
);
select is(
  (select top_teams from results where email = 'cy@example.com'),
  '[{"rank": 1, "name": "Tråkkerne", "score": 550}, {"rank": 2, "name": "Lukket lag", "score": 10}]'::jsonb,
  'and the top teams'
);
select is((select count(*)::int from public.claim_competition_results('2026-07-02 08:00 Europe/Oslo')), 0, 'results go out once');
select public.release_competition_result((select member_id from results where email = 'bo@example.com'));
select is((select count(*)::int from public.claim_competition_results('2026-07-20 08:00 Europe/Oslo')), 0,
  'nothing about a competition that ended more than 14 days ago');
select is((select array_agg(email) from public.claim_competition_results('2026-07-02 08:00 Europe/Oslo')), array['bo@example.com'],
  'a released one goes out next run');
select is((select count(*)::int from public.claim_competition_standings('2026-07-06 08:00 Europe/Oslo')), 0,
  'no standings after the end');
select is((select count(*)::int from public.claim_competition_captain_notices(100)), 0, 'nothing to tell captains twice');

select * from finish();
rollback;
