-- A person's page lists their bookings (supabase/migrations/20261202100000_participation_bookings.sql):
-- service, staff, start and end, status, times, what was paid, the answers by their questions' labels;
-- only their own. Each other kind's entries are what they were before the split into one function per
-- kind. Erasure deletes the bookings (the slot is free again) and keeps a paid booking's order without
-- the buyer's name and phone.
begin;

select plan(16);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at) values
  ('00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Bestill befaring',
   'Jeg godtar.', '2026-05-01 08:00 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000084f1', '00000000-0000-4000-8000-00000000000a', 'form', 'Om jobben', 'OK', now()),
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-00000000000a', 'competition', 'Sykle', 'OK', now()),
  ('00000000-0000-4000-8000-0000000084d1', '00000000-0000-4000-8000-00000000000a', 'calendar', 'Jul', 'OK', now());
insert into public.forms (id, organization_id) values ('00000000-0000-4000-8000-0000000084f1', '00000000-0000-4000-8000-00000000000a');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000084e1', '00000000-0000-4000-8000-0000000084f1', '00000000-0000-4000-8000-00000000000a',
   '{"version": 1, "pages": [{"id": "p1", "blocks": [
      {"kind": "short_text", "id": "b_adresse", "key": "adresse", "label": "Adresse"}]}]}', now());
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_max) values
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 100, 3);
insert into public.seller_accounts (organization_id, provider, account_id, charges_enabled)
values ('00000000-0000-4000-8000-00000000000a', 'local', 'acct_local_84', true);
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, minimum_notice_minutes, form_id) values
  ('00000000-0000-4000-8000-0000000084b1', '00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a',
   'Befaring', 60, 0, '00000000-0000-4000-8000-0000000084f1');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, minimum_notice_minutes,
  price_ore, payment, vat_rate) values
  ('00000000-0000-4000-8000-0000000084b2', '00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a',
   'Service', 60, 0, 149000, 'online', 25);
