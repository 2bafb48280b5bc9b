-- Organizations, members, invitations, is_organization_member and accept_organization_invitation
-- (supabase/migrations/20261122100100_organizations.sql).
-- Actors: anon, outsider, member, admin member, owner of A, other organization's owner (B), claims admin.
begin;

select plan(87);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('admin', 'admin@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
select tests.create_supabase_user('other', 'other@example.com');
select tests.create_supabase_user('support', 'support@example.com');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('support');
update auth.users set email_confirmed_at = now() where email_confirmed_at is null;

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner')),
  ('00000000-0000-4000-8000-00000000000b', 'Nordlys Rør AS', tests.get_supabase_uid('other'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin'), 'admin'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

-- ============================================================================================
-- RLS on; organization number checksum
-- ============================================================================================

select tests.rls_enabled('public', 'organizations');
select tests.rls_enabled('public', 'organizations_members');
select tests.rls_enabled('public', 'organizations_invitations');

select is(private.is_valid_organization_number('923609016'), true, 'a valid organization number passes');
select is(private.is_valid_organization_number('974760673'), true, 'another valid organization number passes');
select is(private.is_valid_organization_number('923609017'), false, 'a wrong check digit fails');
select is(private.is_valid_organization_number('92360901'), false, 'eight digits fail');
select is(private.is_valid_organization_number('92360901a'), false, 'a letter fails');
select is(private.is_valid_organization_number('123456780'), false, 'a number whose check digit would be 10 fails');
select is(private.is_valid_organization_number(null), null, 'null gives null (the column is optional)');

-- ============================================================================================
-- anon
-- ============================================================================================

select tests.clear_authentication();

select is_empty($$ select * from public.organizations $$, 'anon reads no organizations');
select is_empty($$ select * from public.organizations_members $$, 'anon reads no members');
select is_empty($$ select * from public.organizations_invitations $$, 'anon reads no invitations');
select throws_ok(
  $$ insert into public.organizations (name, owner_id) values ('Anon AS', tests.get_supabase_uid('owner')) $$,
  '42501', null, 'anon cannot create an organization'
);
select throws_ok(
  $$ select public.is_organization_member('00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'anon cannot call is_organization_member'
);
select throws_ok(
  $$ select public.accept_organization_invitation('anything') $$,
  '42501', null, 'anon cannot call accept_organization_invitation'
);

-- ============================================================================================
-- Creating an organization: the creator trigger
-- ============================================================================================

select tests.authenticate_as('outsider');
select results_eq(
  $$ insert into public.organizations (id, name, owner_id, organization_number, contact_email)
     values ('00000000-0000-4000-8000-0000000000c1', 'Solstrand Maling AS', tests.get_supabase_uid('outsider'),
             '923609016', 'post@solstrand.no')
     returning name $$,
  $$ values ('Solstrand Maling AS') $$,
  'a signed-in user creates an organization they own (insert … returning)'
);
select results_eq(
  $$ select member_id, role from public.organizations_members
     where organization_id = '00000000-0000-4000-8000-0000000000c1' $$,
  $$ values (tests.get_supabase_uid('outsider'), 'owner'::public.organization_role) $$,
  'the creator becomes the owner member'
);
select results_eq(
  $$ select tickets, credits from public.organizations_payments where id = '00000000-0000-4000-8000-0000000000c1' $$,
  $$ values (0, 0) $$,
  'the new organization gets a zero balance'
);
select results_eq(
  $$ select receipt_emails from public.organizations_payments_config where id = '00000000-0000-4000-8000-0000000000c1' $$,
  $$ values ('{}'::text[]) $$,
  'the new organization gets empty payment settings'
);
select is(public.is_organization_member('00000000-0000-4000-8000-0000000000c1'), true, 'the creator is a member');
select throws_ok(
  $$ insert into public.organizations (name, owner_id) values ('Kapret AS', tests.get_supabase_uid('owner')) $$,
  '42501', null, 'nobody can create an organization owned by someone else'
);
select throws_ok(
  $$ insert into public.organizations (name, owner_id, organization_number)
     values ('Feil AS', tests.get_supabase_uid('outsider'), '923609017') $$,
  '23514', null, 'an organization number with a wrong check digit is refused'
);
select throws_ok(
  $$ insert into public.organizations (name, owner_id, contact_email)
     values ('Feil AS', tests.get_supabase_uid('outsider'), 'not an e-mail') $$,
  '23514', null, 'an invalid contact e-mail is refused'
);
select throws_ok(
  $$ insert into public.organizations (name, owner_id) values ('X', tests.get_supabase_uid('outsider')) $$,
  '23514', null, 'a one-letter name is refused'
);
select results_eq(
  $$ with d as (delete from public.organizations where id = '00000000-0000-4000-8000-0000000000c1' returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'the owner can delete their organization'
);

-- ============================================================================================
-- organizations: select, update, delete per identity
-- ============================================================================================

select tests.authenticate_as('outsider');
select is_empty($$ select * from public.organizations $$, 'an outsider reads no organizations');
select results_eq(
  $$ with u as (update public.organizations set name = 'Kapret' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'an outsider updates no organization'
);

select tests.authenticate_as('member');
select results_eq($$ select name from public.organizations $$, $$ values ('Fjordbygg AS') $$, 'a member reads their organization only');
select results_eq(
  $$ with u as (update public.organizations set name = 'Medlem AS' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'a member cannot update the organization'
);
select results_eq(
  $$ with d as (delete from public.organizations returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot delete the organization'
);

select tests.authenticate_as('admin');
select results_eq(
  $$ with u as (update public.organizations set name = 'Fjordbygg Vest AS', organization_number = '974760673'
                returning name) select name from u $$,
  $$ values ('Fjordbygg Vest AS') $$,
  'an admin updates their organization'
);
select throws_ok(
  $$ update public.organizations set owner_id = tests.get_supabase_uid('admin') $$,
  '42501', null, 'an admin cannot make themselves owner (owner_id is not updatable)'
);
select results_eq(
  $$ with d as (delete from public.organizations returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'an admin cannot delete the organization'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ with u as (update public.organizations set contact_email = 'post@fjordbygg.no' returning 1) select count(*)::int from u $$,
  $$ values (1) $$,
  'the owner updates their organization'
);
select throws_ok(
  $$ update public.organizations set owner_id = tests.get_supabase_uid('other') $$,
  '42501', null, 'even the owner cannot change owner_id directly'
);

select tests.authenticate_as('other');
select results_eq($$ select name from public.organizations $$, $$ values ('Nordlys Rør AS') $$, 'another organization''s member reads only their own');
select results_eq(
  $$ with u as (update public.organizations set name = 'Kapret' where id = '00000000-0000-4000-8000-00000000000a' returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'another organization''s owner cannot update this organization'
);
select results_eq(
  $$ with d as (delete from public.organizations where id = '00000000-0000-4000-8000-00000000000a' returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'another organization''s owner cannot delete this organization'
);

select tests.authenticate_as('support');
select results_eq($$ select count(*)::int from public.organizations $$, $$ values (2) $$, 'a claims admin reads every organization');
select results_eq(
  $$ with u as (update public.organizations set name = 'Support AS' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'a claims admin cannot update organizations'
);

-- ============================================================================================
-- is_organization_member
-- ============================================================================================

select tests.authenticate_as('member');
select is(public.is_organization_member('00000000-0000-4000-8000-00000000000a'), true, 'is_organization_member: a member is');
select is(public.is_organization_member('00000000-0000-4000-8000-00000000000b'), false, 'is_organization_member: not of another organization');
select throws_ok(
  $$ select public.is_organization_member(null) $$,
  '22004', 'organization-id-required', 'is_organization_member raises on null'
);
select tests.authenticate_as('outsider');
select is(public.is_organization_member('00000000-0000-4000-8000-00000000000a'), false, 'is_organization_member: an outsider is not');

-- ============================================================================================
-- organizations_members
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select count(*)::int from public.organizations_members $$, $$ values (3) $$,
  'a member reads their organization''s members'
);
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('outsider')) $$,
  '42501', null, 'a member cannot add members'
);
select results_eq(
  $$ with u as (update public.organizations_members set role = 'admin' where member_id = tests.get_supabase_uid('member') returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'a member cannot promote themselves'
);

select tests.authenticate_as('outsider');
select is_empty($$ select * from public.organizations_members $$, 'an outsider reads no members');
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id)
     values ('00000000-0000-4000-8000-00000000000b', tests.get_supabase_uid('outsider')) $$,
  '42501', null, 'nobody can make themselves a member of another organization'
);
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id, role)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('outsider'), 'owner') $$,
  '42501', null, 'nobody can make themselves owner of another organization'
);

select tests.authenticate_as('other');
select results_eq(
  $$ select count(*)::int from public.organizations_members where organization_id = '00000000-0000-4000-8000-00000000000a' $$,
  $$ values (0) $$,
  'another organization''s owner reads none of this organization''s members'
);
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id, role)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('other'), 'admin') $$,
  '42501', null, 'another organization''s owner cannot add themselves here'
);

select tests.authenticate_as('admin');
select lives_ok(
  $$ insert into public.organizations_members (organization_id, member_id)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('outsider')) $$,
  'an admin adds a member'
);
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id, role)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('support'), 'owner') $$,
  '42501', null, 'an admin cannot add an owner'
);
select results_eq(
  $$ with u as (update public.organizations_members set role = 'admin'
                where member_id = tests.get_supabase_uid('member') returning role) select role::text from u $$,
  $$ values ('admin') $$,
  'an admin changes a member''s role'
);
select throws_ok(
  $$ update public.organizations_members set role = 'owner' where member_id = tests.get_supabase_uid('admin') $$,
  '42501', null, 'an admin cannot make themselves owner'
);
select results_eq(
  $$ with u as (update public.organizations_members set role = 'member'
                where member_id = tests.get_supabase_uid('owner') returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'an admin cannot demote the owner'
);
select throws_ok(
  $$ update public.organizations_members set member_id = tests.get_supabase_uid('support')
     where member_id = tests.get_supabase_uid('outsider') $$,
  '42501', null, 'a membership cannot be handed to another user (member_id not updatable)'
);
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = tests.get_supabase_uid('owner') returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'an admin cannot remove the owner'
);
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = tests.get_supabase_uid('outsider') returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'an admin removes a member'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = tests.get_supabase_uid('owner') returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'the owner row cannot be removed, even by the owner'
);
select results_eq(
  $$ with u as (update public.organizations_members set role = 'member'
                where member_id = tests.get_supabase_uid('member') returning 1) select count(*)::int from u $$,
  $$ values (1) $$,
  'the owner changes roles'
);

