-- Rate limits, sign-in requests and the functions' lookups
-- (supabase/migrations/20261122100600_sign_in_requests_and_rate_limits.sql).
-- Actors: anon, ola (requested a sign-in), kari (another user), unconfirmed (e-mail not confirmed),
-- owner/member of an organization, the service role.
begin;

select plan(42);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('ola', 'ola@example.com');
select tests.create_supabase_user('kari', 'kari@example.com');
select tests.create_supabase_user('unconfirmed', 'unconfirmed@example.com');
select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('member', 'Member@Example.com');
update auth.users set email_confirmed_at = now() where email <> 'unconfirmed@example.com';
update auth.users set email_confirmed_at = null where email = 'unconfirmed@example.com';

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('owner'), 'Håndverkertorget');
insert into public.marketplaces_urls (url, marketplace_id) values
  ('handverk.localhost', '11111111-1111-4111-8111-111111111111');

-- ============================================================================================
-- Private tables: RLS on, no API role reads them
-- ============================================================================================

select tests.rls_enabled('private', 'rate_limits');
select tests.rls_enabled('private', 'sign_in_requests');

select tests.authenticate_as('ola');
select throws_ok($$ select * from private.sign_in_requests $$, '42501', null,
  'authenticated cannot read sign_in_requests');
select throws_ok($$ select * from private.rate_limits $$, '42501', null, 'authenticated cannot read rate_limits');
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.sign_in_requests $$, '42501', null,
  'even the service role reads sign_in_requests only through the functions');

-- ============================================================================================
-- consume_rate_limit
-- ============================================================================================

select tests.clear_authentication();
select throws_ok($$ select * from public.consume_rate_limit('k', 60, 2) $$, '42501', null,
  'anon cannot consume rate limits');
select tests.authenticate_as('ola');
select throws_ok($$ select * from public.consume_rate_limit('k', 60, 2) $$, '42501', null,
  'authenticated cannot consume rate limits');

select tests.authenticate_as_service_role();
select results_eq($$ select allowed, retry_after_seconds from public.consume_rate_limit('t:a', 600, 2) $$,
  $$ values (true, 0) $$, 'first hit is allowed');
select results_eq($$ select allowed, retry_after_seconds from public.consume_rate_limit('t:a', 600, 2) $$,
  $$ values (true, 0) $$, 'second hit (the max) is allowed');
select results_eq($$ select allowed from public.consume_rate_limit('t:a', 600, 2) $$,
  $$ values (false) $$, 'the third hit in the window is refused');
select ok((select retry_after_seconds between 590 and 600 from public.consume_rate_limit('t:a', 600, 2)),
  'a refusal says how long until the window ends');
select results_eq($$ select allowed from public.consume_rate_limit('t:b', 600, 2) $$,
  $$ values (true) $$, 'another key has its own window');

reset role;
select is((select count(*)::integer from private.rate_limits where key_hash = encode(sha256('t:a'::bytea), 'hex')),
  1, 'the key is stored hashed, one row per key');
select is((select count(*)::integer from private.rate_limits where key_hash like '%t:a%'), 0,
  'the clear-text key is not stored');
-- The window ends: the counter starts again.
update private.rate_limits set window_started_at = now() - interval '601 seconds'
where key_hash = encode(sha256('t:a'::bytea), 'hex');
select tests.authenticate_as_service_role();
select results_eq($$ select allowed, retry_after_seconds from public.consume_rate_limit('t:a', 600, 2) $$,
  $$ values (true, 0) $$, 'after the window a key is allowed again');
select throws_ok($$ select * from public.consume_rate_limit('', 60, 2) $$, '22004', 'rate-limit-key-required',
  'an empty key is refused');
select throws_ok($$ select * from public.consume_rate_limit('x', 0, 2) $$, '22023', 'rate-limit-invalid-window',
  'a zero window is refused');
select throws_ok($$ select * from public.consume_rate_limit('x', 60, 0) $$, '22023', 'rate-limit-invalid-window',
  'a zero max is refused');

-- ============================================================================================
-- create_sign_in_request
-- ============================================================================================

select tests.clear_authentication();
select throws_ok($$ select public.create_sign_in_request('ola@example.com', 'http://localhost:5173/leads') $$,
  '42501', null, 'anon cannot create sign-in requests');
select tests.authenticate_as('ola');
select throws_ok($$ select public.create_sign_in_request('ola@example.com', 'http://localhost:5173/leads') $$,
  '42501', null, 'authenticated cannot create sign-in requests');

