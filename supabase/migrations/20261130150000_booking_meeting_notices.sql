-- E-mails and calendar files of bookings and meetings (docs/booking.md and docs/meetings.md «E-post og
-- kalenderfiler»): what each e-mail needs, what records that it was sent (so every job is idempotent),
-- the calendar event's SEQUENCE, and the staff's private iCal feed.
--
-- 1. Bookings: reminder times per solution, sequence and sent reminders per booking, the notice's data.
-- 2. The staff's feed token and feed.
-- 3. Meetings: invitations, deadline reminders, cancellations, the .ics on finalizing, action-item
--    reminders and the summary to attendees, each claimed by a campaign-jobs job.

-- ============================================================================================
-- 1. Bookings
-- ============================================================================================

alter table public.booking_solutions add column reminder_minutes integer[] not null default '{1440,120}'
  constraint booking_solutions_reminder_minutes_valid check (
    cardinality(reminder_minutes) <= 4 and array_position(reminder_minutes, null) is null
    and 15 <= all (reminder_minutes) and 20160 >= all (reminder_minutes)
  );
comment on column public.booking_solutions.reminder_minutes is
  'Minutes before a booking its reminders go out (at most 4, 15 minutes to 14 days); empty: none.';
grant update (reminder_minutes) on public.booking_solutions to authenticated;

alter table public.bookings
  add column calendar_sequence integer not null default 0,
  add column reminders_sent integer[] not null default '{}',
  add column cancellation_sent_at timestamptz null;
comment on column public.bookings.calendar_sequence is
  'The calendar event''s SEQUENCE: grows when the time or the status changes, so the .ics updates the same event.';
comment on column public.bookings.reminders_sent is
  'The reminder_minutes already sent (or passed) for the booking''s current time; a new time clears it.';
comment on column public.bookings.cancellation_sent_at is
  'When the cancellation e-mail was claimed (by the booking function or, for a booking cancelled in the app, the job).';
-- Bookings cancelled before these e-mails existed have had their say.
update public.bookings set cancellation_sent_at = cancelled_at where status = 'cancelled';

-- A new time or status is a new version of the calendar event; a new time wants its reminders again.
create or replace function private.bookings_calendar_sequence()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.during is distinct from old.during or new.status is distinct from old.status then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  if new.during is distinct from old.during then
    new.reminders_sent := '{}';
  end if;
  if new.status <> 'cancelled' then
    new.cancellation_sent_at := null;
  end if;
  return new;
end;
$$;

comment on function private.bookings_calendar_sequence() is
  'Trigger: a booking''s calendar_sequence grows with each change of time or status; a new time clears reminders_sent; leaving cancelled clears cancellation_sent_at.';
revoke execute on function private.bookings_calendar_sequence() from public, anon, authenticated;

create trigger bookings_calendar_sequence before update of during, status on public.bookings
for each row execute function private.bookings_calendar_sequence();

-- The reminder job's scan: confirmed bookings by start.
create index bookings_confirmed_start_idx on public.bookings (lower(during)) where status = 'confirmed';

-- Everything a booking's e-mail says: the visitor, the staff member's notice address, the sender.
create or replace function private.booking_notice(input_booking_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id, 'solution_id', b.solution_id, 'solution_name', c.name, 'status', b.status,
    'start', lower(b.during), 'end', upper(b.during), 'sequence', b.calendar_sequence,
    'service_name', s.name, 'staff_name', st.name, 'staff_email', st.email,
    'email', p.email, 'name', p.name,
    'organization_name', o.name, 'contact_email', o.contact_email,
    'primary_color', case when (c.design ->> 'primary_color') ~ '^#[0-9A-Fa-f]{6}$' then c.design ->> 'primary_color' end
  )
  from public.bookings as b
  join public.booking_services as s on s.id = b.service_id
  join public.booking_staff as st on st.id = b.staff_id
  join public.campaigns as c on c.id = b.solution_id
  join public.organizations as o on o.id = b.organization_id
  join public.participants as p on p.id = b.participant_id
  where b.id = input_booking_id;
