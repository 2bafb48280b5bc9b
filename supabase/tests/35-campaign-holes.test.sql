-- Two ways to abuse a campaign that the engine closes (docs/campaign-engine.md «What a public write
-- may not do», «Draws»):
-- 1. Knowing someone's e-mail: registering or entering again with it changes nothing of theirs (name,
--    phone, unsubscribed reminders and marketing, the winners list) and tells nothing (not whether
--    the address takes part, not what it answered).
-- 2. Redraw until a friend wins, then erase the trace: only owners and admins draw, one draw per
--    prize, a rejection needs a reason and its replacement is recorded, and nothing of a draw can be
--    deleted while the calendar exists.
-- Actors: anon, member, owner, the participant by token.
begin;

select plan(22);

select tests.seed_calendar_cast();

select tests.create_calendar('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', 'Julekalender 2026', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'Jeg godtar konkurransereglene.', 'Ja takk til nyhetsbrev.');
select id as d5 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 5 \gset
update public.calendar_doors set quiz_kind = 'text', quiz_question = 'Hva heter nissen?' where id = :'d5';
insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer, voucher_code)
values (:'d5', '00000000-0000-4000-8000-00000000000a', 'Nissen', 'JUL5');
insert into public.campaign_prizes (id, campaign_id, organization_id, item_id, name) values
  ('00000000-0000-4000-8000-0000000000e5', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', :'d5', 'Gavekort');

-- ============================================================================================
-- 1. A known e-mail address
-- ============================================================================================

select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select count(*) from public.submit_calendar_entry(
  '00000000-0000-4000-8000-0000000000c3', 5, 'sofie@example.com', true, now() - interval '10 s', null,
  'Sofie Berg', '912 34 567', 'Nissen', '{}', true, true
);
select count(*) from (values ('ola@example.com'), ('kari@example.com'), ('per@example.com')) as p (email)
cross join lateral public.submit_calendar_entry(
  '00000000-0000-4000-8000-0000000000c3', 5, p.email, true, now() - interval '10 s', null, 'Venn', null, 'Rudolf'
);
select tests.authenticate_as_service_role();
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as sofie_token
from public.participants where email = 'sofie@example.com' \gset
select tests.clear_authentication();
-- She unsubscribes from this calendar's marketing (and with it its reminders) by her link.
select public.withdraw_consent(:'sofie_token', 'marketing', '00000000-0000-4000-8000-0000000000c3');

-- Someone who knows the address enters again, with other details and every box ticked.
select results_eq(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'Sofie@Example.com', true,
       now() - interval '10 s', null, 'Svindel Svendsen', '+4799999999', 'Rudolf', '{}', true, true) $$,
  $$ values ('entered'::text, false, 'JUL5'::text) $$,
  'entering again answers as a new address would: this answer''s result, not the stored one'
);
select results_eq(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'nobody@example.com', true,
       now() - interval '10 s', null, 'Ny Person', null, 'Rudolf', '{}', false, false) $$,
  $$ values ('entered'::text, false, 'JUL5'::text) $$,
  'the same answer from a new address: the replies cannot tell the two apart'
);
select is(
  public.register_calendar_participant('00000000-0000-4000-8000-0000000000c3', 'sofie@example.com', true, now() - interval '10 s',
    null, 'Svindel Svendsen', '+4799999999', true, true),
  'registered', 'pre-registering a known address answers as for a new one'
);

reset role;
select results_eq(
  $$ select p.name, p.phone, r.reminders_opt_in,
       exists (select 1 from public.consents as k
               where k.participant_id = p.id and k.purpose = 'marketing' and k.withdrawn_at is null)
     from public.participants as p join public.campaign_registrations as r on r.participant_id = p.id
     where p.email = 'sofie@example.com' $$,
  $$ values ('Sofie Berg'::text, '+4791234567'::text, false, false) $$,
  'the person''s name and phone stay, and unsubscribed stays unsubscribed (no reminders, no marketing consent)'
);
select results_eq(
  $$ select e.answer, e.is_correct from public.campaign_entries as e
     join public.participants as p on p.id = e.participant_id where p.email = 'sofie@example.com' $$,
  $$ values ('Nissen'::text, true) $$,
  'their one entry keeps its answer'
);
select results_eq(
  $$ select l.name, l.phone from public.leads as l where l.email = 'sofie@example.com' $$,
  $$ values ('Sofie Berg'::text, '+4791234567'::text) $$,
  'and their lead its details'
);

-- ============================================================================================
-- 2. Draws: who, how often, and what stays
-- ============================================================================================

select set_config('leadtorget.test_now', '2026-12-06 09:00 Europe/Oslo', true);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', '$$ || :'d5' || $$', '00000000-0000-4000-8000-0000000000e5', 'all', false, 1) $$,
  'PT404', 'calendar-not-found', 'member: may not draw'
);

