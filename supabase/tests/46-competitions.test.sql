-- Team competitions («fyllopp», supabase/migrations/20261128130000_competitions.sql,
-- docs/competitions.md): row-level security per table × operation × identity, joining (cap, one team
-- per person, invite codes, requests, place-me, a known address, the lock), creating teams (captain,
-- group cap, names), progress (limits per entry and per day, dates, no team), captain actions refused to
-- others, the freeze (no anon read shows a later entry), moderation and the organizer's functions.
-- Actors: anon, participants by token, member and owner of Fjord Rør AS, another organization's owner,
-- service role.
begin;

select plan(93);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.seed_calendar_cast();
-- Wednesday 10 June 2026, 12:00 in Oslo: the competition (1–30 June) is live; the lock is halfway
-- (16 June 00:00).
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'competition', 'Sykle til jobben', now(),
   'Jeg godtar reglene.', 'Ja takk, send meg tilbud.'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'competition', 'Utkast', null, null, null),
  ('00000000-0000-4000-8000-0000000000c5', '00000000-0000-4000-8000-00000000000b', 'competition', 'Nordlys-løpet', now(), 'OK', null);
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_goal, team_max, max_per_entry, max_per_day, milestones) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, 100, 3, 50, 80,
   '[{"percent": 5, "label": "Kaffe"}, {"percent": 50, "label": "Gavekort"}]'),
  ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, null, 3, null, null, '[]'),
  ('00000000-0000-4000-8000-0000000000c5', '00000000-0000-4000-8000-00000000000b', '2026-06-01', '2026-06-30', 'kr', 500, null, 5, null, null, '[]');
insert into public.competitions_groups (id, competition_id, organization_id, name, position, max_teams) values
  ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Salg', 1, 4),
  ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Lager', 2, null);
