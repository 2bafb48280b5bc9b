-- Calendar draws (supabase/migrations/20261126100000_calendars.sql, docs/calendars.md «Draws»): commit
-- before the seed, the draw recomputed from its published seed and entry hash, approve, redraw, draw
-- more, exclusion of earlier winners, and the next-day announcement with first name and initial.
-- Actors: anon, owner, other organization's owner (a member may not draw: 35-campaign-holes).
begin;

select plan(36);

-- ============================================================================================
-- Fixtures (as postgres): six people enter door 5, four of them right; three enter door 6.
-- ============================================================================================

select tests.seed_calendar_cast();

select tests.create_calendar('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', 'Julekalender 2026', 'advent-24',
  '2026-12-01', '2026-12-24', published_at => now(), consent_text => 'Jeg godtar konkurransereglene.');
select id as d5 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 5 \gset
select id as d6 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 6 \gset
update public.calendar_doors set quiz_kind = 'text', quiz_question = 'Hva heter nissen?' where id = :'d5';
insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer) values (:'d5', '00000000-0000-4000-8000-00000000000a', 'Nissen');
insert into public.campaign_prizes (id, campaign_id, organization_id, item_id, name) values
  ('00000000-0000-4000-8000-0000000000e5', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', :'d5', 'Gavekort'),
  ('00000000-0000-4000-8000-0000000000e0', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', null, 'Varmepumpe');

select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select count(*) from (values
  ('ola@example.com', 'Ola Nordmann', 'Nissen'), ('kari@example.com', 'Kari Nordmann', 'nissen'),
  ('per@example.com', 'Per', 'Nissen'), ('anne@example.com', 'Anne Marie hansen', 'Nissen'),
  ('lise@example.com', 'Lise Berg', 'Rudolf'), ('jon@example.com', 'Jon Li', 'Julenissen')
) as p (email, name, answer)
cross join lateral public.submit_calendar_entry(
  '00000000-0000-4000-8000-0000000000c3', 5, p.email, true, now() - interval '10 s', null, p.name, null, p.answer
);
select set_config('leadtorget.test_now', '2026-12-06 10:00 Europe/Oslo', true);
select count(*) from (values ('ola@example.com'), ('lise@example.com'), ('eva@example.com')) as p (email)
cross join lateral public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 6, p.email, true, now() - interval '10 s');

select is(private.first_name_and_initial('Ola Nordmann'), 'Ola N.', 'first name and initial');
select is(private.first_name_and_initial('  Anne Marie  hansen '), 'Anne H.', 'the last name''s initial, upper-cased');
select is(private.first_name_and_initial('Per'), 'Per', 'a single name stays');
select is(private.first_name_and_initial(null), null, 'no name, no announcement name');

-- ============================================================================================
-- Commit
-- ============================================================================================

select tests.clear_authentication();
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', null, '00000000-0000-4000-8000-0000000000e0', 'all', false, 1) $$,
  '42501', null, 'anon: cannot commit a draw'
);
select throws_ok($$ select * from public.campaign_draws $$, '42501', null, 'anon: cannot read draws');
select throws_ok($$ select * from public.campaign_draw_winners $$, '42501', null, 'anon: cannot read winners');

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', null, '00000000-0000-4000-8000-0000000000e0', 'all', false, 1) $$,
  'PT404', 'calendar-not-found', 'other organization: not found'
);

