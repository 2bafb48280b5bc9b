-- «Not found» raises PT404 (HTTP 404 through PostgREST), not P0002 (HTTP 500):
-- supabase/migrations/20261124100100_not_found_is_404.sql.
-- Actors: owner (of Fjordbygg AS, whose payments settings row is gone), invitee, postgres.
begin;

select plan(7);

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('invitee', 'invitee@example.com');
update auth.users set email_confirmed_at = now();

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
delete from public.organizations_payments_config where id = '00000000-0000-4000-8000-00000000000a';

select tests.authenticate_as('invitee');
select throws_ok($$ select public.accept_organization_invitation('no-such-token') $$,
  'PT404', 'invitation-not-found', 'accept_organization_invitation: an unknown token is PT404');
select throws_ok($$ select public.claim_sign_in_request('00000000-0000-4000-8000-000000000999') $$,
  'PT404', 'sign-in-request-not-found', 'claim_sign_in_request: an unknown id is PT404');

select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'faktura@fjordbygg.no') $$,
  'PT404', 'organization-not-found', 'organizations_payments_email_insert: no settings row is PT404');

-- A full list of receipt addresses is the caller's doing: PT409 (409 Conflict), not 54000 (500).
reset role;
insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000b', 'Fjordtak AS', tests.get_supabase_uid('owner'));
update public.organizations_payments_config
   set receipt_emails = (select array_agg('faktura' || i || '@fjordtak.no') from generate_series(1, 10) as i)
 where id = '00000000-0000-4000-8000-00000000000b';
select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000b', 'elleve@fjordtak.no') $$,
  'PT409', 'too-many-receipt-emails', 'organizations_payments_email_insert: an eleventh address is PT409');

reset role;
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-0000000000ff', 1, 0, 'adjustment') $$,
  'PT404', 'organization-not-found', 'change_balance: an unknown organization is PT404');

-- No function of ours raises a code PostgREST answers with 500 for a caller's mistake: P0002–P0004
-- (P0 but P0001) or 54xxx (program limits).
select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_proc as p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and p.prosrc ~* 'errcode\s*=\s*''(P000[2-4]|54[0-9A-Z]{3})''' $$,
  'no function in public or private raises P0002–P0004 or 54xxx');

-- Same signatures as before (the generated types do not change).
select set_eq(
  $$ select p.oid::regprocedure::text || ' → ' || pg_get_function_result(p.oid)
     from pg_proc as p
     where p.oid in ('public.accept_organization_invitation(text)'::regprocedure,
                     'public.claim_sign_in_request(uuid)'::regprocedure,
                     'public.organizations_payments_email_insert(uuid, text)'::regprocedure,
                     'private.change_balance(uuid, integer, integer, text, integer, text)'::regprocedure) $$,
  $$ values ('accept_organization_invitation(text) → uuid'),
            ('claim_sign_in_request(uuid) → text'),
            ('organizations_payments_email_insert(uuid,text) → text[]'),
            ('private.change_balance(uuid,integer,integer,text,integer,text) → organizations_payments') $$,
  'the four functions keep their signatures and results');

select * from finish();
rollback;