insert into public.competitions_teams (id, competition_id, organization_id, group_id, name, invite_only, invite_code) values
  ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', 'Tråkkerne', false, 'trakk00001'),
  ('00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', 'Pedalene', false, 'pedal00002'),
  ('00000000-0000-4000-8000-0000000000d3', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', 'Lukket lag', true, 'lukke00003'),
  ('00000000-0000-4000-8000-0000000000d4', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a2', 'Lagerløperne', false, 'lager00004');

select is(
  (select (starts_at, ends_at) from public.competitions where id = '00000000-0000-4000-8000-0000000000c1'),
  ('2026-06-01 00:00 Europe/Oslo'::timestamptz, '2026-07-01 00:00 Europe/Oslo'::timestamptz),
  'the period''s moments are Oslo midnights (the end: the day after the last)'
);
select is(
  (select private.competition_lock_at(c) from public.competitions as c where id = '00000000-0000-4000-8000-0000000000c1'),
  '2026-06-16 00:00 Europe/Oslo'::timestamptz, 'the lock defaults to halfway'
);
select throws_ok(
  $$ update public.competitions set milestones = '[{"percent": 150, "label": "x"}]' where id = '00000000-0000-4000-8000-0000000000c1' $$,
  '23514', null, 'a milestone over 100 % is refused'
);

-- ============================================================================================
-- Row-level security
-- ============================================================================================

select tests.rls_enabled('public', 'competitions');
select tests.rls_enabled('public', 'competitions_groups');
select tests.rls_enabled('public', 'competitions_teams');
select tests.rls_enabled('public', 'competitions_members');
select tests.rls_enabled('public', 'competitions_progress');

select tests.clear_authentication();
select throws_ok($$ select * from public.competitions $$, '42501', null, 'anon: cannot read competitions');
select throws_ok($$ select * from public.competitions_groups $$, '42501', null, 'anon: cannot read groups');
select throws_ok($$ select * from public.competitions_teams $$, '42501', null, 'anon: cannot read teams (invite codes)');
select throws_ok($$ select * from public.competitions_members $$, '42501', null, 'anon: cannot read memberships');
select throws_ok($$ select * from public.competitions_progress $$, '42501', null, 'anon: cannot read progress');
select throws_ok(
  $$ insert into public.competitions_members (competition_id, team_id, participant_id, organization_id)
     values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000d1', gen_random_uuid(), '00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'anon: cannot write memberships directly'
);
select throws_ok(
  $$ select public.create_competition('00000000-0000-4000-8000-00000000000a', 'X', '2026-06-01', '2026-06-30', 'km', 10) $$,
  '42501', null, 'anon: cannot create a competition'
);

select tests.authenticate_as('member');
select is((select count(*)::int from public.competitions), 2, 'member: reads their organization''s competitions, drafts too');
select is((select count(*)::int from public.competitions_teams), 4, 'member: reads their teams');
select lives_ok(
  $$ insert into public.competitions_groups (competition_id, organization_id, name)
     values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Kontor') $$,
  'member: adds a group'
);
select lives_ok(
  $$ update public.competitions_teams set motto = 'Vi tråkker' where id = '00000000-0000-4000-8000-0000000000d1' $$,
  'member: updates a team'
);
select throws_ok(
  $$ update public.competitions_teams set invite_code = 'aaaaaaaaaa' where id = '00000000-0000-4000-8000-0000000000d1' $$,
  '42501', null, 'member: an invite code is only renewed, never chosen'
);
select throws_ok(
  $$ update public.competitions set starts_at = now() where id = '00000000-0000-4000-8000-0000000000c1' $$,
  '42501', null, 'member: the computed moments are not writable'
);
select throws_ok(
  $$ update public.competitions_progress set amount = 1 $$, '42501', null, 'member: progress is not writable directly'
);
select is_empty(
  $$ delete from public.competitions where id = '00000000-0000-4000-8000-0000000000c2' returning id $$,
  'member: cannot delete a competition (owners and admins)'
);
select lives_ok(
  $$ select public.create_competition('00000000-0000-4000-8000-00000000000a', 'Skritt i mai', '2026-05-01', '2026-05-31', 'skritt', 1000000, 'average', 5) $$,
  'member: create_competition writes the campaign and the competition'
);
select is(
  (select (k.kind, c.scoring, c.team_max) from public.competitions as c join public.campaigns as k on k.id = c.id where k.name = 'Skritt i mai'),
  ('competition'::text, 'average'::text, 5), 'the new draft has its campaign of kind competition'
);

select tests.authenticate_as('other');
select is((select count(*)::int from public.competitions where organization_id = '00000000-0000-4000-8000-00000000000a'), 0,
  'another organization: reads none of Fjord Rør''s competitions');
select is_empty(
  $$ update public.competitions_teams set motto = 'hei' where organization_id = '00000000-0000-4000-8000-00000000000a' returning id $$,
  'another organization: updates no team'
);
select throws_ok(
  $$ insert into public.competitions_teams (competition_id, organization_id, name)
     values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Inntrenger') $$,
  '42501', null, 'another organization: cannot add a team'
);
select throws_ok(
  $$ select public.competition_statistics('00000000-0000-4000-8000-0000000000c1') $$,
  'PT404', 'competition-not-found', 'another organization: no statistics'
);
select is((select count(*)::int from public.competition_summaries('00000000-0000-4000-8000-00000000000a')), 0,
  'another organization: no summaries');

select tests.authenticate_as('owner');
select isnt_empty(
  $$ delete from public.competitions where id = '00000000-0000-4000-8000-0000000000c2' returning id $$,
  'owner: deletes a competition'
);

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.campaigns where id = '00000000-0000-4000-8000-0000000000c2'), 0,
  'service role: the deleted competition''s campaign went with it');
select is((select count(*)::int from public.competitions), 3, 'service role: reads every competition');

-- ============================================================================================
-- Joining
-- ============================================================================================

