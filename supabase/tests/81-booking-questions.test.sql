-- Questions before booking (supabase/migrations/20261201100000_booking_questions.sql): a service asks
-- a form's latest published version; anon reads it for a published solution; the trigger stamps the
-- version and refuses answers to anything it does not ask; members read the answers by label;
-- another organization's form cannot be chosen.
begin;

select plan(14);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at) values
  ('00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Befaring',
   'Jeg godtar.', '2026-05-01 08:00 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000081f1', '00000000-0000-4000-8000-00000000000a', 'form', 'Om jobben', 'OK', now()),
  ('00000000-0000-4000-8000-0000000081f2', '00000000-0000-4000-8000-00000000000b', 'form', 'Nordlys', 'OK', now());
insert into public.forms (id, organization_id) values
  ('00000000-0000-4000-8000-0000000081f1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000081f2', '00000000-0000-4000-8000-00000000000b');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000081e1', '00000000-0000-4000-8000-0000000081f1', '00000000-0000-4000-8000-00000000000a',
   '{"version": 1, "pages": [{"id": "p1", "blocks": [
      {"kind": "statement", "id": "s_intro", "heading": "Om jobben"},
      {"kind": "single_choice", "id": "b_hva", "key": "hva", "label": "Hva gjelder det?", "required": true,
       "options": [{"id": "o_bad", "label": "Bad"}, {"id": "o_kjokken", "label": "Kjøkken"}]},
      {"kind": "short_text", "id": "b_adresse", "key": "adresse", "label": "Adresse for {hva}"}]}]}', now()),
  ('00000000-0000-4000-8000-0000000081e2', '00000000-0000-4000-8000-0000000081f1', '00000000-0000-4000-8000-00000000000a',
   '{"version": 1, "pages": [{"id": "p1", "blocks": [{"kind": "short_text", "id": "b_utkast", "key": "utkast", "label": "Utkast"}]}]}', null);
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, minimum_notice_minutes, form_id) values
  ('00000000-0000-4000-8000-0000000081b1', '00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a',
   'Befaring', 60, 0, '00000000-0000-4000-8000-0000000081f1'),
  ('00000000-0000-4000-8000-0000000081b2', '00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a',
   'Service', 60, 0, null);
insert into public.booking_staff (id, solution_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000081c1', '00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a', 'Kari');
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000081c1', '00000000-0000-4000-8000-0000000081b1', '00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000081c1', '00000000-0000-4000-8000-0000000081b2', '00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000000a');

create function pg_temp.book(service text, starts_at timestamptz, answers jsonb)
returns jsonb
language sql
as $$
  select public.book_booking(
    '00000000-0000-4000-8000-0000000081a1', ('00000000-0000-4000-8000-0000000081' || service)::uuid,
    '00000000-0000-4000-8000-0000000081c1', starts_at, '203.0.113.81', now() - interval '1 minute',
    '', 'ola@example.no', 'Ola', null, true, false, answers
  );
$$;

-- The public read
select tests.clear_authentication();
select results_eq(
  $$ select q ->> 'version_id', q #>> '{definition,pages,0,blocks,1,id}'
     from public.booking_service_questions('00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-0000000081b1') as q $$,
  $$ values ('00000000-0000-4000-8000-0000000081e1', 'b_hva') $$,
  'anon: a service''s questions are its form''s latest published version, never the draft'
);
select is(
  public.booking_service_questions('00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-0000000081b2'),
  null, 'anon: a service without a form asks nothing'
);
select throws_ok(
  $$ select public.booking_service_questions('00000000-0000-4000-8000-0000000081a1', '00000000-0000-4000-8000-00000000dead') $$,
  'PT404', 'booking-service-not-found', 'anon: another service id is not found'
);

-- The trigger on every write
select tests.authenticate_as_service_role();
select lives_ok(
  $$ select set_config('bq.first', pg_temp.book('b1', '2026-06-02 10:00 Europe/Oslo',
       '{"b_hva": {"choices": ["o_bad"]}, "b_adresse": "Strandkaien 1"}')::text, true) $$,
  'a booking answering the service''s questions is made'
);
select is(
  (select form_version_id from public.bookings where id = (current_setting('bq.first')::jsonb #>> '{booking,id}')::uuid),
  '00000000-0000-4000-8000-0000000081e1'::uuid, 'the booking records the version it answered'
);
select throws_ok(
  $$ select pg_temp.book('b1', '2026-06-02 12:00 Europe/Oslo', '{"b_ukjent": "x"}') $$,
  'PT400', 'booking-answers-invalid', 'an answer to a question the form does not ask is refused'
);
select throws_ok(
  $$ select pg_temp.book('b1', '2026-06-02 12:00 Europe/Oslo', '{"s_intro": "x"}') $$,
  'PT400', 'booking-answers-invalid', 'an answer to a statement is refused'
);
select is(
  (select form_version_id from public.bookings
   where id = (pg_temp.book('b2', '2026-06-02 12:00 Europe/Oslo', '{}') #>> '{booking,id}')::uuid),
  null, 'a booking of a service without questions records no version'
);
select throws_ok(
  $$ update public.bookings set answers = '{"b_utkast": "x"}'
     where id = (current_setting('bq.first')::jsonb #>> '{booking,id}')::uuid $$,
  'PT400', 'booking-answers-invalid', 'a later write is held to the booking''s version too'
);

-- The organization reads the answers as the visitor saw the questions
select tests.authenticate_as('member');
select is(
  (select public.booking_answer_list(b) from public.bookings as b
   where b.id = (current_setting('bq.first')::jsonb #>> '{booking,id}')::uuid),
  '[{"label": "Hva gjelder det?", "text": "Bad"}, {"label": "Adresse for Bad", "text": "Strandkaien 1"}]'::jsonb,
  'member: the answers by their piped labels, in the form''s order, options by their labels'
);
select tests.authenticate_as_service_role();
select set_config('bq.row', (select b::text from public.bookings as b
  where b.id = (current_setting('bq.first')::jsonb #>> '{booking,id}')::uuid), true);
select tests.authenticate_as('other');
select is(
  public.booking_answer_list(current_setting('bq.row')::public.bookings),
  '[]'::jsonb, 'another organization''s owner gets nothing, even handed the row'
);

-- The owner chooses the form
select tests.authenticate_as('owner');
select lives_ok(
  $$ update public.booking_services set form_id = null where id = '00000000-0000-4000-8000-0000000081b1' $$,
  'owner: takes the questions off a service'
);
select throws_ok(
  $$ update public.booking_services set form_id = '00000000-0000-4000-8000-0000000081f2'
     where id = '00000000-0000-4000-8000-0000000081b1' $$,
  '23503', null, 'owner: another organization''s form cannot be chosen'
);
select tests.authenticate_as('member');
select is_empty(
  $$ update public.booking_services set form_id = '00000000-0000-4000-8000-0000000081f1'
     where id = '00000000-0000-4000-8000-0000000081b1' returning id $$,
  'member: cannot choose the form'
);

select * from finish();
rollback;