select tests.authenticate_as('owner');
select set_config('leadtorget.test_now', '2026-12-06 07:59 Europe/Oslo', true);
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', '$$ || :'d5' || $$', '00000000-0000-4000-8000-0000000000e5', 'correct', false, 2) $$,
  'P0001', 'calendar-door-still-open', 'a door still taking entries cannot be drawn'
);
select set_config('leadtorget.test_now', '2026-12-06 09:00 Europe/Oslo', true);
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', '$$ || :'d5' || $$', '00000000-0000-4000-8000-0000000000e0', 'correct', false, 2) $$,
  'P0001', 'calendar-prize-mismatch', 'the grand prize is not door 5''s'
);
select (public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', :'d5', '00000000-0000-4000-8000-0000000000e5', 'correct', false, 2)).id as draw \gset
select is(
  (select cardinality(entry_ids) from public.campaign_draws where id = :'draw'),
  4, 'member: the four correct entries are committed'
);
select is(
  (select entry_ids from public.campaign_draws where id = :'draw'),
  (select array_agg(e.id order by e.id::text) from public.campaign_entries as e where e.item_id = :'d5' and e.is_correct),
  'the committed list is the correct entries, sorted'
);
-- The verification recipe, independently: SHA-256 of the ids joined by a line feed.
select is(
  (select entries_sha256 from public.campaign_draws where id = :'draw'),
  (select encode(sha256(convert_to(string_agg(e.id::text, E'\n' order by e.id::text), 'UTF8')), 'hex')
   from public.campaign_entries as e where e.item_id = :'d5' and e.is_correct),
  'the entry hash recomputes from the entries'
);
select is((select seed_hex from public.campaign_draws where id = :'draw'), null, 'no seed exists at commit');

-- ============================================================================================
-- Run, recompute, approve, redraw, draw more
-- ============================================================================================

select tests.authenticate_as('other');
select throws_ok($$ select public.run_calendar_draw('$$ || :'draw' || $$') $$, 'PT404', 'calendar-draw-not-found', 'other organization: cannot run it');

select tests.authenticate_as('owner');
select is((select count(*)::int from public.run_calendar_draw(:'draw')), 2, 'owner: the draw picks winners_count winners');
select ok((select seed_hex ~ '^[0-9a-f]{64}$' and drawn_at is not null from public.campaign_draws where id = :'draw'), 'a 32-byte seed is published');
select results_eq(
  $$ select entry_id from public.campaign_draw_winners where draw_id = '$$ || :'draw' || $$' order by rank $$,
  $$ select eid from public.campaign_draws as d, unnest(d.entry_ids) as u (eid)
     where d.id = '$$ || :'draw' || $$'
     order by sha256(convert_to(d.seed_hex || ':' || eid::text, 'UTF8')) limit 2 $$,
  'the winners recompute from the published seed and the committed list'
);
select throws_ok($$ select public.run_calendar_draw('$$ || :'draw' || $$') $$, 'P0001', 'calendar-draw-already-run', 'a draw runs once');

select id as first_winner from public.campaign_draw_winners where draw_id = :'draw' and rank = 1 \gset
select id as second_winner from public.campaign_draw_winners where draw_id = :'draw' and rank = 2 \gset
select is(
  (select count(*)::int from public.decide_calendar_winner(:'first_winner', false, 'Jobber hos oss')),
  3, 'rejecting a winner draws the next'
);
select results_eq(
  $$ select entry_id from public.campaign_draw_winners where draw_id = '$$ || :'draw' || $$' and rank = 3 $$,
  $$ select eid from public.campaign_draws as d, unnest(d.entry_ids) as u (eid)
     where d.id = '$$ || :'draw' || $$'
     order by sha256(convert_to(d.seed_hex || ':' || eid::text, 'UTF8')) offset 2 limit 1 $$,
  'the redraw is the third in the ranking'
);
select lives_ok($$ select public.decide_calendar_winner('$$ || :'second_winner' || $$', true) $$, 'owner: approves a winner');
select lives_ok(
  $$ select public.decide_calendar_winner(id, true) from public.campaign_draw_winners where draw_id = '$$ || :'draw' || $$' and rank = 3 $$,
  'and the redrawn one'
);
select throws_ok($$ select public.decide_calendar_winner('$$ || :'second_winner' || $$', false) $$, 'P0001', 'calendar-winner-decided', 'a decision stands');
select is((select count(*)::int from public.draw_more_calendar_winners(:'draw', 1)), 4, 'draw more: the fourth in the ranking');
select throws_ok($$ select public.draw_more_calendar_winners('$$ || :'draw' || $$', 1) $$, 'P0001', 'calendar-draw-exhausted', 'nobody left to draw');

select tests.authenticate_as('other');
select is((select count(*)::int from public.campaign_draw_winners), 0, 'other organization: no winners');
select is((select count(*)::int from public.campaign_draws), 0, 'other organization: no draws');

-- ============================================================================================
-- The grand prize without earlier winners
-- ============================================================================================

select tests.authenticate_as('owner');
select set_config('leadtorget.test_now', '2026-12-25 10:00 Europe/Oslo', true);
select (public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', null, '00000000-0000-4000-8000-0000000000e0', 'all', true, 1)).id as grand \gset
select is(
  (select cardinality(entry_ids) from public.campaign_draws where id = :'grand'),
  (select count(*)::int from public.campaign_entries as e
   where not exists (select 1 from public.campaign_draw_winners as w where w.participant_id = e.participant_id and w.status <> 'rejected')),
  'the grand draw counts every entry of the calendar except those of earlier winners'
);
select is(
  (select count(*)::int from public.campaign_draws as d, unnest(d.entry_ids) as u (eid)
   join public.campaign_draw_winners as w on w.entry_id = u.eid
   where d.id = :'grand' and w.status <> 'rejected'),
  0, 'no winning entry is in it'
);
select ok(
  (select count(*) from public.campaign_draws as d, unnest(d.entry_ids) as u (eid)
   join public.campaign_draw_winners as w on w.entry_id = u.eid
   where d.id = :'grand' and w.status = 'rejected') = 1,
  'a rejected winner may win again'
);

-- ============================================================================================
-- The announcement
-- ============================================================================================

select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-06 07:59:59 Europe/Oslo', true);
select is_empty(
  $$ select * from public.calendar_public_winners('00000000-0000-4000-8000-0000000000c3') $$,
  'anon: no winners before the next day''s door time'
);
select set_config('leadtorget.test_now', '2026-12-06 08:00 Europe/Oslo', true);
select is(
  (select count(*)::int from public.calendar_public_winners('00000000-0000-4000-8000-0000000000c3')),
  2, 'anon: the two approved winners from the next day''s door time, not the pending or rejected ones'
);
select ok(
  (select bool_and(winner_name ~ '^\S+( \S\.)?$') from public.calendar_public_winners('00000000-0000-4000-8000-0000000000c3')),
  'anon: first name and initial only'
);
select results_eq(
  $$ select day_number, prize_name from public.calendar_public_winners('00000000-0000-4000-8000-0000000000c3') limit 1 $$,
  $$ values (5, 'Gavekort'::text) $$,
  'anon: the door and the prize'
);
reset role;
update public.campaigns set published_at = null where id = '00000000-0000-4000-8000-0000000000c3';
select tests.clear_authentication();
select is_empty(
  $$ select * from public.calendar_public_winners('00000000-0000-4000-8000-0000000000c3') $$,
  'anon: an unpublished calendar announces nothing'
);

select * from finish();
rollback;