select tests.clear_authentication();
select is(
  public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'ada@example.com', true, now() - interval '1 minute',
    input_team_id => '00000000-0000-4000-8000-0000000000d1', input_name => 'Ada Lovelace', input_marketing_consent => true) ->> 'outcome',
  'joined', 'anon: joins a team by id'
);
select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'bo@example.com', true, now() - interval '1 minute',
  input_invite_code => 'TRAKK00001 ', input_name => 'Bo Berg');
select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'cy@example.com', true, now() - interval '1 minute',
  input_team_id => '00000000-0000-4000-8000-0000000000d1', input_name => 'Cy Dahl');
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'dan@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d1') $$,
  'PT409', 'competition-team-full', 'the fourth person meets a full team'
);
select is(
  public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'ada@example.com', true, now() - interval '1 minute',
    input_team_id => '00000000-0000-4000-8000-0000000000d2', input_name => 'Noen Andre'),
  jsonb_build_object('outcome', 'joined', 'team_id', '00000000-0000-4000-8000-0000000000d2', 'team_name', 'Pedalene'),
  'a known address joining another team answers as a first join would'
);
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'bo@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d1') $$,
  'PT409', 'competition-team-full', 'a known address meets a full team as anyone would'
);
select is(
  public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'eli@example.com', true, now() - interval '1 minute',
    input_team_id => '00000000-0000-4000-8000-0000000000d3', input_name => 'Eli Fjell') ->> 'outcome',
  'requested', 'an invite-only team without its code takes a request'
);
select is(
  public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'fia@example.com', true, now() - interval '1 minute',
    input_invite_code => 'lukke00003', input_name => 'Fia Grønn') ->> 'outcome',
  'joined', 'its invite code lets a person straight in'
);
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'x@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d1', input_group_id => '00000000-0000-4000-8000-0000000000a1') $$,
  'P0001', 'competition-invalid', 'a team and a group at once is a programming error'
);
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c5', 'x@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d1') $$,
  'PT404', 'competition-team-not-found', 'a team of another competition is not found'
);
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c2', 'x@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d1') $$,
  'PT404', 'competition-not-found', 'a draft takes no joins'
);

reset role;
delete from private.rate_limits;
select is(
  (select (p.name, m.team_id) from public.participants as p join public.competitions_members as m on m.participant_id = p.id
   where p.email = 'ada@example.com'),
  ('Ada Lovelace'::text, '00000000-0000-4000-8000-0000000000d1'::uuid),
  'the known address''s name and team are unchanged'
);
select is((select count(*)::int from public.competitions_members where team_id = '00000000-0000-4000-8000-0000000000d1'), 3,
  'the full team has exactly its cap');
select is(
  (select (l.source::text, l.campaign_id) from public.leads as l where l.email = 'bo@example.com'),
  ('competition'::text, '00000000-0000-4000-8000-0000000000c1'::uuid), 'a joiner becomes a lead with source competition'
);
select is((select count(*)::int from public.consents where purpose = 'marketing'), 1, 'marketing consent only where ticked');

-- Place-me: Pedalene has 3 places, Lukket lag is invite-only, Tråkkerne is full.
select tests.clear_authentication();
select is(
  public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'gro@example.com', true, now() - interval '1 minute',
    input_group_id => '00000000-0000-4000-8000-0000000000a1', input_name => 'Gro Haug') ->> 'team_id',
  '00000000-0000-4000-8000-0000000000d2', 'place-me picks the open team with most room'
);

-- Creating a team
select is(
  public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'hal@example.com', true, now() - interval '1 minute',
    'Sprinterne', '00000000-0000-4000-8000-0000000000a1', 'Fort fortere', input_name => 'Hal Isaksen'),
  jsonb_build_object('outcome', 'created', 'team_name', 'Sprinterne'), 'anon: creates a team'
);
select throws_ok(
  $$ select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ivo@example.com', true, now() - interval '1 minute',
       'Enda et lag', '00000000-0000-4000-8000-0000000000a1') $$,
  'PT409', 'competition-group-full', 'the group''s team cap holds'
);
select throws_ok(
  $$ select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ivo@example.com', true, now() - interval '1 minute',
       'pedalene', '00000000-0000-4000-8000-0000000000a2') $$,
  'PT409', 'competition-team-name-taken', 'a team name is unique in the competition, whatever the case'
);
select throws_ok(
  $$ select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ivo@example.com', true, now() - interval '1 minute',
       'Uten gruppe') $$,
  'PT404', 'competition-group-not-found', 'a competition with groups needs one'
);
select is(
  public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'cy@example.com', true, now() - interval '1 minute',
    'Cys eget lag', '00000000-0000-4000-8000-0000000000a2'),
  jsonb_build_object('outcome', 'created', 'team_name', 'Cys eget lag'), 'a known address in a team gets the same answer'
);