$$;

comment on function private.booking_notice(uuid) is
  'A booking as its e-mails show it: times, status, sequence, service, staff (and notice address), the visitor, the organization.';
revoke execute on function private.booking_notice(uuid) from public, anon, authenticated;

create or replace function public.booking_notice(input_booking_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.booking_notice(input_booking_id);
$$;

comment on function public.booking_notice(uuid) is
  'Service role (the booking function''s e-mails): private.booking_notice, or null for an unknown booking.';
revoke execute on function public.booking_notice(uuid) from public, anon, authenticated;
grant execute on function public.booking_notice(uuid) to service_role;

-- Security definer (as every claim here): the service role reaches the private helpers through it.
-- Claims the reminders due at input_now: for each confirmed booking, the reminder times that have
-- passed are marked sent; the one closest to the start is answered, unless the booking was made (or
-- moved) after that time (a booking made an hour ahead gets no «in 24 hours» reminder).
create or replace function public.claim_booking_reminders(input_now timestamptz default null, input_limit integer default 100)
returns table (booking_id uuid, minutes integer, notice jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  due record;
  passed integer[];
begin
  for due in
    select b.id, b.reminders_sent as sent, lower(b.during) as starts_at,
      coalesce(b.rescheduled_at, b.created_at) as made_at, s.reminder_minutes as wanted
    from public.bookings as b
    join public.booking_solutions as s on s.id = b.solution_id
    where b.status = 'confirmed'
      and lower(b.during) > clock
      and lower(b.during) <= clock + interval '14 days'
      and exists (
        select 1 from unnest(s.reminder_minutes) as m
        where lower(b.during) - make_interval(mins => m) <= clock and not (m = any (b.reminders_sent))
      )
    order by lower(b.during)
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of b skip locked
  loop
    passed := array(
      select m from unnest(due.wanted) as m
      where due.starts_at - make_interval(mins => m) <= clock and not (m = any (due.sent))
    );
    update public.bookings as x set reminders_sent = x.reminders_sent || passed where x.id = due.id;
    minutes := (
      select min(m) from unnest(passed) as m where due.made_at < due.starts_at - make_interval(mins => m)
    );
    continue when minutes is null;
    booking_id := due.id;
    notice := private.booking_notice(due.id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_booking_reminders(timestamptz, integer) is
  'Service role (booking-reminders job): marks the passed reminder times of confirmed bookings sent and answers the closest one of each with the booking''s notice.';
revoke execute on function public.claim_booking_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_booking_reminders(timestamptz, integer) to service_role;

create or replace function public.release_booking_reminder(input_booking_id uuid, input_minutes integer)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.bookings set reminders_sent = array_remove(reminders_sent, input_minutes)
  where id = input_booking_id;
$$;

comment on function public.release_booking_reminder(uuid, integer) is
  'Service role (booking-reminders job): hands back a reminder whose e-mail failed, for the next run.';
revoke execute on function public.release_booking_reminder(uuid, integer) from public, anon, authenticated;
grant execute on function public.release_booking_reminder(uuid, integer) to service_role;

-- Claims the cancellation e-mails not yet sent: of the one booking the booking function just cancelled
-- (input_booking_id), or of every booking cancelled in the app (the job), whose time has not ended.
-- Either way a cancellation goes once.
create or replace function public.claim_booking_cancellations(input_booking_id uuid default null, input_limit integer default 100)
returns table (booking_id uuid, notice jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
begin
  for due in
    select b.id from public.bookings as b
    where b.status = 'cancelled' and b.cancellation_sent_at is null
      and (input_booking_id is null or b.id = input_booking_id)
      and upper(b.during) > private.campaign_now()
    order by b.cancelled_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of b skip locked
  loop
    update public.bookings set cancellation_sent_at = private.campaign_now() where id = due.id;
    booking_id := due.id;
    notice := private.booking_notice(due.id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_booking_cancellations(uuid, integer) is
  'Service role (booking function, booking-reminders job): claims the cancellation e-mails not yet sent, of one booking or all, each with the booking''s notice.';
revoke execute on function public.claim_booking_cancellations(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_booking_cancellations(uuid, integer) to service_role;

create or replace function public.release_booking_cancellation(input_booking_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.bookings set cancellation_sent_at = null where id = input_booking_id and status = 'cancelled';
$$;

comment on function public.release_booking_cancellation(uuid) is
  'Service role: hands back a cancellation whose e-mail failed; the job sends it on its next run.';
revoke execute on function public.release_booking_cancellation(uuid) from public, anon, authenticated;
grant execute on function public.release_booking_cancellation(uuid) to service_role;

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('booking-reminders', '*/5 * * * *', 'campaign-jobs', '{}',
   'Bookings: the reminders each booking solution asks for (default 24 and 2 hours before), once each, and the cancellation of a booking cancelled in the app.');

-- ============================================================================================
-- 2. The staff's private iCal feed
-- ============================================================================================

alter table public.booking_staff add column feed_token_sha256 text null unique
  check (feed_token_sha256 ~ '^[0-9a-f]{64}$');
comment on column public.booking_staff.feed_token_sha256 is
  'SHA-256 (hex) of the staff member''s private iCal feed token; the token is answered once, when issued.';

-- Security definer: owners and admins, or the member the staff row is, (re)issue the feed's token.
create or replace function public.issue_booking_feed_token(input_staff_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staff public.booking_staff;
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  select * into staff from public.booking_staff as s where s.id = input_staff_id for update;
  if staff.id is null
    or not (
      private.has_organization_role(staff.organization_id, '{owner,admin}')
      or (coalesce(staff.member_id = (select auth.uid()), false)
        and private.has_organization_role(staff.organization_id))
    ) then
    raise exception using errcode = 'PT404', message = 'booking-staff-not-found';
  end if;
  update public.booking_staff set feed_token_sha256 = encode(extensions.digest(token, 'sha256'), 'hex')
  where id = staff.id;
  return token;
end;
$$;

comment on function public.issue_booking_feed_token(uuid) is
  'Owners, admins or the staff member''s own member: a new token for the staff member''s iCal feed, answered once; the previous one stops working. booking-staff-not-found.';
revoke execute on function public.issue_booking_feed_token(uuid) from public, anon, authenticated;
grant execute on function public.issue_booking_feed_token(uuid) to authenticated, service_role;

-- The feed by its token: the staff member's confirmed bookings from 30 days back, or null.
create or replace function public.booking_feed(input_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'staff_name', st.name, 'solution_name', c.name, 'organization_name', o.name,
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id, 'start', lower(b.during), 'end', upper(b.during), 'sequence', b.calendar_sequence,
        'service_name', s.name, 'name', p.name, 'email', p.email, 'phone', p.phone
      ) order by lower(b.during))
      from public.bookings as b
      join public.booking_services as s on s.id = b.service_id
      join public.participants as p on p.id = b.participant_id
      where b.staff_id = st.id and b.status = 'confirmed'
        and upper(b.during) >= private.campaign_now() - interval '30 days'
    ), '[]'::jsonb)
  )
  from public.booking_staff as st
  join public.campaigns as c on c.id = st.solution_id
  join public.organizations as o on o.id = st.organization_id
  where input_token ~ '^[0-9a-f]{64}$'
    and st.feed_token_sha256 = encode(extensions.digest(input_token, 'sha256'), 'hex');
$$;

comment on function public.booking_feed(text) is
  'Service role (booking-feed function): the staff member of a feed token with their confirmed bookings from 30 days back; null for an unknown token.';
revoke execute on function public.booking_feed(text) from public, anon, authenticated;
grant execute on function public.booking_feed(text) to service_role;

-- ============================================================================================
-- 3. Meetings
-- ============================================================================================

alter table public.meeting_poll_invitees
  add column invited_at timestamptz null,
  add column reminded_at timestamptz null,
  add column closed_notice_at timestamptz null;
comment on column public.meeting_poll_invitees.invited_at is 'When the invitation e-mail was claimed (null: not yet).';
comment on column public.meeting_poll_invitees.reminded_at is 'When the deadline reminder was claimed.';
comment on column public.meeting_poll_invitees.closed_notice_at is 'When the «poll cancelled» e-mail was claimed.';

alter table public.meetings
  add column calendar_sequence integer not null default 0,
  add column calendar_sent_sequence integer null,
  add column cancelled_at timestamptz null,
  add column summary_requested_at timestamptz null,
  add column summary_sent_at timestamptz null;
comment on column public.meetings.calendar_sequence is 'The calendar event''s SEQUENCE: grows when the time changes or the meeting is cancelled.';
comment on column public.meetings.calendar_sent_sequence is 'The sequence whose .ics the attendees got (null: none yet).';
comment on column public.meetings.cancelled_at is 'Set when the meeting''s room booking is cancelled: attendees get a cancellation.';
comment on column public.meetings.summary_requested_at is 'When a member asked to e-mail the summary to the attendees.';
comment on column public.meetings.summary_sent_at is 'When the summary e-mail was claimed for the last request.';
-- Meetings made before these e-mails existed have had their notice.
update public.meetings set calendar_sent_sequence = calendar_sequence;

alter table public.meeting_action_items add column reminded_at timestamptz null;
comment on column public.meeting_action_items.reminded_at is 'When the owner''s due-date reminder was claimed; a new due date clears it.';

create or replace function private.meeting_action_item_due_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.due_on is distinct from old.due_on then
    new.reminded_at := null;
  end if;
  return new;
end;
$$;
revoke execute on function private.meeting_action_item_due_changed() from public, anon, authenticated;
create trigger meeting_action_items_due_changed before update of due_on on public.meeting_action_items
for each row execute function private.meeting_action_item_due_changed();

-- A new time or a cancelled room booking is a new version of the meeting's calendar event.
create or replace function private.meetings_calendar_sequence()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.starts_at, new.ends_at, new.cancelled_at) is distinct from (old.starts_at, old.ends_at, old.cancelled_at) then
    new.calendar_sequence := old.calendar_sequence + 1;
  end if;
  return new;
end;
$$;
revoke execute on function private.meetings_calendar_sequence() from public, anon, authenticated;
create trigger meetings_calendar_sequence before update of starts_at, ends_at, cancelled_at on public.meetings
for each row execute function private.meetings_calendar_sequence();

-- Cancelling a meeting's room booking cancels the meeting (a release for no check-in does not).
create or replace function private.meeting_booking_cancelled()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.release_reason = 'cancelled' and old.released_at is null then
    update public.meetings set cancelled_at = new.released_at where booking_id = new.id and cancelled_at is null;
  end if;
  return new;
end;
$$;
revoke execute on function private.meeting_booking_cancelled() from public, anon, authenticated;
create trigger meeting_room_bookings_cancel_meeting after update of released_at on public.meeting_room_bookings
for each row execute function private.meeting_booking_cancelled();

-- A member's or a guest's address and name.
create or replace function private.meeting_person(input_member_id uuid, input_participant_id uuid)
returns table (email text, name text)
language sql
stable
set search_path = ''
as $$
  select u.email::text, p.name from auth.users as u left join public.profiles as p on p.id = u.id
  where u.id = input_member_id
  union all
  select g.email, g.name from public.participants as g where g.id = input_participant_id;
$$;
revoke execute on function private.meeting_person(uuid, uuid) from public, anon, authenticated;

-- A poll as its e-mails show it.
create or replace function private.meeting_poll_notice(input_poll_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'poll_id', p.id, 'title', p.title, 'description', p.description, 'deadline', p.deadline,
    'duration_minutes', p.duration_minutes, 'organization_name', o.name,
    'organizer_name', (select coalesce(f.name, u.email::text) from auth.users as u
      left join public.profiles as f on f.id = u.id where u.id = p.created_by),
    'options', coalesce((
      select jsonb_agg(jsonb_build_object('start', x.starts_at, 'end', x.ends_at, 'room_name', r.name) order by x.starts_at)
      from public.meeting_poll_options as x left join public.meeting_rooms as r on r.id = x.room_id
      where x.poll_id = p.id
    ), '[]'::jsonb)
  )
  from public.meeting_polls as p join public.organizations as o on o.id = p.organization_id
  where p.id = input_poll_id;
$$;
revoke execute on function private.meeting_poll_notice(uuid) from public, anon, authenticated;

-- Claims a poll e-mail of one kind: `invitation` (open polls, not yet invited), `reminder` (open,
-- deadline within 24 hours, invited, no answer yet) or `cancelled` (a cancelled poll's invitees who
-- were invited). The poll's creator gets none. A guest's invitation and reminder carry a fresh link
-- (issue_meeting_guest_link's token; the previous one stops working).
create or replace function public.claim_meeting_poll_emails(
  input_kind text, input_now timestamptz default null, input_limit integer default 100
)
returns table (invitee_id uuid, email text, name text, token text, poll jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  due record;
begin
  if input_kind not in ('invitation', 'reminder', 'cancelled') then
    raise exception using errcode = '22023', message = 'meeting-email-kind-invalid';
  end if;
  for due in
    select i.id, i.poll_id, i.member_id, i.participant_id
    from public.meeting_poll_invitees as i
    join public.meeting_polls as p on p.id = i.poll_id
    where i.member_id is distinct from p.created_by
      and case input_kind
        when 'invitation' then p.status = 'open' and i.invited_at is null
          and (p.deadline is null or p.deadline > clock)
        when 'reminder' then p.status = 'open' and i.invited_at is not null and i.reminded_at is null
          and p.deadline > clock and p.deadline <= clock + interval '24 hours'
          and not exists (select 1 from public.meeting_poll_answers as a where a.invitee_id = i.id)
        else p.status = 'cancelled' and i.invited_at is not null and i.closed_notice_at is null
      end
    order by i.created_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of i skip locked
  loop
    update public.meeting_poll_invitees as x set
      invited_at = case when input_kind = 'invitation' then clock else x.invited_at end,
      reminded_at = case when input_kind = 'reminder' then clock else x.reminded_at end,
      closed_notice_at = case when input_kind = 'cancelled' then clock else x.closed_notice_at end
    where x.id = due.id;
    invitee_id := due.id;
    select m.email, m.name into email, name from private.meeting_person(due.member_id, due.participant_id) as m;
    token := case when due.participant_id is not null and input_kind <> 'cancelled'
      then public.issue_meeting_guest_link(due.id) end;
    poll := private.meeting_poll_notice(due.poll_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_meeting_poll_emails(text, timestamptz, integer) is
  'Service role (meeting-polls job): claims invitations, deadline reminders or cancellations of polls, each with the person, a guest''s fresh link token and the poll.';
revoke execute on function public.claim_meeting_poll_emails(text, timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_meeting_poll_emails(text, timestamptz, integer) to service_role;

create or replace function public.release_meeting_poll_email(input_kind text, input_invitee_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.meeting_poll_invitees set
    invited_at = case when input_kind = 'invitation' then null else invited_at end,
    reminded_at = case when input_kind = 'reminder' then null else reminded_at end,
    closed_notice_at = case when input_kind = 'cancelled' then null else closed_notice_at end
  where id = input_invitee_id;
$$;

comment on function public.release_meeting_poll_email(text, uuid) is
  'Service role (meeting-polls job): hands back a poll e-mail that failed, for the next run.';
revoke execute on function public.release_meeting_poll_email(text, uuid) from public, anon, authenticated;
grant execute on function public.release_meeting_poll_email(text, uuid) to service_role;

-- A meeting as its e-mails show it, with its attendees' addresses.
create or replace function private.meeting_notice(input_meeting_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'meeting_id', m.id, 'title', m.title, 'start', m.starts_at, 'end', m.ends_at,
    'sequence', m.calendar_sequence, 'cancelled', m.cancelled_at is not null,
    'room_name', r.name, 'location', r.location, 'organization_name', o.name,
    'attendees', coalesce((
      select jsonb_agg(jsonb_build_object('email', x.email, 'name', x.name, 'present', a.present))
      from public.meeting_attendees as a
      cross join lateral private.meeting_person(a.member_id, a.participant_id) as x
      where a.meeting_id = m.id
    ), '[]'::jsonb)
  )
  from public.meetings as m
  join public.organizations as o on o.id = m.organization_id
  left join public.meeting_rooms as r on r.id = m.room_id
  where m.id = input_meeting_id;
$$;
revoke execute on function private.meeting_notice(uuid) from public, anon, authenticated;

-- Claims the meetings whose attendees have not had the current version of the calendar event (a
-- finalized poll, a cancellation); past meetings get nothing.
create or replace function public.claim_meeting_calendar_notices(input_now timestamptz default null, input_limit integer default 50)
returns setof jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  due record;
begin
  for due in
    select m.id, m.calendar_sequence from public.meetings as m
    where m.calendar_sent_sequence is distinct from m.calendar_sequence and m.ends_at > clock
    order by m.starts_at
    limit least(greatest(coalesce(input_limit, 50), 1), 200)
    for update of m skip locked
  loop
    update public.meetings set calendar_sent_sequence = due.calendar_sequence where id = due.id;
    return next private.meeting_notice(due.id);
  end loop;
end;
$$;

comment on function public.claim_meeting_calendar_notices(timestamptz, integer) is
  'Service role (meeting-calendar job): claims meetings whose attendees lack the current .ics (finalized, cancelled), each as its notice with the attendees.';
revoke execute on function public.claim_meeting_calendar_notices(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_meeting_calendar_notices(timestamptz, integer) to service_role;

create or replace function public.release_meeting_calendar_notice(input_meeting_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.meetings set calendar_sent_sequence = null where id = input_meeting_id;
$$;

comment on function public.release_meeting_calendar_notice(uuid) is
  'Service role (meeting-calendar job): the .ics of a meeting goes again on the next run (an e-mail failed).';
revoke execute on function public.release_meeting_calendar_notice(uuid) from public, anon, authenticated;
grant execute on function public.release_meeting_calendar_notice(uuid) to service_role;

-- Claims the open action items due today or tomorrow (Oslo) whose owner has not been reminded.
create or replace function public.claim_meeting_action_item_reminders(input_now timestamptz default null, input_limit integer default 100)
returns table (item_id uuid, title text, due_on date, email text, name text, meeting_id uuid, meeting_title text, organization_name text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  today date := (clock at time zone 'Europe/Oslo')::date;
  due record;
begin
  for due in
    select a.id, a.title, a.due_on, a.owner_id, m.id as m_id, m.title as m_title, o.name as o_name
    from public.meeting_action_items as a
    join public.meetings as m on m.id = a.meeting_id
    join public.organizations as o on o.id = a.organization_id
    where a.done_at is null and a.owner_id is not null and a.reminded_at is null
      and a.due_on between today and today + 1
    order by a.due_on
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of a skip locked
  loop
    update public.meeting_action_items set reminded_at = clock where id = due.id;
    item_id := due.id;
    title := due.title;
    due_on := due.due_on;
    select x.email, x.name into email, name from private.meeting_person(due.owner_id, null) as x;
    meeting_id := due.m_id;
    meeting_title := due.m_title;
    organization_name := due.o_name;
    return next;
  end loop;
end;
$$;

comment on function public.claim_meeting_action_item_reminders(timestamptz, integer) is
  'Service role (meeting-action-items job): claims open action items due today or tomorrow (Oslo) whose owner has not been reminded, with the owner''s address.';
revoke execute on function public.claim_meeting_action_item_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_meeting_action_item_reminders(timestamptz, integer) to service_role;

create or replace function public.release_meeting_action_item_reminder(input_item_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.meeting_action_items set reminded_at = null where id = input_item_id;
$$;

comment on function public.release_meeting_action_item_reminder(uuid) is
  'Service role (meeting-action-items job): hands back a reminder whose e-mail failed.';
revoke execute on function public.release_meeting_action_item_reminder(uuid) from public, anon, authenticated;
grant execute on function public.release_meeting_action_item_reminder(uuid) to service_role;

-- Security definer: a member of the meeting's organization asks for the summary to go to the
-- attendees; the meeting-summaries job sends it within a minute. meeting-not-found otherwise.
create or replace function public.request_meeting_summary_email(input_meeting_id uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  requested timestamptz := private.campaign_now();
begin
  update public.meetings as m set summary_requested_at = requested
  where m.id = input_meeting_id and private.has_organization_role(m.organization_id);
  if not found then
    raise exception using errcode = 'PT404', message = 'meeting-not-found';
  end if;
  return requested;
end;
$$;

comment on function public.request_meeting_summary_email(uuid) is
  'Members: e-mail the meeting''s summary (agenda, decisions, notes, action items) to its attendees (the meeting-summaries job sends it). meeting-not-found.';
revoke execute on function public.request_meeting_summary_email(uuid) from public, anon, authenticated;
grant execute on function public.request_meeting_summary_email(uuid) to authenticated, service_role;

-- Claims the summaries asked for and not yet sent since, each with the meeting, its attendees and the
-- summary's content.
create or replace function public.claim_meeting_summaries(input_limit integer default 20)
returns setof jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  content jsonb;
begin
  for due in
    select m.id, m.summary_requested_at from public.meetings as m
    where m.summary_requested_at is not null
      and (m.summary_sent_at is null or m.summary_sent_at < m.summary_requested_at)
    order by m.summary_requested_at
    limit least(greatest(coalesce(input_limit, 20), 1), 100)
    for update of m skip locked
  loop
    update public.meetings set summary_sent_at = due.summary_requested_at where id = due.id;
    select jsonb_build_object(
      'agenda', coalesce(s.agenda, '{}'), 'notes', coalesce(s.notes, ''), 'decisions', coalesce(s.decisions, '{}'),
      'action_items', coalesce((
        select jsonb_agg(jsonb_build_object('title', a.title, 'due_on', a.due_on, 'done', a.done_at is not null,
          'owner_name', (select x.name from private.meeting_person(a.owner_id, null) as x)) order by a.created_at)
        from public.meeting_action_items as a where a.meeting_id = due.id
      ), '[]'::jsonb))
    into content
    from (select 1) as one left join public.meeting_summaries as s on s.meeting_id = due.id;
    return next private.meeting_notice(due.id) || content;
  end loop;
end;
$$;

comment on function public.claim_meeting_summaries(integer) is
  'Service role (meeting-summaries job): claims summaries asked for and not yet sent, each with the attendees and the content.';
revoke execute on function public.claim_meeting_summaries(integer) from public, anon, authenticated;
grant execute on function public.claim_meeting_summaries(integer) to service_role;

create or replace function public.release_meeting_summary(input_meeting_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.meetings set summary_sent_at = null where id = input_meeting_id;
$$;

comment on function public.release_meeting_summary(uuid) is
  'Service role (meeting-summaries job): the summary goes again on the next run (an e-mail failed).';
revoke execute on function public.release_meeting_summary(uuid) from public, anon, authenticated;
grant execute on function public.release_meeting_summary(uuid) to service_role;

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('meeting-polls', '* * * * *', 'campaign-jobs', '{}',
   'Meeting polls: invitations, deadline reminders (24 hours before) and cancellations by e-mail.'),
  ('meeting-calendar', '* * * * *', 'campaign-jobs', '{}',
   'Meetings: the .ics to every attendee when a poll is finalized or the meeting cancelled.'),
  ('meeting-summaries', '* * * * *', 'campaign-jobs', '{}',
   'Meetings: the summary to the attendees when a member asks for it.'),
  ('meeting-action-items', '0 6 * * *', 'campaign-jobs', '{}',
   'Meetings: reminds the owners of open action items due today or tomorrow (07:00 Oslo winter time).');