select tests.authenticate_as('member');
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = tests.get_supabase_uid('admin') returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot remove others'
);
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = tests.get_supabase_uid('member') returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'a member can leave'
);

select tests.authenticate_as('support');
select results_eq(
  $$ select count(*)::int from public.organizations_members $$, $$ values (3) $$,
  'a claims admin reads every membership'
);
select throws_ok(
  $$ insert into public.organizations_members (organization_id, member_id)
     values ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('support')) $$,
  '42501', null, 'a claims admin cannot add memberships'
);

-- ============================================================================================
-- Invitations
-- ============================================================================================

select tests.authenticate_as('admin');
select lives_ok(
  $$ insert into public.organizations_invitations (organization_id, email, role, token_hash)
     values ('00000000-0000-4000-8000-00000000000a', 'outsider@example.com', 'member',
             encode(sha256(convert_to('token-outsider', 'UTF8')), 'hex')) $$,
  'an admin invites by e-mail'
);
select is(
  (select invited_by from public.organizations_invitations where email = 'outsider@example.com'),
  tests.get_supabase_uid('admin'),
  'invited_by defaults to the inviter'
);
select throws_ok(
  $$ insert into public.organizations_invitations (organization_id, email, role, token_hash)
     values ('00000000-0000-4000-8000-00000000000a', 'x@example.com', 'owner', repeat('a', 64)) $$,
  '23514', null, 'nobody can be invited as owner'
);
select throws_ok(
  $$ insert into public.organizations_invitations (organization_id, email, token_hash, invited_by)
     values ('00000000-0000-4000-8000-00000000000a', 'x@example.com', repeat('b', 64), tests.get_supabase_uid('owner')) $$,
  '42501', null, 'invited_by cannot be forged'
);
select throws_ok(
  $$ update public.organizations_invitations set accepted_at = now() $$,
  '42501', null, 'invitations cannot be updated directly'
);