reset role;
delete from private.rate_limits;
select is(
  (select m.role from public.competitions_members as m join public.participants as p on p.id = m.participant_id where p.email = 'hal@example.com'),
  'captain', 'the creator is captain'
);
select is((select count(*)::int from public.competitions_teams where name = 'Cys eget lag'), 0, '… and no team was made for them');

-- Tokens for the participants (as the e-mail job would issue them).
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as ada_token
from public.participants as p where p.email = 'ada@example.com' \gset
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as bo_token
from public.participants as p where p.email = 'bo@example.com' \gset
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as hal_token
from public.participants as p where p.email = 'hal@example.com' \gset
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as fia_token
from public.participants as p where p.email = 'fia@example.com' \gset
select public.register_competition_participant('00000000-0000-4000-8000-0000000000c1', 'jo@example.com', true, now() - interval '1 minute');
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as jo_token
from public.participants as p where p.email = 'jo@example.com' \gset
select m.id as eli_member from public.competitions_members as m join public.participants as p on p.id = m.participant_id
where p.email = 'eli@example.com' \gset
select m.id as cy_member from public.competitions_members as m join public.participants as p on p.id = m.participant_id
where p.email = 'cy@example.com' \gset
-- Fia is the only active member of Lukket lag: make her its captain, as the organizer would.
update public.competitions_members set role = 'captain' where team_id = '00000000-0000-4000-8000-0000000000d3' and status = 'active';

-- ============================================================================================
-- Progress
-- ============================================================================================

select tests.clear_authentication();
select isnt(public.log_competition_progress(:'ada_token', '00000000-0000-4000-8000-0000000000c1', 42.5, '2026-06-09', 'Til jobb'), null,
  'a member logs progress by token');
select throws_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 50.5, '2026-06-10') $$, :'ada_token'),
  'P0001', 'competition-entry-limit', 'over the per-entry limit is refused'
);
select lives_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 37.5, '2026-06-09') $$, :'ada_token'),
  'up to the day''s limit is accepted'
);
select throws_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 0.001, '2026-06-09') $$, :'ada_token'),
  'P0001', 'competition-day-limit', 'over the per-day limit is refused'
);
select throws_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-11') $$, :'ada_token'),
  'P0001', 'competition-date-invalid', 'a date after today (Oslo) is refused'
);
select throws_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', -5, '2026-06-10') $$, :'ada_token'),
  'P0001', 'competition-amount-invalid', 'a negative amount is refused'
);
select throws_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-10') $$, :'jo_token'),
  'P0001', 'competition-no-team', 'someone without a team cannot log'
);
select throws_ok(
  $$ select public.log_competition_progress('wrong', '00000000-0000-4000-8000-0000000000c1', 5, '2026-06-10') $$,
  'PT404', 'participant-not-found', 'a wrong token opens nothing'
);
select lives_ok(
  format($$ select public.log_competition_progress(%L, '00000000-0000-4000-8000-0000000000c1', 20, '2026-06-10') $$, :'hal_token'),
  'the new team''s captain logs too'
);

-- ============================================================================================
-- Captain actions
-- ============================================================================================

