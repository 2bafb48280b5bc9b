-- public.create_calendar: a member makes a draft calendar in one call, its campaign and its own row
-- together, or nothing at all (docs/calendars.md «Data model»).
-- Actors: member of Fjord Rør AS, other (owner of Nordlys Bygg AS), anon.
begin;

select plan(7);

select tests.seed_calendar_cast();

select tests.authenticate_as('member');
select public.create_calendar('00000000-0000-4000-8000-00000000000a', 'Julekalender', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00') as new_id \gset

select results_eq(
  format($$ select kind, name, published_at is null, created_by = tests.get_supabase_uid('member')
            from public.campaigns where id = %L $$, :'new_id'),
  $$ values ('calendar'::text, 'Julekalender'::text, true, true) $$,
  'the campaign is a draft calendar, made by the member'
);
select results_eq(
  format($$ select template, starts_on, door_time from public.calendars where id = %L $$, :'new_id'),
  $$ values ('advent-24'::text, '2026-12-01'::date, '08:00'::time) $$,
  'the calendar row has the campaign''s id'
);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = :'new_id'),
  24,
  'the doors of the template follow'
);

-- A period the template refuses leaves no campaign behind.
select throws_ok(
  $$ select public.create_calendar('00000000-0000-4000-8000-00000000000a', 'Feil', 'advent-24',
       '2026-12-01', '2026-12-20', '08:00') $$,
  '23514', null,
  'a period that does not fit the template is refused'
);
select is(
  (select count(*)::int from public.campaigns where name = 'Feil'),
  0,
  'and nothing of it is left'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.create_calendar('00000000-0000-4000-8000-00000000000a', 'Ikke min', 'daily',
       '2026-12-01', '2026-12-03', '08:00') $$,
  '42501', null,
  'a member of another organization cannot make one there'
);

select tests.clear_authentication();
select throws_ok(
  $$ select public.create_calendar('00000000-0000-4000-8000-00000000000a', 'Anonym', 'daily',
       '2026-12-01', '2026-12-03', '08:00') $$,
  '42501', null,
  'anon cannot call it'
);

select * from finish();
rollback;
