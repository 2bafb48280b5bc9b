-- The profile made twice at once: the guard and a sign-in that revalidates
-- while navigating both insert the user's profile. The app sends PostgREST's upsert with
-- resolution=ignore-duplicates (`insert … on conflict (id) do nothing`), which the insert policy
-- alone must allow for the own row, keep the first name, and still refuse for anyone else.
begin;

select plan(6);

select tests.create_supabase_user('first', 'first@example.com');
select tests.create_supabase_user('stranger', 'stranger@example.com');

select tests.authenticate_as('first');

select lives_ok(
  $$ insert into public.profiles (id, name, img) values ((select auth.uid()), 'Første Navn', null)
     on conflict (id) do nothing $$,
  'the user makes their profile'
);
select lives_ok(
  $$ insert into public.profiles (id, name, img) values ((select auth.uid()), 'Andre Navn', null)
     on conflict (id) do nothing $$,
  'a second, racing insert of the same profile passes without a unique violation'
);
select is(
  (select name from public.profiles where id = (select auth.uid())),
  'Første Navn',
  'the first name stays: a duplicate never overwrites'
);
select throws_ok(
  $$ insert into public.profiles (id, name, img) values ((select auth.uid()), 'Tredje Navn', null) $$,
  '23505', null, 'a plain insert still meets the primary key (what the app no longer sends)'
);

select tests.authenticate_as('stranger');

select throws_ok(
  format(
    $$ insert into public.profiles (id, name, img) values (%L, 'Kapret', null) on conflict (id) do nothing $$,
    tests.get_supabase_uid('first')
  ),
  '42501', null, 'nobody makes (or touches) another user''s profile, duplicate or not'
);

select tests.clear_authentication();

select throws_ok(
  $$ insert into public.profiles (id, name, img) values (gen_random_uuid(), 'Anon', null)
     on conflict (id) do nothing $$,
  '42501', null, 'anon makes no profile'
);

select * from finish();
rollback;