select tests.authenticate_as('owner');
select (public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', :'d5', '00000000-0000-4000-8000-0000000000e5', 'all', false, 1)).id as draw \gset
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000c3', '$$ || :'d5' || $$', '00000000-0000-4000-8000-0000000000e5', 'all', false, 1) $$,
  'P0001', 'calendar-prize-already-drawn', 'owner: a prize is drawn once, so there is no second draw to run'
);
select is((select count(*)::int from public.run_calendar_draw(:'draw')), 1, 'owner: runs the draw');
select id as first_winner from public.campaign_draw_winners where draw_id = :'draw' and rank = 1 \gset

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.decide_calendar_winner('$$ || :'first_winner' || $$', false, 'Vil heller at en venn vinner') $$,
  'PT404', 'calendar-draw-not-found', 'member: may not reject a winner'
);
select throws_ok(
  $$ select public.draw_more_calendar_winners('$$ || :'draw' || $$', 1) $$,
  'PT404', 'calendar-draw-not-found', 'member: may not draw more'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.decide_calendar_winner('$$ || :'first_winner' || $$', false) $$,
  'P0001', 'calendar-winner-reason-required', 'owner: a rejection needs a reason'
);
select is(
  (select count(*)::int from public.decide_calendar_winner(:'first_winner', false, 'Ansatt hos arrangøren')),
  2, 'owner: rejects with a reason; the next in the ranking is drawn'
);
select results_eq(
  $$ select rank, status, added_as, reason from public.campaign_draw_winners where draw_id = '$$ || :'draw' || $$' order by rank $$,
  $$ values (1, 'rejected'::text, 'draw'::text, 'Ansatt hos arrangøren'::text), (2, 'pending'::text, 'replacement'::text, null::text) $$,
  'the rejection, its reason and the replacement are recorded'
);

-- Anyone can check the draw: the commitment, the seed, and every winner with how and why.
select tests.clear_authentication();
select results_eq(
  $$ select prize_name, cardinality(entry_ids), entries_sha256 ~ '^[0-9a-f]{64}$', committed_at < drawn_at,
       jsonb_path_query_array(winners, '$[*].added_as'), winners -> 0 ->> 'reason'
     from public.calendar_draw_verification('00000000-0000-4000-8000-0000000000c3') $$,
  $$ values ('Gavekort'::text, 5, true, true, '["draw", "replacement"]'::jsonb, 'Ansatt hos arrangøren'::text) $$,
  'anon: the draw''s list, hash and times, the rejection''s reason and the replacement'
);
select is(
  (select jsonb_path_query_array(winners, '$[*].entry_id') from public.calendar_draw_verification('00000000-0000-4000-8000-0000000000c3')),
  (select jsonb_agg(r.eid order by r.n) from (
     select u.eid, row_number() over (order by sha256(convert_to(v.seed_hex || ':' || u.eid::text, 'UTF8'))) as n
     from public.calendar_draw_verification('00000000-0000-4000-8000-0000000000c3') as v, unnest(v.entry_ids) as u (eid)
   ) as r where r.n <= 2),
  'anon: the winners are the first two of the ranking recomputed from the published seed'
);
select tests.authenticate_as('owner');

select throws_ok(
  $$ delete from public.campaign_draws where id = '$$ || :'draw' || $$' $$,
  '42501', null, 'owner: cannot delete a draw through the API'
);
select throws_ok(
  $$ delete from public.campaign_prizes where id = '00000000-0000-4000-8000-0000000000e5' $$,
  'P0001', 'campaign-prize-drawn', 'owner: a drawn prize cannot be deleted (it would take the draws with it)'
);
select throws_ok(
  $$ delete from public.calendar_doors where id = '$$ || :'d5' || $$' $$,
  'P0001', 'campaign-prize-drawn', 'owner: nor its door (whose prize was drawn)'
);
reset role;
select throws_ok(
  $$ delete from public.campaign_draw_winners where draw_id = '$$ || :'draw' || $$' $$,
  'P0001', 'campaign-draw-append-only', 'not even the database owner deletes a winner while the calendar exists'
);

-- A winner who deletes their data leaves the draw's record without them.
select tests.authenticate_as_service_role();
select public.issue_participant_token(participant_id, campaign_id) as winner_token
from public.campaign_draw_winners where id = :'first_winner' \gset
select tests.clear_authentication();
select public.delete_participant(:'winner_token');
reset role;
select results_eq(
  $$ select rank, status, participant_id, entry_id from public.campaign_draw_winners where id = '$$ || :'first_winner' || $$' $$,
  $$ values (1, 'rejected'::text, null::uuid, null::uuid) $$,
  'a winner''s erasure keeps the draw''s record, without the person'
);

delete from public.calendars where id = '00000000-0000-4000-8000-0000000000c3';
select is((select count(*)::int from public.campaign_draws), 0, 'deleting the whole calendar removes its draws');

select * from finish();
rollback;
