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

-- A calendar as the editor saves it: its campaign (kind calendar: name, publication, texts,
-- reminders, design) and the calendar row with the same id, whose triggers write the doors. As the
-- caller, so row-level security applies when a test runs it as an API role.
--
--   select tests.create_calendar('…c3', '…0a', 'Julekalender 2026', 'advent-24', '2026-12-01', '2026-12-24',
--     published_at => now(), consent_text => 'Jeg godtar reglene.');
create or replace function tests.create_calendar(
  calendar_id uuid,
  organization_id uuid,
  name text,
  template text,
  starts_on date,
  ends_on date,
  door_time time default '08:00',
  published_at timestamptz default null,
  consent_text text default null,
  marketing_consent_text text default null,
  reminder_time time default '08:00',
  design jsonb default '{}'
)
returns uuid
language plpgsql
as $$
begin
  insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text, reminder_time, design)
  values (calendar_id, organization_id, 'calendar', name, published_at, consent_text, marketing_consent_text, reminder_time, design);
  insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time)
  values (calendar_id, organization_id, template, starts_on, ends_on, door_time);
  return calendar_id;
end;
$$;

comment on function tests.create_calendar(uuid, uuid, text, text, date, date, time, timestamptz, text, text, time, jsonb) is
  'A calendar''s campaign (kind calendar) and calendar row with the same id; the doors follow from the template. Returns the id.';