select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.organizations_invitations (organization_id, email, role, token_hash)
     values ('00000000-0000-4000-8000-00000000000a', 'support@example.com', 'admin',
             encode(sha256(convert_to('token-expired', 'UTF8')), 'hex')) $$,
  'the owner invites an admin'
);
select results_eq(
  $$ select count(*)::int from public.organizations_invitations $$, $$ values (2) $$,
  'the owner reads the organization''s invitations'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.organizations_invitations (organization_id, email, token_hash)
     values ('00000000-0000-4000-8000-00000000000a', 'x@example.com', repeat('c', 64)) $$,
  '42501', null, 'a member cannot invite'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ insert into public.organizations_invitations (organization_id, email, token_hash)
     values ('00000000-0000-4000-8000-00000000000a', 'other@example.com', repeat('d', 64)) $$,
  '42501', null, 'another organization''s owner cannot invite into this organization'
);
select is_empty($$ select * from public.organizations_invitations $$, 'another organization''s owner reads no invitations here');
select throws_ok(
  $$ select public.accept_organization_invitation('token-outsider') $$,
  '42501', 'invitation-email-mismatch', 'an invitation cannot be accepted by someone else'
);

select tests.authenticate_as('outsider');
select results_eq(
  $$ select email from public.organizations_invitations $$, $$ values ('outsider@example.com') $$,
  'the invitee reads their own invitation only'
);
select throws_ok(
  $$ select public.accept_organization_invitation('wrong-token') $$,
  'PT404', 'invitation-not-found', 'an unknown token is refused'
);
select throws_ok(
  $$ select public.accept_organization_invitation(null) $$,
  '22004', 'invitation-token-required', 'a null token is refused'
);
select is(
  public.accept_organization_invitation('token-outsider'),
  '00000000-0000-4000-8000-00000000000a'::uuid,
  'the invitee accepts and gets the organization id'
);
select results_eq(
  $$ select role::text from public.organizations_members
     where organization_id = '00000000-0000-4000-8000-00000000000a' and member_id = tests.get_supabase_uid('outsider') $$,
  $$ values ('member') $$,
  'accepting makes the invitee a member with the invited role'
);
select throws_ok(
  $$ select public.accept_organization_invitation('token-outsider') $$,
  'P0001', 'invitation-already-accepted', 'an invitation is accepted once'
);

reset role;
update public.organizations_invitations set expires_at = now() - interval '1 minute' where email = 'support@example.com';
select tests.authenticate_as('support');
select throws_ok(
  $$ select public.accept_organization_invitation('token-expired') $$,
  'P0001', 'invitation-expired', 'an expired invitation is refused'
);

select tests.authenticate_as('member');
select results_eq(
  $$ with d as (delete from public.organizations_invitations returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'a non-member cannot withdraw invitations'
);
select tests.authenticate_as('admin');
select results_eq(
  $$ with d as (delete from public.organizations_invitations where email = 'support@example.com' returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'an admin withdraws an invitation'
);

select * from finish();
rollback;
