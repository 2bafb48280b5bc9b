-- Meeting rooms, the meeting planner and summaries (docs/meetings.md; issue 32, items 7–9).
--
-- Sections: 1. tables · 2. triggers · 3. row-level security · 4. rooms and bookings · 5. polls
-- · 6. answers and the matrix · 7. finalizing · 8. summaries and carry-over
--
-- - A booking holds a room for a time; an exclusion constraint over live (not released) bookings
--   makes a double booking impossible whatever the path, and a trigger keeps every booking inside the
--   room's opening hours (Oslo wall-clock time).
-- - A poll proposes candidate times (each optionally in a room that holds every invitee) to members
--   and outside guests; guests are the engine's participants and answer through a signed link.
-- - Finalizing books the chosen option's room in the same transaction: of two polls finalizing the
--   same room and time, the constraint lets exactly one through.
-- - Summaries, attendees and action items are the team's notes: members write them directly.

create extension if not exists btree_gist with schema extensions;

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

-- Opening hours: {"1": {"opens": "08:00", "closes": "17:00"}, …} by ISO weekday (1 = Monday); a day
-- that is missing is closed; closes may be 24:00 (midnight at the end of the day).
create or replace function private.meeting_opening_hours_valid(hours jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(hours) = 'object'
    and not exists (
      select 1
      from jsonb_each(hours) as d (weekday, span)
      where d.weekday !~ '^[1-7]$'
        or jsonb_typeof(d.span) <> 'object'
        or coalesce(d.span ->> 'opens', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
        or coalesce(d.span ->> 'closes', '') !~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'
        or (d.span ->> 'opens') >= (d.span ->> 'closes')
        or (select count(*) from jsonb_object_keys(d.span)) <> 2
    );
$$;

comment on function private.meeting_opening_hours_valid(jsonb) is
  'True for opening hours as {"<ISO weekday 1–7>": {"opens": "HH:MM", "closes": "HH:MM" or "24:00"}}, opens before closes.';
revoke execute on function private.meeting_opening_hours_valid(jsonb) from public, anon, authenticated;
grant execute on function private.meeting_opening_hours_valid(jsonb) to authenticated, service_role;

create table public.meeting_rooms (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  capacity integer not null check (capacity between 1 and 500),
  equipment text[] not null default '{}'
    check (cardinality(equipment) <= 30 and array_position(equipment, null) is null),
  location text null check (char_length(location) <= 200),
  opening_hours jsonb not null default
    '{"1": {"opens": "08:00", "closes": "17:00"}, "2": {"opens": "08:00", "closes": "17:00"},
      "3": {"opens": "08:00", "closes": "17:00"}, "4": {"opens": "08:00", "closes": "17:00"},
      "5": {"opens": "08:00", "closes": "17:00"}}'
    check (private.meeting_opening_hours_valid(opening_hours)),
  -- A booking not checked in this many minutes after its start is released (the job).
  check_in_minutes integer not null default 10 check (check_in_minutes between 1 and 120),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint meeting_rooms_id_organization_id_key unique (id, organization_id)
);

comment on table public.meeting_rooms is
  'An organization''s meeting room: capacity, equipment, location, opening hours per ISO weekday (Oslo time), minutes to check in before release. Members read; owners and admins write.';

create index meeting_rooms_organization_id_idx on public.meeting_rooms (organization_id);

create table public.meeting_polls (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text null check (char_length(description) <= 4000),
  duration_minutes integer not null check (duration_minutes between 5 and 720),
  deadline timestamptz null,
  -- Invitees see only their own answers; the organizer sees everyone's.
  hide_participants boolean not null default false,
  status text not null default 'open' check (status in ('open', 'finalized', 'cancelled')),
  chosen_option_id uuid null,
  series_id uuid null,
  created_by uuid null references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint meeting_polls_id_organization_id_key unique (id, organization_id),
  constraint meeting_polls_chosen_when_finalized check ((status = 'finalized') = (chosen_option_id is not null))
);

comment on table public.meeting_polls is
  'A meeting poll: candidate times, invitees and their answers, a deadline, hidden participants; finalized into a meeting. Written only through the checked functions.';

create index meeting_polls_organization_id_idx on public.meeting_polls (organization_id);
create index meeting_polls_created_by_idx on public.meeting_polls (created_by);

create table public.meeting_poll_options (
  id uuid primary key default gen_random_uuid(),
  poll_id uuid not null,
  organization_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  room_id uuid null,
  constraint meeting_poll_options_poll_fkey foreign key (poll_id, organization_id)
    references public.meeting_polls (id, organization_id) on delete cascade,
  constraint meeting_poll_options_room_fkey foreign key (room_id, organization_id)
    references public.meeting_rooms (id, organization_id) on delete set null (room_id),
  constraint meeting_poll_options_id_poll_id_key unique (id, poll_id),
  check (ends_at > starts_at)
);

comment on table public.meeting_poll_options is
  'A candidate time of a poll, optionally in a room that must hold every invitee.';

create index meeting_poll_options_poll_id_idx on public.meeting_poll_options (poll_id, organization_id);
create index meeting_poll_options_room_id_idx on public.meeting_poll_options (room_id, organization_id);

alter table public.meeting_polls add constraint meeting_polls_chosen_option_fkey
  foreign key (chosen_option_id, id) references public.meeting_poll_options (id, poll_id);
create index meeting_polls_chosen_option_id_idx on public.meeting_polls (chosen_option_id, id);

-- A guest is the engine's participant (one per organization and e-mail): no e-mail column here.
create table public.meeting_poll_invitees (
  id uuid primary key default gen_random_uuid(),
  poll_id uuid not null,
  organization_id uuid not null,
  member_id uuid null,
  participant_id uuid null,
  -- SHA-256 (hex) of the guest's signed link; it opens this invitation only.
  token_sha256 text null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  constraint meeting_poll_invitees_poll_fkey foreign key (poll_id, organization_id)
    references public.meeting_polls (id, organization_id) on delete cascade,
  constraint meeting_poll_invitees_member_fkey foreign key (organization_id, member_id)
    references public.organizations_members (organization_id, member_id) on delete cascade,
  constraint meeting_poll_invitees_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade,
  constraint meeting_poll_invitees_one_person check ((member_id is null) <> (participant_id is null)),
  constraint meeting_poll_invitees_token_for_guests check (token_sha256 is null or participant_id is not null),
  constraint meeting_poll_invitees_poll_member_key unique (poll_id, member_id),
  constraint meeting_poll_invitees_poll_participant_key unique (poll_id, participant_id),
  constraint meeting_poll_invitees_id_poll_id_key unique (id, poll_id)
);

comment on table public.meeting_poll_invitees is
  'Who a poll asks: a member, or an outside guest (a participant) with the hash of their signed link. Hidden participants: invitees see only their own row.';

create index meeting_poll_invitees_poll_id_idx on public.meeting_poll_invitees (poll_id, organization_id);
create index meeting_poll_invitees_member_id_idx on public.meeting_poll_invitees (organization_id, member_id);
create index meeting_poll_invitees_participant_id_idx on public.meeting_poll_invitees (participant_id, organization_id);

create table public.meeting_poll_answers (
  poll_id uuid not null,
  option_id uuid not null,
  invitee_id uuid not null,
  organization_id uuid not null,
  answer text not null check (answer in ('yes', 'if_need_be', 'no')),
  updated_at timestamptz not null default now(),
  primary key (option_id, invitee_id),
  constraint meeting_poll_answers_option_fkey foreign key (option_id, poll_id)
    references public.meeting_poll_options (id, poll_id) on delete cascade,
  constraint meeting_poll_answers_invitee_fkey foreign key (invitee_id, poll_id)
    references public.meeting_poll_invitees (id, poll_id) on delete cascade
);

comment on table public.meeting_poll_answers is
  'One answer (yes, if_need_be, no) per invitee and candidate time, changeable while the poll is open and before its deadline.';

create index meeting_poll_answers_invitee_id_idx on public.meeting_poll_answers (invitee_id, poll_id);
create index meeting_poll_answers_poll_id_idx on public.meeting_poll_answers (poll_id);
create index meeting_poll_answers_option_id_idx on public.meeting_poll_answers (option_id, poll_id);

create table public.meeting_room_bookings (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  room_id uuid not null,
  during tstzrange not null check (
    not isempty(during) and lower_inc(during) and not upper_inc(during)
    and not lower_inf(during) and not upper_inf(during)
  ),
  -- The range's ends as plain columns, so the data API can ask for a day or a week of a room.
  starts_at timestamptz not null generated always as (lower(during)) stored,
  ends_at timestamptz not null generated always as (upper(during)) stored,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  booked_by uuid null references auth.users (id) on delete set null,
  -- Null: booked directly.
  poll_id uuid null,
  checked_in_at timestamptz null,
  released_at timestamptz null,
  release_reason text null check (release_reason in ('unchecked', 'cancelled')),
  created_at timestamptz not null default now(),
  constraint meeting_room_bookings_room_fkey foreign key (room_id, organization_id)
    references public.meeting_rooms (id, organization_id) on delete cascade,
  constraint meeting_room_bookings_poll_fkey foreign key (poll_id, organization_id)
    references public.meeting_polls (id, organization_id) on delete set null (poll_id),
  constraint meeting_room_bookings_released_with_reason check ((released_at is null) = (release_reason is null)),
  constraint meeting_room_bookings_id_organization_id_key unique (id, organization_id),
  -- The one rule against double booking: live bookings of a room never overlap.
  constraint meeting_room_bookings_no_overlap
    exclude using gist (room_id with =, during with &&) where (released_at is null)
);

comment on table public.meeting_room_bookings is
  'A room held for a time, booked directly or by a finalized poll; check-in and release. Live (not released) bookings of a room never overlap. Written only through the checked functions.';

create index meeting_room_bookings_organization_id_idx on public.meeting_room_bookings (organization_id);
create index meeting_room_bookings_room_id_starts_at_idx on public.meeting_room_bookings (room_id, organization_id, starts_at);
create index meeting_room_bookings_booked_by_idx on public.meeting_room_bookings (booked_by);
create index meeting_room_bookings_poll_id_idx on public.meeting_room_bookings (poll_id, organization_id);
-- The release job's scan.
create index meeting_room_bookings_unchecked_idx on public.meeting_room_bookings (lower(during))
  where released_at is null and checked_in_at is null;

create table public.meetings (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  room_id uuid null,
  booking_id uuid null unique,
  poll_id uuid null unique,
  -- Meetings of one series share it: open action items carry over to the next.
  series_id uuid null,
  created_by uuid null references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint meetings_id_organization_id_key unique (id, organization_id),
  constraint meetings_room_fkey foreign key (room_id, organization_id)
    references public.meeting_rooms (id, organization_id) on delete set null (room_id),
  constraint meetings_booking_fkey foreign key (booking_id, organization_id)
    references public.meeting_room_bookings (id, organization_id) on delete set null (booking_id),
  constraint meetings_poll_fkey foreign key (poll_id, organization_id)
    references public.meeting_polls (id, organization_id) on delete set null (poll_id)
);

comment on table public.meetings is
  'A meeting: from a finalized poll or a direct booking, its time, room and booking; series_id groups recurring meetings. Made by the checked functions; members change title and series.';

create index meetings_organization_id_starts_at_idx on public.meetings (organization_id, starts_at);
create index meetings_room_id_idx on public.meetings (room_id, organization_id);
create index meetings_series_id_starts_at_idx on public.meetings (series_id, starts_at);
create index meetings_created_by_idx on public.meetings (created_by);
create index meetings_booking_id_idx on public.meetings (booking_id, organization_id);
create index meetings_poll_id_idx on public.meetings (poll_id, organization_id);

create table public.meeting_summaries (
  meeting_id uuid primary key,
  organization_id uuid not null,
  agenda text[] not null default '{}' check (cardinality(agenda) <= 100 and array_position(agenda, null) is null),
  notes text not null default '' check (char_length(notes) <= 50000),
  decisions text[] not null default '{}' check (cardinality(decisions) <= 100 and array_position(decisions, null) is null),
  updated_at timestamptz not null default now(),
  constraint meeting_summaries_meeting_fkey foreign key (meeting_id, organization_id)
    references public.meetings (id, organization_id) on delete cascade
);

comment on table public.meeting_summaries is
  'A meeting''s agenda items, notes and decisions. Members write.';

create index meeting_summaries_meeting_id_organization_id_idx on public.meeting_summaries (meeting_id, organization_id);

create table public.meeting_attendees (
  id uuid primary key default gen_random_uuid(),
  meeting_id uuid not null,
  organization_id uuid not null,
  member_id uuid null,
  participant_id uuid null,
  -- Null until the summary says whether they came.
  present boolean null,
  constraint meeting_attendees_meeting_fkey foreign key (meeting_id, organization_id)
    references public.meetings (id, organization_id) on delete cascade,
  constraint meeting_attendees_member_fkey foreign key (organization_id, member_id)
    references public.organizations_members (organization_id, member_id) on delete cascade,
  constraint meeting_attendees_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade,
  constraint meeting_attendees_one_person check ((member_id is null) <> (participant_id is null)),
  constraint meeting_attendees_meeting_member_key unique (meeting_id, member_id),
  constraint meeting_attendees_meeting_participant_key unique (meeting_id, participant_id)
);

comment on table public.meeting_attendees is
  'Who a meeting expects (a member or a guest participant) and whether they were present. Members write.';

create index meeting_attendees_member_id_idx on public.meeting_attendees (organization_id, member_id);
create index meeting_attendees_participant_id_idx on public.meeting_attendees (participant_id, organization_id);
create index meeting_attendees_meeting_id_organization_id_idx on public.meeting_attendees (meeting_id, organization_id);

create table public.meeting_action_items (
  id uuid primary key default gen_random_uuid(),
  meeting_id uuid not null,
  organization_id uuid not null,
  title text not null check (char_length(btrim(title)) between 1 and 500),
  owner_id uuid null,
  due_on date null,
  done_at timestamptz null,
  -- The open item of the series' previous meeting this one continues.
  carried_from_id uuid null references public.meeting_action_items (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint meeting_action_items_meeting_fkey foreign key (meeting_id, organization_id)
    references public.meetings (id, organization_id) on delete cascade,
  constraint meeting_action_items_owner_fkey foreign key (organization_id, owner_id)
    references public.organizations_members (organization_id, member_id) on delete set null (owner_id),
  constraint meeting_action_items_carried_once unique (meeting_id, carried_from_id)
);

comment on table public.meeting_action_items is
  'A task agreed in a meeting: owner (a member), due date, done; items still open are carried to the next meeting of the series. Members write.';

create index meeting_action_items_meeting_id_idx on public.meeting_action_items (meeting_id, organization_id);
create index meeting_action_items_owner_id_idx on public.meeting_action_items (organization_id, owner_id);
create index meeting_action_items_carried_from_id_idx on public.meeting_action_items (carried_from_id);

-- ============================================================================================
-- 2. Triggers
-- ============================================================================================

-- Every booking lies inside one day's opening hours of its room, in Oslo wall-clock time.
create or replace function private.meeting_booking_within_opening_hours()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  hours jsonb;
  local_start timestamp;
  local_end timestamp;
  day_hours jsonb;
  closes_at timestamp;
begin
  local_start := lower(new.during) at time zone 'Europe/Oslo';
  local_end := upper(new.during) at time zone 'Europe/Oslo';
  select r.opening_hours into hours from public.meeting_rooms as r where r.id = new.room_id;
  day_hours := hours -> extract(isodow from local_start)::text;
  if day_hours is not null then
    closes_at := local_start::date + (day_hours ->> 'closes')::time
      + case when day_hours ->> 'closes' = '24:00' then interval '1 day' else interval '0' end;
  end if;
  if day_hours is null
    or local_start::time < (day_hours ->> 'opens')::time
    or local_end > closes_at then
    raise exception using errcode = 'P0001', message = 'meeting-room-closed';
  end if;
  return new;
end;
$$;

comment on function private.meeting_booking_within_opening_hours() is
  'Trigger: a booking starts at or after its Oslo weekday''s opening and ends by its closing (meeting-room-closed).';
revoke execute on function private.meeting_booking_within_opening_hours() from public, anon, authenticated;

create trigger meeting_room_bookings_within_opening_hours
before insert or update of during, room_id on public.meeting_room_bookings
for each row execute function private.meeting_booking_within_opening_hours();

create or replace function private.touch_meeting_summary()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function private.touch_meeting_summary() from public, anon, authenticated;

create trigger meeting_summaries_touch
before update on public.meeting_summaries
for each row execute function private.touch_meeting_summary();

-- ============================================================================================
-- 3. Row-level security
-- ============================================================================================

-- The organizer of a poll: its creator, or an owner or admin of its organization.
-- Security definer: the invitees' and answers' policies ask it, and it reads the poll row whatever
-- the caller's own policies let them see.
create or replace function private.is_meeting_poll_organizer(input_poll_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.meeting_polls as p
    where p.id = input_poll_id
      and private.has_organization_role(p.organization_id)
      and (p.created_by = (select auth.uid()) or private.has_organization_role(p.organization_id, '{owner,admin}'))
  );
$$;

comment on function private.is_meeting_poll_organizer(uuid) is
  'True when the caller created the poll or is an owner or admin of its organization (and still a member).';
revoke execute on function private.is_meeting_poll_organizer(uuid) from public, anon, authenticated;
grant execute on function private.is_meeting_poll_organizer(uuid) to authenticated, service_role;

-- Whether the caller may see an invitation (and its answers): members see every invitation of their
-- organization's polls, but in a poll with hidden participants only the organizer sees others'.
-- Security definer: reads the poll and invitee rows behind the policies that call it.
create or replace function private.can_see_meeting_invitee(input_invitee_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.meeting_poll_invitees as i
    join public.meeting_polls as p on p.id = i.poll_id
    where i.id = input_invitee_id
      and private.has_organization_role(p.organization_id)
      and (not p.hide_participants or i.member_id = (select auth.uid()) or private.is_meeting_poll_organizer(p.id))
  );
$$;

comment on function private.can_see_meeting_invitee(uuid) is
  'True when the caller may see the invitation and its answers: a member of the organization, and for hidden participants only their own or as organizer.';
revoke execute on function private.can_see_meeting_invitee(uuid) from public, anon, authenticated;
grant execute on function private.can_see_meeting_invitee(uuid) to authenticated, service_role;

alter table public.meeting_rooms enable row level security;
alter table public.meeting_room_bookings enable row level security;
alter table public.meeting_polls enable row level security;
alter table public.meeting_poll_options enable row level security;
alter table public.meeting_poll_invitees enable row level security;
alter table public.meeting_poll_answers enable row level security;
alter table public.meetings enable row level security;
alter table public.meeting_summaries enable row level security;
alter table public.meeting_attendees enable row level security;
alter table public.meeting_action_items enable row level security;

revoke all on public.meeting_rooms, public.meeting_room_bookings, public.meeting_polls,
  public.meeting_poll_options, public.meeting_poll_invitees, public.meeting_poll_answers, public.meetings,
  public.meeting_summaries, public.meeting_attendees, public.meeting_action_items
  from anon, authenticated;
grant select on public.meeting_rooms, public.meeting_room_bookings, public.meeting_polls,
  public.meeting_poll_options, public.meeting_poll_answers, public.meetings to authenticated;
-- The guest's link hash stays in the database.
grant select (id, poll_id, organization_id, member_id, participant_id, created_at)
  on public.meeting_poll_invitees to authenticated;
grant insert, delete on public.meeting_rooms to authenticated;
grant update (name, capacity, equipment, location, opening_hours, check_in_minutes, active)
  on public.meeting_rooms to authenticated;
grant update (title, series_id) on public.meetings to authenticated;
grant select, insert, delete on public.meeting_summaries, public.meeting_attendees, public.meeting_action_items
  to authenticated;
grant update (agenda, notes, decisions) on public.meeting_summaries to authenticated;
grant update (present) on public.meeting_attendees to authenticated;
grant update (title, owner_id, due_on, done_at) on public.meeting_action_items to authenticated;

create policy "Members can read their organization's meeting rooms"
on public.meeting_rooms for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can add meeting rooms"
on public.meeting_rooms for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can change meeting rooms"
on public.meeting_rooms for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can delete meeting rooms"
on public.meeting_rooms for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's room bookings"
on public.meeting_room_bookings for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's meeting polls"
on public.meeting_polls for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's candidate times"
on public.meeting_poll_options for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read the invitations they may see"
on public.meeting_poll_invitees for select to authenticated
using (private.can_see_meeting_invitee(id));

create policy "Members can read the answers they may see"
on public.meeting_poll_answers for select to authenticated
using (private.can_see_meeting_invitee(invitee_id));

create policy "Members can read their organization's meetings"
on public.meetings for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can rename their organization's meetings and set their series"
on public.meetings for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can read their organization's meeting summaries"
on public.meeting_summaries for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can write their organization's meeting summaries"
on public.meeting_summaries for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change their organization's meeting summaries"
on public.meeting_summaries for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete meeting summaries"
on public.meeting_summaries for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's meeting attendees"
on public.meeting_attendees for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add attendees to their organization's meetings"
on public.meeting_attendees for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can mark attendees present or absent"
on public.meeting_attendees for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can remove attendees from their organization's meetings"
on public.meeting_attendees for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's action items"
on public.meeting_action_items for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add action items to their organization's meetings"
on public.meeting_action_items for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change their organization's action items"
on public.meeting_action_items for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's action items"
on public.meeting_action_items for delete to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 4. Rooms and bookings
-- ============================================================================================

-- Books a room for a time as `booked_by`, the checks every path shares: the room is active, the time
-- is ahead and sane, the room holds `attendees`. Opening hours are the trigger's; overlap is the
-- constraint's, whose refusal becomes meeting-room-taken (a racing booking waits for the first to
-- commit, then meets it).
create or replace function private.book_meeting_room(
  room public.meeting_rooms,
  starts_at timestamptz,
  ends_at timestamptz,
  title text,
  attendees integer,
  poll_id uuid,
  booked_by uuid
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  booking_id uuid;
begin
  if not room.active then
    raise exception using errcode = 'P0001', message = 'meeting-room-inactive';
  end if;
  if starts_at is null or ends_at is null or ends_at <= starts_at or ends_at - starts_at > interval '24 hours'
    or ends_at <= private.campaign_now() then
    raise exception using errcode = 'P0001', message = 'meeting-time-invalid';
  end if;
  if coalesce(attendees, 1) > room.capacity then
    raise exception using errcode = 'P0001', message = 'meeting-room-too-small';
  end if;
  begin
    insert into public.meeting_room_bookings (organization_id, room_id, during, title, booked_by, poll_id)
    values (room.organization_id, room.id, tstzrange(starts_at, ends_at, '[)'), title, booked_by, poll_id)
    returning id into booking_id;
  exception when exclusion_violation then
    raise exception using errcode = 'P0001', message = 'meeting-room-taken';
  end;
  return booking_id;
end;
$$;

comment on function private.book_meeting_room(public.meeting_rooms, timestamptz, timestamptz, text, integer, uuid, uuid) is
  'Books the room (active, time ahead, capacity ≥ attendees; opening hours by trigger; overlap → meeting-room-taken). Returns the booking.';
revoke execute on function private.book_meeting_room(public.meeting_rooms, timestamptz, timestamptz, text, integer, uuid, uuid)
  from public, anon, authenticated;

-- The caller's organization's room, else meeting-room-not-found (another organization's looks the same).
create or replace function private.member_meeting_room(input_room_id uuid)
returns public.meeting_rooms
language plpgsql
stable
set search_path = ''
as $$
declare
  room public.meeting_rooms;
begin
  select * into room from public.meeting_rooms as r where r.id = input_room_id;
  if not found or not private.has_organization_role(room.organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-room-not-found';
  end if;
  return room;
end;
$$;

revoke execute on function private.member_meeting_room(uuid) from public, anon, authenticated;
grant execute on function private.member_meeting_room(uuid) to authenticated, service_role;

-- Security definer: bookings have no write policy, so this is the members' only way to book.
create or replace function public.book_room(
  input_room_id uuid,
  input_starts_at timestamptz,
  input_ends_at timestamptz,
  input_title text,
  input_attendees integer default 1,
  input_series_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  room public.meeting_rooms := private.member_meeting_room(input_room_id);
  new_booking_id uuid;
  new_meeting_id uuid;
begin
  if input_attendees is null or input_attendees < 1 then
    raise exception using errcode = 'P0001', message = 'meeting-attendees-invalid';
  end if;
  new_booking_id := private.book_meeting_room(room, input_starts_at, input_ends_at, btrim(input_title),
    input_attendees, null, (select auth.uid()));
  insert into public.meetings (organization_id, title, starts_at, ends_at, room_id, booking_id, series_id, created_by)
  values (room.organization_id, btrim(input_title), input_starts_at, input_ends_at, room.id, new_booking_id,
    input_series_id, (select auth.uid()))
  returning id into new_meeting_id;
  insert into public.meeting_attendees (meeting_id, organization_id, member_id)
  values (new_meeting_id, room.organization_id, (select auth.uid()));
  return new_meeting_id;
end;
$$;

comment on function public.book_room(uuid, timestamptz, timestamptz, text, integer, uuid) is
  'A member books a room directly: the booking and its meeting (the booker attending). Returns the meeting. meeting-room-not-found, -inactive, -closed, -too-small, -taken, meeting-time-invalid.';
revoke execute on function public.book_room(uuid, timestamptz, timestamptz, text, integer, uuid) from public, anon, authenticated;
grant execute on function public.book_room(uuid, timestamptz, timestamptz, text, integer, uuid) to authenticated, service_role;

-- A live booking of the caller's organization, locked, else meeting-booking-not-found; a released one
-- is meeting-booking-released.
create or replace function private.live_meeting_booking(input_booking_id uuid)
returns public.meeting_room_bookings
language plpgsql
volatile
set search_path = ''
as $$
declare
  booking public.meeting_room_bookings;
begin
  select * into booking from public.meeting_room_bookings as b where b.id = input_booking_id for update;
  if not found or not private.has_organization_role(booking.organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-booking-not-found';
  end if;
  if booking.released_at is not null then
    raise exception using errcode = 'P0001', message = 'meeting-booking-released';
  end if;
  return booking;
end;
$$;

revoke execute on function private.live_meeting_booking(uuid) from public, anon, authenticated;

-- Security definer: bookings have no write policy. Any member may check in (whoever is in the room),
-- from 15 minutes before the start until the booking is released.
create or replace function public.check_in_room_booking(input_booking_id uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.meeting_room_bookings := private.live_meeting_booking(input_booking_id);
  now_at timestamptz := private.campaign_now();
begin
  if booking.checked_in_at is not null then
    return booking.checked_in_at;
  end if;
  if now_at < lower(booking.during) - interval '15 minutes' or now_at >= upper(booking.during) then
    raise exception using errcode = 'P0001', message = 'meeting-check-in-not-open';
  end if;
  update public.meeting_room_bookings set checked_in_at = now_at where id = booking.id;
  return now_at;
end;
$$;

comment on function public.check_in_room_booking(uuid) is
  'A member checks a live booking in, from 15 minutes before its start until its end; again returns the first check-in. meeting-booking-not-found, -released, meeting-check-in-not-open.';
revoke execute on function public.check_in_room_booking(uuid) from public, anon, authenticated;
grant execute on function public.check_in_room_booking(uuid) to authenticated, service_role;

-- Security definer: bookings have no write policy. The booker, an owner or an admin.
create or replace function public.cancel_room_booking(input_booking_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.meeting_room_bookings := private.live_meeting_booking(input_booking_id);
begin
  if booking.booked_by is distinct from (select auth.uid())
    and not private.has_organization_role(booking.organization_id, '{owner,admin}') then
    raise exception using errcode = 'PT403', message = 'meeting-not-organizer';
  end if;
  update public.meeting_room_bookings
  set released_at = private.campaign_now(), release_reason = 'cancelled'
  where id = booking.id;
end;
$$;

comment on function public.cancel_room_booking(uuid) is
  'The booker, an owner or an admin releases a live booking (reason cancelled). meeting-booking-not-found, -released, meeting-not-organizer.';
revoke execute on function public.cancel_room_booking(uuid) from public, anon, authenticated;
grant execute on function public.cancel_room_booking(uuid) to authenticated, service_role;

-- The job: live bookings not checked in within their room's check-in minutes of the start are
-- released, so the room is free again. Returns how many.
create or replace function public.release_unchecked_room_bookings(input_now timestamptz default now())
returns integer
language sql
volatile
set search_path = ''
as $$
  with released as (
    update public.meeting_room_bookings as b
    set released_at = input_now, release_reason = 'unchecked'
    from public.meeting_rooms as r
    where r.id = b.room_id
      and b.released_at is null
      and b.checked_in_at is null
      and lower(b.during) + make_interval(mins => r.check_in_minutes) <= input_now
    returning b.id
  )
  select count(*)::integer from released;
$$;

comment on function public.release_unchecked_room_bookings(timestamptz) is
  'Service role (the release job): releases live bookings not checked in within their room''s check_in_minutes of the start; returns the count.';
revoke execute on function public.release_unchecked_room_bookings(timestamptz) from public, anon, authenticated;
grant execute on function public.release_unchecked_room_bookings(timestamptz) to service_role;

-- Both runners read it (20261126090000_scheduled_jobs.sql): every minute, so a room is free again
-- within a minute of its booking's check-in time running out.
insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('meeting-room-release', '* * * * *', 'campaign-jobs', '{}',
   'Meeting rooms: releases bookings not checked in within their room''s check-in minutes of the start.');

-- ============================================================================================
-- 5. Polls
-- ============================================================================================

-- Raises meeting-room-too-small when a candidate time's room of the poll holds fewer than its invitees.
create or replace function private.check_meeting_poll_capacity(input_poll_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (
    select 1
    from public.meeting_poll_options as o
    join public.meeting_rooms as r on r.id = o.room_id
    where o.poll_id = input_poll_id
      and r.capacity < (select count(*) from public.meeting_poll_invitees as i where i.poll_id = input_poll_id)
  ) then
    raise exception using errcode = 'P0001', message = 'meeting-room-too-small';
  end if;
end;
$$;

revoke execute on function private.check_meeting_poll_capacity(uuid) from public, anon, authenticated;

-- Security definer: polls, options and invitees have no write policy, and a guest's participant row
-- (the engine's) is written here. The caller becomes the organizer and the first invitee.
-- input_options: [{"starts_at": "…", "room_id": "…" | null}, …], each lasting the poll's duration.
create or replace function public.create_meeting_poll(
  input_organization_id uuid,
  input_title text,
  input_duration_minutes integer,
  input_options jsonb,
  input_member_ids uuid[] default '{}',
  input_guest_emails text[] default '{}',
  input_description text default null,
  input_deadline timestamptz default null,
  input_hide_participants boolean default false,
  input_series_id uuid default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  new_poll_id uuid;
  guest text;
  guest_id uuid;
begin
  if not private.has_organization_role(input_organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-poll-not-found';
  end if;
  if jsonb_typeof(input_options) <> 'array' or jsonb_array_length(input_options) not between 1 and 30
    or cardinality(coalesce(input_member_ids, '{}')) + cardinality(coalesce(input_guest_emails, '{}')) > 200
    or (input_deadline is not null and input_deadline <= private.campaign_now()) then
    raise exception using errcode = 'P0001', message = 'meeting-poll-invalid';
  end if;

  insert into public.meeting_polls (organization_id, title, description, duration_minutes, deadline,
    hide_participants, series_id, created_by)
  values (input_organization_id, btrim(input_title), nullif(btrim(input_description), ''), input_duration_minutes,
    input_deadline, coalesce(input_hide_participants, false), input_series_id, (select auth.uid()))
  returning id into new_poll_id;

  begin
    insert into public.meeting_poll_options (poll_id, organization_id, starts_at, ends_at, room_id)
    select new_poll_id, input_organization_id, o.starts_at,
      o.starts_at + make_interval(mins => input_duration_minutes), o.room_id
    from jsonb_to_recordset(input_options) as o (starts_at timestamptz, room_id uuid);
  exception when foreign_key_violation or not_null_violation or invalid_datetime_format or invalid_text_representation then
    raise exception using errcode = 'P0001', message = 'meeting-poll-invalid';
  end;
  if exists (
    select 1 from public.meeting_poll_options as o
    left join public.meeting_rooms as r on r.id = o.room_id
    where o.poll_id = new_poll_id
      and (o.starts_at <= private.campaign_now() or (o.room_id is not null and not r.active))
  ) then
    raise exception using errcode = 'P0001', message = 'meeting-poll-invalid';
  end if;

  begin
    insert into public.meeting_poll_invitees (poll_id, organization_id, member_id)
    select new_poll_id, input_organization_id, m
    from unnest(array[(select auth.uid())] || coalesce(input_member_ids, '{}')) as m
    on conflict (poll_id, member_id) do nothing;
  exception when foreign_key_violation then
    raise exception using errcode = 'P0001', message = 'meeting-invitee-invalid';
  end;

  foreach guest in array coalesce(input_guest_emails, '{}') loop
    begin
      guest := private.participant_email(guest);
    exception when others then
      raise exception using errcode = 'P0001', message = 'meeting-invitee-invalid';
    end;
    insert into public.participants (organization_id, email) values (input_organization_id, guest)
    on conflict (organization_id, email) do update set updated_at = public.participants.updated_at
    returning id into guest_id;
    insert into public.meeting_poll_invitees (poll_id, organization_id, participant_id)
    values (new_poll_id, input_organization_id, guest_id)
    on conflict (poll_id, participant_id) do nothing;
  end loop;

  perform private.check_meeting_poll_capacity(new_poll_id);
  return new_poll_id;
end;
$$;

comment on function public.create_meeting_poll(uuid, text, integer, jsonb, uuid[], text[], text, timestamptz, boolean, uuid) is
  'A member creates a poll (organizer and first invitee): candidate times [{starts_at, room_id}] of the duration, members and guests by e-mail (participants). meeting-poll-not-found, -invalid, meeting-invitee-invalid, meeting-room-too-small.';
revoke execute on function public.create_meeting_poll(uuid, text, integer, jsonb, uuid[], text[], text, timestamptz, boolean, uuid)
  from public, anon, authenticated;
grant execute on function public.create_meeting_poll(uuid, text, integer, jsonb, uuid[], text[], text, timestamptz, boolean, uuid)
  to authenticated, service_role;

-- The invitation e-mail's link: a fresh token for a guest's invitation (the old one stops working),
-- returned once; only its hash is kept. Service role only, so members never hold a guest's link.
create or replace function public.issue_meeting_guest_link(input_invitee_id uuid)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  update public.meeting_poll_invitees
  set token_sha256 = encode(extensions.digest(token, 'sha256'), 'hex')
  where id = input_invitee_id and participant_id is not null;
  if not found then
    raise exception using errcode = 'PT404', message = 'meeting-guest-link-invalid';
  end if;
  return token;
end;
$$;

comment on function public.issue_meeting_guest_link(uuid) is
  'Service role (the invitation e-mail): a new 64-character token for a guest''s invitation, returned once; the previous one stops working.';
revoke execute on function public.issue_meeting_guest_link(uuid) from public, anon, authenticated;
grant execute on function public.issue_meeting_guest_link(uuid) to service_role;

-- The guest's invitation by token (at least 32 characters), else meeting-guest-link-invalid.
create or replace function private.meeting_guest_invitee(input_token text)
returns public.meeting_poll_invitees
language plpgsql
stable
set search_path = ''
as $$
declare
  invitee public.meeting_poll_invitees;
begin
  if char_length(coalesce(input_token, '')) >= 32 then
    select * into invitee from public.meeting_poll_invitees as i
    where i.token_sha256 = encode(extensions.digest(input_token, 'sha256'), 'hex');
  end if;
  if invitee.id is null then
    raise exception using errcode = 'PT404', message = 'meeting-guest-link-invalid';
  end if;
  return invitee;
end;
$$;

revoke execute on function private.meeting_guest_invitee(text) from public, anon, authenticated;

-- Security definer: the organizer, owners and admins cancel an open poll; polls have no write policy.
create or replace function public.cancel_meeting_poll(input_poll_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not private.is_meeting_poll_organizer(input_poll_id) then
    raise exception using errcode = 'PT403', message = 'meeting-not-organizer';
  end if;
  update public.meeting_polls set status = 'cancelled' where id = input_poll_id and status = 'open';
  if not found then
    raise exception using errcode = 'P0001', message = 'meeting-poll-closed';
  end if;
end;
$$;

comment on function public.cancel_meeting_poll(uuid) is
  'The organizer (creator, owner, admin) cancels an open poll. meeting-not-organizer, meeting-poll-closed.';
revoke execute on function public.cancel_meeting_poll(uuid) from public, anon, authenticated;
grant execute on function public.cancel_meeting_poll(uuid) to authenticated, service_role;

-- ============================================================================================
-- 6. Answers and the matrix
-- ============================================================================================

-- Replaces the invitee's answers with input_answers ({"<option id>": "yes" | "if_need_be" | "no"});
-- an option left out keeps its answer. The poll must be open and before its deadline.
create or replace function private.save_meeting_answers(invitee public.meeting_poll_invitees, input_answers jsonb)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  poll public.meeting_polls;
begin
  select * into poll from public.meeting_polls as p where p.id = invitee.poll_id;
  if poll.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'meeting-poll-closed';
  end if;
  if poll.deadline is not null and private.campaign_now() >= poll.deadline then
    raise exception using errcode = 'P0001', message = 'meeting-poll-deadline-passed';
  end if;
  if jsonb_typeof(input_answers) <> 'object' or exists (
    select 1 from jsonb_each_text(input_answers) as a (option_id, answer)
    where a.answer not in ('yes', 'if_need_be', 'no')
      or a.option_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or not exists (select 1 from public.meeting_poll_options as o where o.id = a.option_id::uuid and o.poll_id = poll.id)
  ) then
    raise exception using errcode = 'P0001', message = 'meeting-answer-invalid';
  end if;
  insert into public.meeting_poll_answers (poll_id, option_id, invitee_id, organization_id, answer)
  select poll.id, a.option_id::uuid, invitee.id, poll.organization_id, a.answer
  from jsonb_each_text(input_answers) as a (option_id, answer)
  on conflict (option_id, invitee_id) do update set answer = excluded.answer, updated_at = now();
end;
$$;

revoke execute on function private.save_meeting_answers(public.meeting_poll_invitees, jsonb) from public, anon, authenticated;

-- Security definer: answers have no write policy. The caller's own invitation only.
create or replace function public.answer_meeting_poll(input_poll_id uuid, input_answers jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invitee public.meeting_poll_invitees;
begin
  select * into invitee from public.meeting_poll_invitees as i
  where i.poll_id = input_poll_id and i.member_id = (select auth.uid());
  if not found or not private.has_organization_role(invitee.organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-poll-not-found';
  end if;
  perform private.save_meeting_answers(invitee, input_answers);
end;
$$;

comment on function public.answer_meeting_poll(uuid, jsonb) is
  'An invited member answers ({"<option id>": "yes" | "if_need_be" | "no"}). meeting-poll-not-found, -closed, -deadline-passed, meeting-answer-invalid.';
revoke execute on function public.answer_meeting_poll(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.answer_meeting_poll(uuid, jsonb) to authenticated, service_role;

-- Security definer: anon answers through the link; the token opens its own invitation only. The
-- engine's per-address limit (30 a minute) keeps token guessing and floods slow.
create or replace function public.answer_meeting_poll_as_guest(input_token text, input_answers jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.check_public_rate('meeting-answer', 30);
  perform private.save_meeting_answers(private.meeting_guest_invitee(input_token), input_answers);
end;
$$;

comment on function public.answer_meeting_poll_as_guest(text, jsonb) is
  'An outside guest answers through their link (anon). meeting-guest-link-invalid, meeting-poll-closed, -deadline-passed, meeting-answer-invalid, campaign-rate-limited.';
revoke execute on function public.answer_meeting_poll_as_guest(text, jsonb) from public, anon, authenticated;
grant execute on function public.answer_meeting_poll_as_guest(text, jsonb) to anon, authenticated, service_role;

-- The best-time matrix: per candidate time its counts, and the answers the caller may see (everyone's,
-- or in a poll with hidden participants the caller's own unless they organize it). Names: a member's
-- profile name, a guest's name or e-mail, shown to members of the organization only.
create or replace function private.meeting_matrix(poll public.meeting_polls, viewer_invitee_id uuid, sees_all boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'poll', jsonb_build_object('id', poll.id, 'title', poll.title, 'description', poll.description,
      'duration_minutes', poll.duration_minutes, 'deadline', poll.deadline, 'status', poll.status,
      'hide_participants', poll.hide_participants, 'chosen_option_id', poll.chosen_option_id),
    'invitees', (select count(*) from public.meeting_poll_invitees as i where i.poll_id = poll.id),
    'options', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', o.id, 'starts_at', o.starts_at, 'ends_at', o.ends_at, 'room_id', o.room_id, 'room_name', r.name,
        'yes', (select count(*) from public.meeting_poll_answers as a where a.option_id = o.id and a.answer = 'yes'),
        'if_need_be', (select count(*) from public.meeting_poll_answers as a where a.option_id = o.id and a.answer = 'if_need_be'),
        'no', (select count(*) from public.meeting_poll_answers as a where a.option_id = o.id and a.answer = 'no'),
        'answers', coalesce((
          select jsonb_agg(jsonb_build_object(
            'invitee_id', a.invitee_id, 'answer', a.answer,
            'name', case when sees_all or a.invitee_id = viewer_invitee_id
              then coalesce(pr.name, pa.name, split_part(pa.email, '@', 1)) end,
            'mine', a.invitee_id is not distinct from viewer_invitee_id
          ) order by a.invitee_id)
          from public.meeting_poll_answers as a
          join public.meeting_poll_invitees as i on i.id = a.invitee_id
          left join public.profiles as pr on pr.id = i.member_id
          left join public.participants as pa on pa.id = i.participant_id
          where a.option_id = o.id
            and (sees_all or a.invitee_id is not distinct from viewer_invitee_id)
        ), '[]'::jsonb)
      ) order by o.starts_at, o.id)
      from public.meeting_poll_options as o
      left join public.meeting_rooms as r on r.id = o.room_id
      where o.poll_id = poll.id
    ), '[]'::jsonb)
  );
$$;

revoke execute on function private.meeting_matrix(public.meeting_polls, uuid, boolean) from public, anon, authenticated;

-- Security definer: counts every answer while hiding who gave it where the poll says so.
create or replace function public.meeting_poll_matrix(input_poll_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  poll public.meeting_polls;
begin
  select * into poll from public.meeting_polls as p where p.id = input_poll_id;
  if not found or not private.has_organization_role(poll.organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-poll-not-found';
  end if;
  return private.meeting_matrix(
    poll,
    (select i.id from public.meeting_poll_invitees as i where i.poll_id = poll.id and i.member_id = (select auth.uid())),
    not poll.hide_participants or private.is_meeting_poll_organizer(poll.id)
  );
end;
$$;

comment on function public.meeting_poll_matrix(uuid) is
  'Members: the poll, and per candidate time the counts of yes / if_need_be / no and the answers the caller may see (hidden participants: own only, unless organizer). meeting-poll-not-found.';
revoke execute on function public.meeting_poll_matrix(uuid) from public, anon, authenticated;
grant execute on function public.meeting_poll_matrix(uuid) to authenticated, service_role;

-- Security definer: the guest's page reads its poll by the link, anon.
create or replace function public.meeting_poll_for_guest(input_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  invitee public.meeting_poll_invitees := private.meeting_guest_invitee(input_token);
  poll public.meeting_polls;
begin
  select * into poll from public.meeting_polls as p where p.id = invitee.poll_id;
  return private.meeting_matrix(poll, invitee.id, not poll.hide_participants);
end;
$$;

comment on function public.meeting_poll_for_guest(text) is
  'Anon with a guest''s link: the poll''s matrix as that guest sees it. meeting-guest-link-invalid.';
revoke execute on function public.meeting_poll_for_guest(text) from public, anon, authenticated;
grant execute on function public.meeting_poll_for_guest(text) to anon, authenticated, service_role;

-- ============================================================================================
-- 7. Finalizing
-- ============================================================================================

-- Security definer: books the room, makes the meeting and closes the poll in one transaction. The poll
-- row is locked, so one poll finalizes once; the booking constraint lets one of two polls take the
-- same room and time (meeting-room-taken for the other, whose whole transaction is undone).
create or replace function public.finalize_meeting_poll(input_poll_id uuid, input_option_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  poll public.meeting_polls;
  chosen public.meeting_poll_options;
  room public.meeting_rooms;
  new_booking_id uuid;
  new_meeting_id uuid;
  invited integer;
begin
  select * into poll from public.meeting_polls as p where p.id = input_poll_id for update;
  if not found or not private.has_organization_role(poll.organization_id) then
    raise exception using errcode = 'PT404', message = 'meeting-poll-not-found';
  end if;
  if not private.is_meeting_poll_organizer(poll.id) then
    raise exception using errcode = 'PT403', message = 'meeting-not-organizer';
  end if;
  if poll.status <> 'open' then
    raise exception using errcode = 'P0001', message = 'meeting-poll-closed';
  end if;
  select * into chosen from public.meeting_poll_options as o where o.id = input_option_id and o.poll_id = poll.id;
  if not found then
    raise exception using errcode = 'PT404', message = 'meeting-poll-option-not-found';
  end if;

  if chosen.room_id is not null then
    select * into room from public.meeting_rooms as r where r.id = chosen.room_id;
    select count(*) into invited from public.meeting_poll_invitees as i where i.poll_id = poll.id;
    new_booking_id := private.book_meeting_room(room, chosen.starts_at, chosen.ends_at, poll.title, invited,
      poll.id, (select auth.uid()));
  end if;

  insert into public.meetings (organization_id, title, starts_at, ends_at, room_id, booking_id, poll_id, series_id, created_by)
  values (poll.organization_id, poll.title, chosen.starts_at, chosen.ends_at, chosen.room_id, new_booking_id, poll.id,
    poll.series_id, (select auth.uid()))
  returning id into new_meeting_id;

  insert into public.meeting_attendees (meeting_id, organization_id, member_id, participant_id)
  select new_meeting_id, poll.organization_id, i.member_id, i.participant_id
  from public.meeting_poll_invitees as i
  where i.poll_id = poll.id
    and not exists (
      select 1 from public.meeting_poll_answers as a
      where a.invitee_id = i.id and a.option_id = chosen.id and a.answer = 'no'
    );

  update public.meeting_polls set status = 'finalized', chosen_option_id = chosen.id where id = poll.id;
  return new_meeting_id;
end;
$$;

comment on function public.finalize_meeting_poll(uuid, uuid) is
  'The organizer picks a candidate time: its room is booked (race-proof), the meeting made with every invitee who did not answer no, the poll closed. Returns the meeting. meeting-poll-not-found, -closed, -option-not-found, meeting-not-organizer, meeting-room-taken, -closed, -too-small, -inactive, meeting-time-invalid.';
revoke execute on function public.finalize_meeting_poll(uuid, uuid) from public, anon, authenticated;
grant execute on function public.finalize_meeting_poll(uuid, uuid) to authenticated, service_role;

-- ============================================================================================
-- 8. Summaries and carry-over
-- ============================================================================================

-- Copies the open action items of the previous meeting of the same series (the latest that starts
-- before this one) to this meeting, each once. Returns how many were copied. Invoker: members may
-- write action items anyway, and RLS keeps it to their organization.
create or replace function public.carry_over_action_items(input_meeting_id uuid)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  meeting public.meetings;
  previous_id uuid;
  copied integer;
begin
  select * into meeting from public.meetings as m where m.id = input_meeting_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'meeting-not-found';
  end if;
  if meeting.series_id is null then
    return 0;
  end if;
  select m.id into previous_id from public.meetings as m
  where m.series_id = meeting.series_id and m.organization_id = meeting.organization_id
    and m.starts_at < meeting.starts_at
  order by m.starts_at desc
  limit 1;
  insert into public.meeting_action_items (meeting_id, organization_id, title, owner_id, due_on, carried_from_id)
  select meeting.id, meeting.organization_id, a.title, a.owner_id, a.due_on, a.id
  from public.meeting_action_items as a
  where a.meeting_id = previous_id and a.done_at is null
  on conflict (meeting_id, carried_from_id) do nothing;
  get diagnostics copied = row_count;
  return copied;
end;
$$;

comment on function public.carry_over_action_items(uuid) is
  'Members: copies the open action items of the series'' previous meeting to this one, once each; returns the count. meeting-not-found.';
revoke execute on function public.carry_over_action_items(uuid) from public, anon, authenticated;
grant execute on function public.carry_over_action_items(uuid) to authenticated, service_role;
