-- Organizations, their members and invitations (docs/data-model.md "Identity and organizations").
--
-- An organization is created by a signed-in user who becomes its owner: `owner_id` = the creator, and a
-- trigger adds the creator as the `owner` member (20261122100200_payments.sql adds a second trigger that
-- creates the zero balance). Owners and admins manage members and invitations; nobody can make
-- themselves owner or join another organization except by accepting an invitation sent to their e-mail.

-- ============================================================================================
-- Types
-- ============================================================================================

create type public.organization_role as enum ('owner', 'admin', 'member');

comment on type public.organization_role is
  'owner: the creator (one per organization); admin: manages members and settings; member: uses the organization.';

-- ============================================================================================
-- Organization number (Norwegian organisasjonsnummer)
-- ============================================================================================

-- Nine digits, the last a mod-11 check digit over the first eight with weights 3,2,7,6,5,4,3,2
-- (check digit = 11 - sum mod 11; 11 gives 0; 10 means the number is invalid). Null gives null.
create or replace function private.is_valid_organization_number(organization_number text)
returns boolean
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  weights constant integer[] := array[3, 2, 7, 6, 5, 4, 3, 2];
  total integer := 0;
  check_digit integer;
begin
  if organization_number !~ '^[0-9]{9}$' then
    return false;
  end if;
  for position in 1..8 loop
    total := total + substr(organization_number, position, 1)::integer * weights[position];
  end loop;
  check_digit := 11 - (total % 11);
  if check_digit = 11 then
    check_digit := 0;
  elsif check_digit = 10 then
    return false;
  end if;
  return check_digit = substr(organization_number, 9, 1)::integer;
end;
$$;

comment on function private.is_valid_organization_number(text) is
  'True for a 9-digit Norwegian organization number with a valid mod-11 check digit (null gives null).';
revoke execute on function private.is_valid_organization_number(text) from public, anon, authenticated;
-- Called by the check constraint of organizations, evaluated as the inserting role.
grant execute on function private.is_valid_organization_number(text) to authenticated, service_role;

-- ============================================================================================
-- Table organizations
-- ============================================================================================

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 120),
  -- No cascade (no action, 23503): an owner must hand over or delete the organization before the account goes.
  owner_id uuid not null references auth.users (id) on delete no action,
  organization_number text null
    constraint organizations_organization_number_valid
    check (private.is_valid_organization_number(organization_number)),
  contact_email text null
    constraint organizations_contact_email_valid check (private.is_valid_email(contact_email)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.organizations is
  'A customer company. The creator is owner_id and its owner member; members read it, owners and admins update it.';

create index organizations_owner_id_idx on public.organizations (owner_id);

create trigger organizations_set_updated_at
before update on public.organizations
for each row execute function private.set_updated_at();

alter table public.organizations enable row level security;

-- owner_id is set once, on insert: no client may change who owns an organization.
revoke insert, update, truncate on public.organizations from anon, authenticated;
grant insert (id, name, owner_id, organization_number, contact_email) on public.organizations to authenticated;
grant update (name, organization_number, contact_email) on public.organizations to authenticated;

-- ============================================================================================
-- Table organizations_members
-- ============================================================================================

create table public.organizations_members (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  member_id uuid not null references auth.users (id) on delete cascade,
  role public.organization_role not null default 'member',
  created_at timestamptz not null default now(),
  primary key (organization_id, member_id)
);

comment on table public.organizations_members is
  'Who belongs to an organization and with which role. Exactly one owner row, made by the creation trigger.';

create index organizations_members_member_id_idx on public.organizations_members (member_id);
create unique index organizations_members_one_owner_idx
  on public.organizations_members (organization_id) where role = 'owner';

alter table public.organizations_members enable row level security;

-- Only the role of an existing member may change; moving a row to another user or organization may not.
revoke update, truncate on public.organizations_members from anon, authenticated;
grant update (role) on public.organizations_members to authenticated;

-- ============================================================================================
-- Membership helpers
-- ============================================================================================

-- security definer: policies on organizations_members itself call it, and a security-invoker lookup would
-- recurse into those policies. It reveals only the caller's own membership.
create or replace function private.has_organization_role(
  organization_id uuid,
  roles public.organization_role[] default '{owner,admin,member}'
)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.organizations_members as m
    where m.organization_id = has_organization_role.organization_id
      and m.member_id = (select auth.uid())
      and m.role = any (has_organization_role.roles)
  );
