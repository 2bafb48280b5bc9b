-- The cast most marketplace tests share, seeded by name instead of by hand in every file. Installed
-- with the other helpers by `npm run test:db`, outside the tests' transactions. Idempotent.
--
--   organization  owner        id                                    name
--   alfa          seller       aaaaaaaa-0000-4000-8000-000000000001  Alfa AS   (sells)
--   beta          beta_owner   bbbbbbbb-0000-4000-8000-000000000002  Beta AS   (buys)
--   gamma         gamma_owner  cccccccc-0000-4000-8000-000000000003  Gamma AS  (buys)
--   delta         delta_owner  dddddddd-0000-4000-8000-000000000004  Delta AS  (buys)
--
--   member         of     role
--   seller_admin   alfa   admin
--   seller_member  alfa   member
--   beta_member    beta   member
--
--   marketplace  id                                    name        owner
--   M1           11111111-1111-4111-8111-111111111111  Leadtorget  mp_owner
--   M2           22222222-2222-4222-8222-222222222222  Partner     mp_owner
--
--   select tests.seed_marketplace_cast('{alfa,beta}', '{beta_member}', '{M1,M2}');
--   select tests.join_marketplace('M1', '{alfa,beta}');
--
-- Plans, balances, leads and listings differ from file to file and stay there.

create schema if not exists tests;

-- tests.cast_organization_id(name) → uuid: the id of a cast organization ('alfa' … 'delta').
create or replace function tests.cast_organization_id(organization text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case organization
    when 'alfa' then 'aaaaaaaa-0000-4000-8000-000000000001'::uuid
    when 'beta' then 'bbbbbbbb-0000-4000-8000-000000000002'::uuid
    when 'gamma' then 'cccccccc-0000-4000-8000-000000000003'::uuid
    when 'delta' then 'dddddddd-0000-4000-8000-000000000004'::uuid
  end;
$$;

-- tests.cast_marketplace_id(name) → uuid: the id of a cast marketplace ('M1', 'M2').
create or replace function tests.cast_marketplace_id(marketplace text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case marketplace
    when 'M1' then '11111111-1111-4111-8111-111111111111'::uuid
    when 'M2' then '22222222-2222-4222-8222-222222222222'::uuid
  end;
$$;

-- tests.seed_marketplace_cast(organizations, members, marketplaces): creates the users these need
-- (mp_owner when there is a marketplace, each organization's owner, the members), then the
-- organizations in the table's order, the members and the marketplaces. Only what is asked for, so a
-- file's counts stay its own.
create or replace function tests.seed_marketplace_cast(
  organizations text[],
  members text[] default '{}',
  marketplaces text[] default '{M1}'
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  cast_organizations constant jsonb := '[
    {"key": "alfa", "owner": "seller", "name": "Alfa AS"},
    {"key": "beta", "owner": "beta_owner", "name": "Beta AS"},
    {"key": "gamma", "owner": "gamma_owner", "name": "Gamma AS"},
    {"key": "delta", "owner": "delta_owner", "name": "Delta AS"}
  ]';
  cast_members constant jsonb := '[
    {"key": "seller_admin", "organization": "alfa", "role": "admin"},
    {"key": "seller_member", "organization": "alfa", "role": "member"},
    {"key": "beta_member", "organization": "beta", "role": "member"}
  ]';
  cast_marketplaces constant jsonb := '[
    {"key": "M1", "name": "Leadtorget"},
    {"key": "M2", "name": "Partner"}
  ]';
  unknown text;
  entry jsonb;
begin
  select string_agg(name, ', ') into unknown
  from unnest(organizations || members || marketplaces) as name
  where name not in (select e ->> 'key' from jsonb_array_elements(cast_organizations || cast_members || cast_marketplaces) as e);
  if unknown is not null then
    raise exception 'seed_marketplace_cast: not in the cast: %', unknown;
  end if;

  if cardinality(marketplaces) > 0 then
    perform tests.create_supabase_user('mp_owner');
  end if;
  for entry in select e from jsonb_array_elements(cast_organizations) as e where e ->> 'key' = any (organizations) loop
    perform tests.create_supabase_user(entry ->> 'owner');
  end loop;
  for entry in select e from jsonb_array_elements(cast_members) as e where e ->> 'key' = any (members) loop
    perform tests.create_supabase_user(entry ->> 'key');
  end loop;

  insert into public.organizations (id, name, owner_id)
  select tests.cast_organization_id(e ->> 'key'), e ->> 'name', tests.get_supabase_uid(e ->> 'owner')
  from jsonb_array_elements(cast_organizations) with ordinality as o (e, position)
  where e ->> 'key' = any (organizations)
  order by position;

  insert into public.organizations_members (organization_id, member_id, role)
  select tests.cast_organization_id(e ->> 'organization'), tests.get_supabase_uid(e ->> 'key'),
         (e ->> 'role')::public.organization_role
  from jsonb_array_elements(cast_members) as e
  where e ->> 'key' = any (members);

  insert into public.marketplaces (id, owner_id, name)
  select tests.cast_marketplace_id(e ->> 'key'), tests.get_supabase_uid('mp_owner'), e ->> 'name'
  from jsonb_array_elements(cast_marketplaces) with ordinality as m (e, position)
  where e ->> 'key' = any (marketplaces)
  order by position;
end;
$$;

-- tests.join_marketplace(marketplace, organizations): the cast organizations become members of the
-- cast marketplace, as its join flow leaves them.
create or replace function tests.join_marketplace(marketplace text, organizations text[])
returns void
language sql
set search_path = ''
as $$
  insert into public.marketplaces_organizations (marketplace_id, organization_id)
  select tests.cast_marketplace_id(marketplace), tests.cast_organization_id(organization)
  from unnest(organizations) with ordinality as o (organization, position)
  order by position;
$$;
