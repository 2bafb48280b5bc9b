-- The public booking page's read (supabase/migrations/20261130155000_booking_public_page.sql):
-- anon reads a published solution's name, texts and active services; never a draft, an archived
-- solution or another kind's id; and nothing about staff or bookings.
begin;

select plan(8);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, marketing_consent_text, published_at) values
  ('00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Befaring',
   'Jeg godtar at opplysningene brukes til bestillingen.', 'Send meg tilbud.', '2026-05-01 08:00 Europe/Oslo'),
  ('00000000-0000-4000-8000-0000000074a2', '00000000-0000-4000-8000-00000000000a', 'booking', 'Utkast',
   'Jeg godtar.', null, null);
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000074a2', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_services (id, solution_id, organization_id, name, description, duration_minutes, price_ore,
  position, active) values
  ('00000000-0000-4000-8000-0000000074b1', '00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a',
   'Service', 'Rens og kontroll.', 90, 149000, 1, true),
  ('00000000-0000-4000-8000-0000000074b2', '00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a',
   'Befaring', '', 60, null, 0, true),
  ('00000000-0000-4000-8000-0000000074b3', '00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a',
   'Gammel', '', 30, null, 2, false);
insert into public.booking_staff (id, solution_id, organization_id, name, email) values
  ('00000000-0000-4000-8000-0000000074c1', '00000000-0000-4000-8000-0000000074a1', '00000000-0000-4000-8000-00000000000a',
   'Kari', 'kari@example.no');

select tests.clear_authentication();

select is(
  public.booking_public('00000000-0000-4000-8000-0000000074a1') - 'now' - 'services' - 'organization_name' - 'design',
  jsonb_build_object(
    'id', '00000000-0000-4000-8000-0000000074a1', 'name', 'Befaring',
    'consent_text', 'Jeg godtar at opplysningene brukes til bestillingen.', 'marketing_consent_text', 'Send meg tilbud.',
    'online_payments', false
  ),
  'anon: a published solution''s name, consent texts and whether online payment is open'
);
select ok(
  public.booking_public('00000000-0000-4000-8000-0000000074a1') ->> 'organization_name' is not null,
  'anon: the organization''s name'
);
select is(
  (select jsonb_agg(s ->> 'name') from jsonb_array_elements(public.booking_public('00000000-0000-4000-8000-0000000074a1') -> 'services') as s),
  '["Befaring", "Service"]'::jsonb,
  'anon: the active services in their order, an inactive one left out'
);
select is(
  public.booking_public('00000000-0000-4000-8000-0000000074a1') -> 'services' -> 1,
  jsonb_build_object('id', '00000000-0000-4000-8000-0000000074b1', 'name', 'Service', 'description', 'Rens og kontroll.',
    'duration_minutes', 90, 'price_ore', 149000, 'payment', 'on_site', 'seats', 1),
  'anon: a service''s duration, price, payment and seats; nothing about its staff or rules'
);
select ok(
  public.booking_public('00000000-0000-4000-8000-0000000074a1')::text not like '%kari@example.no%',
  'anon: no staff member''s address'
);
select throws_ok(
  $$ select public.booking_public('00000000-0000-4000-8000-0000000074a2') $$,
  'PT404', 'booking-not-found', 'anon: a draft is not found'
);

select tests.authenticate_as_service_role();
update public.booking_solutions set archived_at = now() where id = '00000000-0000-4000-8000-0000000074a1';
select tests.clear_authentication();
select throws_ok(
  $$ select public.booking_public('00000000-0000-4000-8000-0000000074a1') $$,
  'PT404', 'booking-not-found', 'anon: an archived solution is not found'
);
select throws_ok(
  $$ select public.booking_public('00000000-0000-4000-8000-00000000000a') $$,
  'PT404', 'booking-not-found', 'anon: an id that is no booking solution is not found'
);

select * from finish();
rollback;