select throws_ok(
  format($$ select public.decide_competition_join_request(%L, '00000000-0000-4000-8000-0000000000c1', %L, true) $$, :'ada_token', :'eli_member'),
  'PT403', 'competition-not-captain', 'a member cannot decide a request'
);
select throws_ok(
  format($$ select public.remove_competition_member(%L, '00000000-0000-4000-8000-0000000000c1', %L) $$, :'ada_token', :'cy_member'),
  'PT403', 'competition-not-captain', 'a member cannot remove anyone'
);
select throws_ok(
  format($$ select public.hand_over_competition_captaincy(%L, '00000000-0000-4000-8000-0000000000c1', %L) $$, :'bo_token', :'cy_member'),
  'PT403', 'competition-not-captain', 'a member cannot hand over captaincy'
);
select throws_ok(
  format($$ select public.update_competition_team(%L, '00000000-0000-4000-8000-0000000000c1', 'Kapret', null, false) $$, :'ada_token'),
  'PT403', 'competition-not-captain', 'a member cannot rename the team'
);
select throws_ok(
  format($$ select public.renew_competition_invite_code(%L, '00000000-0000-4000-8000-0000000000c1') $$, :'jo_token'),
  'PT403', 'competition-not-captain', 'someone without a team cannot renew a code'
);
select throws_ok(
  format($$ select public.remove_competition_member(%L, '00000000-0000-4000-8000-0000000000c1', %L) $$, :'hal_token', :'cy_member'),
  'PT404', 'competition-member-not-found', 'a captain cannot remove another team''s member'
);
select lives_ok(
  format($$ select public.decide_competition_join_request(%L, '00000000-0000-4000-8000-0000000000c1', %L, true) $$, :'fia_token', :'eli_member'),
  'the captain approves a request'
);
select is(
  (public.competition_participation(:'fia_token', '00000000-0000-4000-8000-0000000000c1') #>> '{team,invite_code}'),
  'lukke00003', 'the captain sees the invite code'
);
select is(
  (public.competition_participation(:'bo_token', '00000000-0000-4000-8000-0000000000c1') #>> '{team,invite_code}'),
  null, 'a member does not'
);

-- ============================================================================================
-- The freeze: from 20 June 12:00 the public sees the standings as of then
-- ============================================================================================

reset role;
update public.competitions set freeze_at = '2026-06-20 12:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000000c1';
select set_config('leadtorget.test_now', '2026-06-20 13:00 Europe/Oslo', true);
-- An entry made after the freeze (created_at is the transaction's now(): set it past the freeze).
insert into public.competitions_progress (competition_id, organization_id, participant_id, team_id, amount, on_date, created_at)
select '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', p.id, '00000000-0000-4000-8000-0000000000d2', 60, '2026-06-20',
  '2026-06-20 12:30 Europe/Oslo'
from public.participants as p where p.email = 'gro@example.com';

select tests.clear_authentication();
select is((public.competition_public('00000000-0000-4000-8000-0000000000c1') ->> 'total')::numeric, 100.0, 'anon: the intro''s total is as at the freeze');
select is((public.competition_public('00000000-0000-4000-8000-0000000000c1') ->> 'frozen')::boolean, true, 'anon: the intro says frozen');
select is(
  (select total from public.competition_leaderboard('00000000-0000-4000-8000-0000000000c1') where team_id = '00000000-0000-4000-8000-0000000000d2'),
  0::numeric, 'anon: the leaderboard hides the later entry'
);
select is(
  (select total from public.competition_public_teams('00000000-0000-4000-8000-0000000000c1') where team_id = '00000000-0000-4000-8000-0000000000d2'),
  0::numeric, 'anon: the team list hides it'
);
select is(
  jsonb_array_length(public.competition_public_team('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000d2') -> 'activity'),
  0, 'anon: the team page''s activity hides it'
);
select is(
  (public.competition_public_team('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000d2') ->> 'total')::numeric,
  0::numeric, 'anon: the team page''s total hides it'
);
select is(
  (public.competition_participation(:'bo_token', '00000000-0000-4000-8000-0000000000c1') #>> '{competition,total}')::numeric,
  100.0, 'a participant''s own page: the shared total is frozen too'
);
select tests.authenticate_as('other');
select is((public.competition_public('00000000-0000-4000-8000-0000000000c1') ->> 'total')::numeric, 100.0, 'another organization: frozen too');
select tests.authenticate_as('member');
select is((public.competition_public('00000000-0000-4000-8000-0000000000c1') ->> 'total')::numeric, 160.0, 'member: live figures');
select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-07-01 00:00 Europe/Oslo', true);
select is((public.competition_public('00000000-0000-4000-8000-0000000000c1') ->> 'total')::numeric, 160.0, 'anon: revealed at the end');

-- ============================================================================================
-- The lock, moderation and the organizer
-- ============================================================================================

select set_config('leadtorget.test_now', '2026-06-16 00:00 Europe/Oslo', true);
select throws_ok(
  $$ select public.join_competition_team('00000000-0000-4000-8000-0000000000c1', 'kai@example.com', true, now() - interval '1 minute',
       input_team_id => '00000000-0000-4000-8000-0000000000d4') $$,
  'P0001', 'competition-join-closed', 'no joining from the lock'
);
select throws_ok(
  format($$ select public.leave_competition_team(%L, '00000000-0000-4000-8000-0000000000c1') $$, :'bo_token'),
  'P0001', 'competition-join-closed', 'no leaving from the lock'
);

select tests.authenticate_as('member');
select lives_ok(
  $$ select public.reject_competition_progress(id, 'Urealistisk') from public.competitions_progress where amount = 42.5 $$,
  'member: rejects an entry with a reason'
);
select is(
  (select total from public.competition_summaries('00000000-0000-4000-8000-00000000000a') where competition_id = '00000000-0000-4000-8000-0000000000c1'),
  117.5::numeric, 'a rejected entry stops counting'
);
select throws_ok(
  format($$ select public.move_competition_member(%L, '00000000-0000-4000-8000-0000000000d1') $$, :'eli_member'),
  'PT409', 'competition-team-full', 'a move meets the cap too'
);
select is(
  (public.competition_statistics('00000000-0000-4000-8000-0000000000c1') ->> 'active_members')::int, 3,
  'statistics: active members are those with accepted entries'
);

-- Media: a team photo is recorded as used, and public while the competition is published.
reset role;
insert into public.organizations_media (id, organization_id, type, storage_path, url, alt_text, mime_type, size_bytes)
values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000a', 'image',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/original.png',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp', 'Laget', 'image/png', 10);
select tests.authenticate_as('member');
update public.competitions_teams set media_id = '00000000-0000-4000-8000-0000000000e1' where id = '00000000-0000-4000-8000-0000000000d4';
reset role;
select is(
  (select (kind, public_from) from public.media_usages where ref_id = '00000000-0000-4000-8000-0000000000d4'),
  ('competition-team'::text, '-infinity'::timestamptz), 'a team photo is a media usage, public while published'
);
select is(
  private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp'),
  true, 'so visitors may sign its web size'
);
update public.campaigns set published_at = null where id = '00000000-0000-4000-8000-0000000000c1';
select is(
  private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp'),
  false, 'and not once the competition is unpublished'
);
update public.campaigns set published_at = now() where id = '00000000-0000-4000-8000-0000000000c1';

-- Erasure: the captain of Lukket lag deletes her data; the team keeps a captain.
select tests.clear_authentication();
select public.delete_participant(:'fia_token');
reset role;
select is(
  (select p.email from public.competitions_members as m join public.participants as p on p.id = m.participant_id
   where m.team_id = '00000000-0000-4000-8000-0000000000d3' and m.role = 'captain'),
  'eli@example.com', 'a captain''s erasure hands the captaincy to the longest-standing member'
);
select is(
  (select count(*)::int from public.competitions_members where team_id = '00000000-0000-4000-8000-0000000000d3'), 1,
  'and her membership went with her'
);

select * from finish();
rollback;
