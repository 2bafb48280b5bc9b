-- The cast the calendar tests share (32-calendars, 33-calendar-draws). Installed with the other
-- helpers by `npm run test:db`, outside the tests' transactions.
--
--   user    organization                                       role
--   owner   00000000-0000-4000-8000-00000000000a  Fjord Rør AS     owner
--   member  00000000-0000-4000-8000-00000000000a  Fjord Rør AS     member
--   other   00000000-0000-4000-8000-00000000000b  Nordlys Bygg AS  owner
--
--   select tests.seed_calendar_cast();

create schema if not exists tests;

create or replace function tests.seed_calendar_cast()
returns void
language plpgsql
as $$
begin
  perform tests.create_supabase_user('owner', 'owner@example.com');
  perform tests.create_supabase_user('member', 'member@example.com');
  perform tests.create_supabase_user('other', 'other@example.com');
  insert into public.organizations (id, name, owner_id) values
    ('00000000-0000-4000-8000-00000000000a', 'Fjord Rør AS', tests.get_supabase_uid('owner')),
    ('00000000-0000-4000-8000-00000000000b', 'Nordlys Bygg AS', tests.get_supabase_uid('other'));
  insert into public.organizations_members (organization_id, member_id, role) values
    ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');
end;
$$;

comment on function tests.seed_calendar_cast() is
  'The calendar tests'' users and organizations: owner and member of Fjord Rør AS (…0a), other owning Nordlys Bygg AS (…0b).';