insert into public.booking_staff (id, solution_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a', 'Kari');
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-0000000084b1', '00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-0000000084b2', '00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a');

create function pg_temp.book(service text, starts_at timestamptz, email text, answers jsonb default '{}')
returns jsonb
language sql
as $$
  select public.book_booking(
    '00000000-0000-4000-8000-0000000084a1', ('00000000-0000-4000-8000-0000000084' || service)::uuid,
    '00000000-0000-4000-8000-0000000084c1', starts_at, '203.0.113.84', now() - interval '1 minute',
    '', email, 'Ada Lovelace', '+4791234567', true, false, answers, 'local'
  );
$$;

-- private.participation_entries as it was (20261128171000_participation_entries.sql), to hold the
-- other kinds to what they gave before.
create function pg_temp.entries_before(person public.participants, campaign public.campaigns)
returns jsonb
language sql
stable
as $$
  select coalesce(jsonb_agg(entry order by (entry ->> 'item')::integer nulls first, entry ->> 'created_at'), '[]')
  from (
    select jsonb_build_object(
      'item', i.position, 'answer', e.answer, 'is_correct', e.is_correct,
      'form_answers', e.form_answers, 'created_at', e.created_at
    ) as entry
    from public.campaign_entries as e left join public.campaign_items as i on i.id = e.item_id
    where e.participant_id = person.id and e.campaign_id = campaign.id
    union all
    select jsonb_build_object(
      'item', null, 'answer', replace(rtrim(to_char(p.amount, 'FM999999990.999'), '.'), '.', ',') || ' ' || c.unit,
      'is_correct', null,
      'form_answers', jsonb_strip_nulls(jsonb_build_object(
        'on_date', p.on_date, 'note', p.note, 'rejected_reason', p.rejected_reason
      )),
      'created_at', p.created_at
    )
    from public.competitions_progress as p join public.competitions as c on c.id = p.competition_id
    where p.participant_id = person.id and p.competition_id = campaign.id
    union all
    select jsonb_build_object(
      'item', null, 'answer', null, 'is_correct', null,
      'form_answers', private.form_answers_by_label(r.answers, v.definition),
      'created_at', r.submitted_at
    )
    from public.forms_responses as r join public.forms_versions as v on v.id = r.version_id
    where r.participant_id = person.id and r.form_id = campaign.id
  ) as entries;
$$;

select tests.authenticate_as_service_role();
-- Ada: a befaring with an answer, moved; a paid service, settled; a befaring she cancelled. Bo: one.
select set_config('pb.visit', pg_temp.book('b1', '2026-06-02 10:00 Europe/Oslo', 'ada@example.no',
  '{"b_adresse": "Strandkaien 1"}')::text, true);
select public.reschedule_booking(current_setting('pb.visit')::jsonb ->> 'token', '2026-06-02 12:00 Europe/Oslo',
  null, '203.0.113.84');
select set_config('pb.paid', pg_temp.book('b2', '2026-06-03 10:00 Europe/Oslo', 'ada@example.no')::text, true);
select public.settle_checkout_order((current_setting('pb.paid')::jsonb #>> '{order,id}')::uuid, 'visa', '4242');
select set_config('pb.gone', pg_temp.book('b1', '2026-06-04 10:00 Europe/Oslo', 'ada@example.no',
  '{"b_adresse": "Strandkaien 1"}')::text, true);
select public.cancel_booking(current_setting('pb.gone')::jsonb ->> 'token', '203.0.113.84');
select set_config('pb.bo', pg_temp.book('b1', '2026-06-05 10:00 Europe/Oslo', 'bo@example.no',
  '{"b_adresse": "Bos vei 2"}')::text, true);
select set_config('pb.token', public.booking_participation_token(
  (current_setting('pb.visit')::jsonb #>> '{booking,id}')::uuid), true);
select p.id as ada_id from public.participants as p where p.email = 'ada@example.no' \gset

-- Ada's entries of the other kinds: a calendar door, a competition's progress, a form response.
reset role;
insert into public.campaign_items (id, campaign_id, organization_id, position) values
  ('00000000-0000-4000-8000-0000000084d2', '00000000-0000-4000-8000-0000000084d1', '00000000-0000-4000-8000-00000000000a', 3);
insert into public.campaign_entries (campaign_id, organization_id, item_id, participant_id, answer, is_correct, consent_id)
select '00000000-0000-4000-8000-0000000084d1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000084d2',
  :'ada_id', 'Nissen', true, k.id
from public.consents as k where k.participant_id = :'ada_id' limit 1;
insert into public.competitions_progress (competition_id, organization_id, participant_id, amount, on_date, note) values
  ('00000000-0000-4000-8000-0000000084c1', '00000000-0000-4000-8000-00000000000a', :'ada_id', 7.25, '2026-06-01', 'Til jobben');
insert into public.forms_responses (form_id, organization_id, version_id, participant_id, answers) values
  ('00000000-0000-4000-8000-0000000084f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000084e1',
   :'ada_id', '{"b_adresse": "Strandkaien 1"}');

select results_eq(
  $$ select c.kind, private.participation_entries(p, c) = pg_temp.entries_before(p, c),
       jsonb_array_length(private.participation_entries(p, c))
     from public.participants as p, public.campaigns as c
     where p.email = 'ada@example.no' and c.kind in ('calendar', 'competition', 'form')
       and c.organization_id = p.organization_id and c.id::text like '%84%'
     order by c.kind $$,
  $$ values ('calendar', true, 1), ('competition', true, 1), ('form', true, 1) $$,
  'a calendar''s, a competition''s and a form''s entries are what they were before the split'
);
select is(
  (select pg_temp.entries_before(p, c) from public.participants as p, public.campaigns as c
   where p.email = 'ada@example.no' and c.id = '00000000-0000-4000-8000-0000000084a1'),
  '[]'::jsonb, 'the bookings were missing before'
);
select is(
  (select count(*)::integer from public.participants as p, public.campaigns as c,
     private.participation_booking_entries(p, c) as e
   where p.email = 'ada@example.no' and c.id <> '00000000-0000-4000-8000-0000000084a1'),
  0, 'the bookings function gives nothing for another kind''s campaign'
);

-- The person's page, by the token of a booking's e-mail
select tests.clear_authentication();
create temporary table page on commit drop as
  select e.entry, e.n
  from jsonb_array_elements(
    (select c from jsonb_array_elements(public.participation(current_setting('pb.token')) -> 'campaigns') as c
     where c ->> 'campaign_id' = '00000000-0000-4000-8000-0000000084a1') -> 'entries'
  ) with ordinality as e (entry, n);
grant select on page to anon;

select is((select count(*)::integer from page), 3, 'anon with Ada''s token: her three bookings, not Bo''s');
select results_eq(
  $$ select entry #>> '{booking,service}', entry #>> '{booking,staff}', entry #>> '{booking,status}',
       (entry #>> '{booking,starts_at}')::timestamptz, (entry #>> '{booking,ends_at}')::timestamptz
     from page order by n $$,
  $$ values ('Befaring', 'Kari', 'confirmed', '2026-06-02 12:00 Europe/Oslo'::timestamptz, '2026-06-02 13:00 Europe/Oslo'::timestamptz),
            ('Service', 'Kari', 'confirmed', '2026-06-03 10:00 Europe/Oslo', '2026-06-03 11:00 Europe/Oslo'),
            ('Befaring', 'Kari', 'cancelled', '2026-06-04 10:00 Europe/Oslo', '2026-06-04 11:00 Europe/Oslo') $$,
  'each booking: service, staff, status, start and end, in the order they were made'
);
select is(
  (select entry -> 'form_answers' from page where n = 1), '{"Adresse": "Strandkaien 1"}'::jsonb,
  'the answers by their questions'' labels'
);
select ok(
  (select entry #>> '{booking,rescheduled_at}' is not null and entry #>> '{booking,cancelled_at}' is null from page where n = 1)
  and (select entry #>> '{booking,cancelled_at}' is not null from page where n = 3)
  and (select entry ->> 'created_at' is not null from page where n = 2),
  'when it was made, moved and cancelled'
);
select results_eq(
  $$ select (entry #>> '{booking,paid_ore}')::integer, (entry #>> '{booking,refunded_ore}')::integer from page order by n $$,
  $$ values (null::integer, null::integer), (149000, 0), (null, null) $$,
  'what was paid online, only for the paid booking'
);
select is(
  (select (jsonb_array_elements(public.participation(current_setting('pb.token')) -> 'campaigns') ->> 'kind')
   limit 1), 'booking', 'the booking solution is among her campaigns'
);
select throws_ok(
  $$ select public.booking_participation_token('00000000-0000-4000-8000-00000000dead') $$,
  '42501', null, 'anon cannot issue a participation token'
);

-- The token for the e-mails
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.booking_participation_token('00000000-0000-4000-8000-00000000dead') $$,
  'PT404', 'booking-not-found', 'service role: an unknown booking has no token'
);
select isnt(
  public.booking_participation_token((current_setting('pb.bo')::jsonb #>> '{booking,id}')::uuid),
  current_setting('pb.token'), 'each e-mail gets a fresh token'
);

-- Erasure
select tests.clear_authentication();
select lives_ok($$ select public.delete_participant(current_setting('pb.token')) $$, 'Ada deletes everything');
select tests.authenticate_as_service_role();
select is(
  (select count(*)::integer from public.bookings where solution_id = '00000000-0000-4000-8000-0000000084a1'),
  1, 'her bookings are gone, Bo''s stays'
);
select results_eq(
  $$ select o.status, o.total_ore, o.participant_id is null, o.buyer from public.orders as o
     where o.id = (current_setting('pb.paid')::jsonb #>> '{order,id}')::uuid $$,
  $$ values ('paid', 149000, true, '{}'::jsonb) $$,
  'the paid booking''s order stays for bookkeeping, without her name and phone'
);
select lives_ok(
  $$ select pg_temp.book('b1', '2026-06-02 12:00 Europe/Oslo', 'cy@example.no', '{"b_adresse": "Fjordgata 3"}') $$,
  'her upcoming time is free again for another visitor'
);

select * from finish();
rollback;