select tests.authenticate_as_service_role();
select lives_ok($$
  select set_config('test.request_id',
    public.create_sign_in_request(' Ola@Example.com ', 'http://localhost:5173/leads?tab=1')::text, true)
$$, 'the service role creates a sign-in request');
select lives_ok($$
  select set_config('test.kari_request_id',
    public.create_sign_in_request('kari@example.com', 'http://localhost:5173/kari')::text, true)
$$, 'another request for kari');
select lives_ok($$
  select set_config('test.unconfirmed_request_id',
    public.create_sign_in_request('unconfirmed@example.com', 'http://localhost:5173/x')::text, true)
$$, 'a request for an unconfirmed user');
select throws_ok($$ select public.create_sign_in_request('ola@example.com', 'javascript:alert(1)') $$,
  '23514', null, 'a redirect that is not http(s) is refused by the table');
select throws_ok($$ select public.create_sign_in_request('not an email', 'http://localhost:5173/') $$,
  '23514', null, 'an invalid e-mail is refused by the table');

reset role;
select is((select email from private.sign_in_requests where id = current_setting('test.request_id')::uuid),
  'ola@example.com', 'the e-mail is stored trimmed and lower-cased');
select ok((select expires_at between now() + interval '59 minutes' and now() + interval '61 minutes'
  from private.sign_in_requests where id = current_setting('test.request_id')::uuid),
  'a request expires after an hour');

-- ============================================================================================
-- claim_sign_in_request
-- ============================================================================================

select tests.clear_authentication();
select throws_ok(format('select public.claim_sign_in_request(%L)', current_setting('test.request_id')),
  '42501', null, 'anon cannot claim');

select tests.authenticate_as('kari');
select throws_ok(format('select public.claim_sign_in_request(%L)', current_setting('test.request_id')),
  '42501', 'sign-in-request-email-mismatch', 'another user cannot claim ola''s request');

select tests.authenticate_as('unconfirmed');
select throws_ok(format('select public.claim_sign_in_request(%L)', current_setting('test.unconfirmed_request_id')),
  '42501', 'sign-in-request-email-mismatch', 'a user whose e-mail is unconfirmed cannot claim');

select tests.authenticate_as('ola');
select throws_ok($$ select public.claim_sign_in_request('00000000-0000-4000-8000-000000000999') $$,
  'PT404', 'sign-in-request-not-found', 'an unknown id is not found');
select throws_ok($$ select public.claim_sign_in_request(null) $$,
  '22004', 'sign-in-request-id-required', 'a null id is refused');
select is(public.claim_sign_in_request(current_setting('test.request_id')::uuid),
  'http://localhost:5173/leads?tab=1', 'the requesting user gets the stored redirect');
select is(public.claim_sign_in_request(current_setting('test.request_id')::uuid),
  'http://localhost:5173/leads?tab=1', 'claiming again (a reload) gives the same answer');

reset role;
select isnt((select claimed_at from private.sign_in_requests where id = current_setting('test.request_id')::uuid),
  null, 'the first claim is recorded');
update private.sign_in_requests set expires_at = now() - interval '1 second'
where id = current_setting('test.request_id')::uuid;
select tests.authenticate_as('ola');
select throws_ok(format('select public.claim_sign_in_request(%L)', current_setting('test.request_id')),
  'P0001', 'sign-in-request-expired', 'an expired request cannot be claimed');

-- ============================================================================================
-- marketplace_for_host, organization_has_member_email
-- ============================================================================================

select throws_ok($$ select * from public.marketplace_for_host('handverk.localhost') $$, '42501', null,
  'authenticated cannot call marketplace_for_host');
select throws_ok(
  $$ select public.organization_has_member_email('00000000-0000-4000-8000-00000000000a', 'owner@example.com') $$,
  '42501', null, 'authenticated cannot call organization_has_member_email');

select tests.authenticate_as_service_role();
select results_eq($$ select marketplace_id, name from public.marketplace_for_host('Handverk.localhost') $$,
  $$ values ('11111111-1111-4111-8111-111111111111'::uuid, 'Håndverkertorget') $$,
  'a marketplace host gives the marketplace and its name (case-insensitive)');
select is_empty($$ select * from public.marketplace_for_host('evil.example') $$, 'an unknown host gives no rows');
select is(public.organization_has_member_email('00000000-0000-4000-8000-00000000000a', 'member@example.com'),
  true, 'a member is found by e-mail, whatever its case');
select is(public.organization_has_member_email('00000000-0000-4000-8000-00000000000a', 'kari@example.com'),
  false, 'a non-member is not');

select * from finish();
rollback;