$$;

comment on function private.has_organization_role(uuid, public.organization_role[]) is
  'True when the caller is a member of the organization with one of the roles (default: any role).';
revoke execute on function private.has_organization_role(uuid, public.organization_role[])
  from public, anon, authenticated;
grant execute on function private.has_organization_role(uuid, public.organization_role[])
  to authenticated, service_role;

-- security definer: reads both users' memberships, which the caller may not see row by row. Reveals
-- only whether the caller and `profile_id` share an organization.
create or replace function private.shares_organization_with(profile_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.organizations_members as mine
    join public.organizations_members as theirs on theirs.organization_id = mine.organization_id
    where mine.member_id = (select auth.uid())
      and theirs.member_id = shares_organization_with.profile_id
  );
$$;

comment on function private.shares_organization_with(uuid) is
  'True when the caller and the given user are members of the same organization.';
revoke execute on function private.shares_organization_with(uuid) from public, anon, authenticated;
grant execute on function private.shares_organization_with(uuid) to authenticated, service_role;

-- RPC: is the caller a member (any role) of the organization?
create or replace function public.is_organization_member(input_organization_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if input_organization_id is null then
    raise exception using
      errcode = '22004',
      message = 'organization-id-required',
      detail = 'is_organization_member needs input_organization_id.';
  end if;
  return private.has_organization_role(input_organization_id);
end;
$$;

comment on function public.is_organization_member(uuid) is
  'RPC: true when the signed-in caller is a member of the organization; raises 22004 on null input.';
revoke execute on function public.is_organization_member(uuid) from public, anon, authenticated;
grant execute on function public.is_organization_member(uuid) to authenticated, service_role;

-- ============================================================================================
-- Policies: organizations
-- ============================================================================================

-- owner_id keeps `insert … returning` working: the owner member row is added by an after trigger.
create policy "Members and claims admins can read organizations"
on public.organizations
for select
to authenticated
using (
  owner_id = (select auth.uid())
  or private.has_organization_role(id)
  or (select private.is_claims_admin())
);

create policy "Users can create organizations they own"
on public.organizations
for insert
to authenticated
with check (owner_id = (select auth.uid()));

create policy "Owners and admins can update their organization"
on public.organizations
for update
to authenticated
using (private.has_organization_role(id, '{owner,admin}'))
with check (private.has_organization_role(id, '{owner,admin}'));

create policy "Owners can delete their organization"
on public.organizations
for delete
to authenticated
using (owner_id = (select auth.uid()) and private.has_organization_role(id, '{owner}'));

-- ============================================================================================
-- Policies: organizations_members
-- ============================================================================================

create policy "Members can read their organization's members"
on public.organizations_members
for select
to authenticated
using (
  member_id = (select auth.uid())
  or private.has_organization_role(organization_id)
  or (select private.is_claims_admin())
);

create policy "Owners and admins can add members, never as owner"
on public.organizations_members
for insert
to authenticated
with check (role <> 'owner' and private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can change members' roles, never to or from owner"
on public.organizations_members
for update
to authenticated
using (role <> 'owner' and private.has_organization_role(organization_id, '{owner,admin}'))
with check (role <> 'owner' and private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can remove members, members can leave, the owner stays"
on public.organizations_members
for delete
to authenticated
using (
  role <> 'owner'
  and (member_id = (select auth.uid()) or private.has_organization_role(organization_id, '{owner,admin}'))
);

-- ============================================================================================
-- Creator becomes owner member
-- ============================================================================================

-- security definer: the creator may not insert an owner row themselves (policy above); this trigger is
-- the one place such a row is made, from the row's own owner_id.
create or replace function private.add_organization_owner_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.organizations_members (organization_id, member_id, role)
  values (new.id, new.owner_id, 'owner');
  return null;
end;
$$;

comment on function private.add_organization_owner_member() is
  'Trigger: after an organization is created, its owner_id becomes its owner member.';
revoke execute on function private.add_organization_owner_member() from public, anon, authenticated;

create trigger organizations_add_owner_member
after insert on public.organizations
for each row execute function private.add_organization_owner_member();

-- ============================================================================================
-- Profiles of people one works with; users_configs → organizations
-- ============================================================================================

drop policy "Users can read their own profile, claims admins every profile" on public.profiles;

create policy "Users can read their own profile and those of people in their organizations"
on public.profiles
for select
to authenticated
using (
  id = (select auth.uid())
  or private.shares_organization_with(id)
  or (select private.is_claims_admin())
);

alter table public.users_configs
  add constraint users_configs_last_organization_selected_id_fkey
  foreign key (last_organization_selected_id) references public.organizations (id) on delete set null;

create index users_configs_last_organization_selected_id_idx
  on public.users_configs (last_organization_selected_id);

-- ============================================================================================
-- Table organizations_invitations
-- ============================================================================================

create table public.organizations_invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  email text not null constraint organizations_invitations_email_valid check (private.is_valid_email(email)),
  role public.organization_role not null default 'member' check (role in ('admin', 'member')),
  -- Hex SHA-256 of the token in the accept link; the token itself is never stored.
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  expires_at timestamptz not null default now() + interval '14 days',
  accepted_at timestamptz null,
  created_at timestamptz not null default now()
);

comment on table public.organizations_invitations is
  'Invitations by e-mail to join an organization; accepted through accept_organization_invitation(token).';

create index organizations_invitations_organization_id_idx on public.organizations_invitations (organization_id);
create index organizations_invitations_email_idx on public.organizations_invitations (email);
create index organizations_invitations_invited_by_idx on public.organizations_invitations (invited_by);

alter table public.organizations_invitations enable row level security;

-- Clients choose who, with which role, and the token's hash; the rest is defaults and the accept function.
revoke insert, update, truncate on public.organizations_invitations from anon, authenticated;
grant insert (organization_id, email, role, token_hash) on public.organizations_invitations to authenticated;

create policy "Owners, admins and the invitee can read invitations"
on public.organizations_invitations
for select
to authenticated
using (
  private.has_organization_role(organization_id, '{owner,admin}')
  or email = lower((select auth.jwt()) ->> 'email')
  or (select private.is_claims_admin())
);

create policy "Owners and admins can invite"
on public.organizations_invitations
for insert
to authenticated
with check (
  invited_by = (select auth.uid())
  and private.has_organization_role(organization_id, '{owner,admin}')
);

-- No update policy: invitations are accepted through accept_organization_invitation only.

create policy "Owners and admins can withdraw invitations"
on public.organizations_invitations
for delete
to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

-- ============================================================================================
-- Accepting an invitation
-- ============================================================================================

-- security definer: the invitee can neither see the invitation by its token nor insert their own member
-- row; this function checks the token, expiry and that the invitation was sent to the caller's confirmed
-- e-mail (from auth.users, not from the JWT), then adds the membership.
-- An unknown token raises PT404, which PostgREST answers with HTTP 404 (20261124100100_not_found_is_404.sql).
create or replace function public.accept_organization_invitation(input_token text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller_id uuid := (select auth.uid());
  caller_email text;
  caller_confirmed_at timestamptz;
  invitation public.organizations_invitations;
begin
  if caller_id is null then
    raise exception using errcode = '42501', message = 'not-authenticated';
  end if;
  if input_token is null or btrim(input_token) = '' then
    raise exception using errcode = '22004', message = 'invitation-token-required';
  end if;

  select *
  into invitation
  from public.organizations_invitations as i
  where i.token_hash = encode(sha256(convert_to(input_token, 'UTF8')), 'hex')
  for update;

  if not found then
    raise exception using errcode = 'PT404', message = 'invitation-not-found';
  end if;
  if invitation.accepted_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation-already-accepted';
  end if;
  if invitation.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'invitation-expired';
  end if;

  select lower(u.email), u.email_confirmed_at
  into caller_email, caller_confirmed_at
  from auth.users as u
  where u.id = caller_id;

  if caller_email is distinct from invitation.email or caller_confirmed_at is null then
    raise exception using errcode = '42501', message = 'invitation-email-mismatch';
  end if;

  -- Already a member: keep the existing role (never a downgrade, never an owner change).
  insert into public.organizations_members (organization_id, member_id, role)
  values (invitation.organization_id, caller_id, invitation.role)
  on conflict (organization_id, member_id) do nothing;

  update public.organizations_invitations
  set accepted_at = now()
  where id = invitation.id;

  return invitation.organization_id;
end;
$$;

comment on function public.accept_organization_invitation(text) is
  'Adds the caller to the invitation''s organization when the token is valid, unexpired, unused and sent to the caller''s confirmed e-mail. Returns the organization id.';
revoke execute on function public.accept_organization_invitation(text) from public, anon, authenticated;
grant execute on function public.accept_organization_invitation(text) to authenticated;
