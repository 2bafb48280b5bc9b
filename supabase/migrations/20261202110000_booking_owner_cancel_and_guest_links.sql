-- Booking and meetings, the rest of issue 32 (docs/booking.md, docs/meetings.md):
--
-- 1. An owner's or admin's cancel goes through the booking function, which refunds a paid booking and
--    tells the customer: cancel_booking_by_organizer (checked against the caller's membership), and a
--    plain update can no longer cancel a paid booking (the refund would be skipped).
-- 2. A guest's every link stays valid until the poll ends: one hash per issued link.
-- 3. A guest gives their name on the answer page; the matrix shows it.

-- ============================================================================================
-- 1. The organizer's cancel
-- ============================================================================================

-- A booking whose order is paid (money the customer would get back) is cancelled only by the
-- booking function's cancel, which refunds it; a member's update meets booking-refund-required.
create or replace function private.bookings_paid_cancel()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon')
    and new.status = 'cancelled'
    and exists (select 1 from public.orders as o where o.id = new.order_id and o.status = 'paid') then
    raise exception using errcode = 'P0001', message = 'booking-refund-required';
  end if;
  return new;
end;
$$;

comment on function private.bookings_paid_cancel() is
  'Trigger: a member cannot cancel a paid booking by a plain update (booking-refund-required); the booking function cancels and refunds it.';
revoke execute on function private.bookings_paid_cancel() from public, anon, authenticated;

create trigger bookings_paid_cancel before update of status on public.bookings
for each row when (old.status is distinct from new.status and new.status = 'cancelled')
execute function private.bookings_paid_cancel();

-- The booking function calls this with the caller's JWT: owners and admins of the booking's
-- organization cancel it at any time (the slot is free again); a cancelled booking answers as it is,
-- so a retry (a refund that failed, a double click) changes nothing. The function then refunds a paid
-- booking and sends the cancellation e-mail (claimed once). A booking waiting for payment is moved
-- only by its order.
create or replace function public.cancel_booking_by_organizer(input_booking_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.bookings;
begin
  select b.* into found from public.bookings as b where b.id = input_booking_id for update;
  if found.id is null or not private.has_organization_role(found.organization_id) then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  if not private.has_organization_role(found.organization_id, '{owner,admin}') then
    raise exception using errcode = 'PT403', message = 'booking-not-allowed';
  end if;
  if found.status = 'pending_payment' then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  if found.status <> 'cancelled' then
    update public.bookings as b set status = 'cancelled' where b.id = found.id;
  end if;
  return private.booking_view(found.id);
end;
$$;

comment on function public.cancel_booking_by_organizer(uuid) is
  'Owners and admins (through the booking function, which refunds a paid booking and e-mails the customer): cancels a booking, or answers it as it is when already cancelled; the booking as its booker sees it. booking-not-found, booking-not-allowed, booking-invalid (waiting for payment).';
revoke execute on function public.cancel_booking_by_organizer(uuid) from public, anon, authenticated;
grant execute on function public.cancel_booking_by_organizer(uuid) to authenticated, service_role;

-- ============================================================================================
-- 2. A guest's every link stays valid until the poll ends
-- ============================================================================================

-- One row per link issued to a guest (the invitation's, the deadline reminder's): only the token's
-- hash is kept. Every link opens its invitation for as long as the invitation exists: answering
-- while the poll is open, and afterwards reading the time chosen or that it was cancelled (answers
-- are then refused: meeting-poll-closed). Private: nobody reads a guest's link.
create table private.meeting_guest_links (
  token_sha256 text primary key check (token_sha256 ~ '^[0-9a-f]{64}$'),
  invitee_id uuid not null references public.meeting_poll_invitees (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table private.meeting_guest_links is
  'The hash of every link issued to a meeting poll''s guest; each opens the invitation (answers only while the poll is open).';
create index meeting_guest_links_invitee_id_idx on private.meeting_guest_links (invitee_id);
revoke all on private.meeting_guest_links from public, anon, authenticated;

-- The one link each guest holds today keeps working.
insert into private.meeting_guest_links (token_sha256, invitee_id)
select i.token_sha256, i.id from public.meeting_poll_invitees as i where i.token_sha256 is not null;
alter table public.meeting_poll_invitees drop column token_sha256;

-- The e-mail's link: a new 64-character token for a guest's invitation, returned once; the links
-- issued before keep working.
create or replace function public.issue_meeting_guest_link(input_invitee_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if not exists (
    select 1 from public.meeting_poll_invitees as i where i.id = input_invitee_id and i.participant_id is not null
  ) then
    raise exception using errcode = 'PT404', message = 'meeting-guest-link-invalid';
  end if;
  insert into private.meeting_guest_links (token_sha256, invitee_id)
  values (encode(extensions.digest(token, 'sha256'), 'hex'), input_invitee_id);
  return token;
end;
$$;

comment on function public.issue_meeting_guest_link(uuid) is
  'Service role (the invitation and reminder e-mails): a new 64-character token for a guest''s invitation, returned once; every link issued keeps opening it.';

comment on function public.claim_meeting_poll_emails(text, timestamptz, integer) is
  'Service role (meeting-polls job): claims invitations, deadline reminders or cancellations of polls, each with the person, a guest''s new link token (the earlier ones keep working) and the poll.';

-- The guest's invitation by any of its links (at least 32 characters), else meeting-guest-link-invalid.
-- A closed poll still opens (the decided time or the cancellation); answering checks the status.
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
    select i.* into invitee from private.meeting_guest_links as l
    join public.meeting_poll_invitees as i on i.id = l.invitee_id
    where l.token_sha256 = encode(extensions.digest(input_token, 'sha256'), 'hex');
  end if;
  if invitee.id is null then
    raise exception using errcode = 'PT404', message = 'meeting-guest-link-invalid';
  end if;
  return invitee;
end;
$$;

-- ============================================================================================
-- 3. A guest's name
-- ============================================================================================

-- The name a guest gives on the answer page (trimmed, 1–100 characters); the matrix shows it before
-- the participant's name or the address' first part. On the invitation, so a link never renames the
-- organization's participant.
alter table public.meeting_poll_invitees add column guest_name text null
  constraint meeting_poll_invitees_guest_name_valid
    check (guest_name = btrim(guest_name) and char_length(guest_name) between 1 and 100),
  add constraint meeting_poll_invitees_guest_name_for_guests check (guest_name is null or participant_id is not null);
comment on column public.meeting_poll_invitees.guest_name is
  'The name an outside guest gave on the answer page (trimmed, at most 100 characters).';

-- Answers through the link, with the guest's name when given: trimmed, at most 100 characters
-- (meeting-guest-name-invalid); blank or left out keeps the name given before.
drop function public.answer_meeting_poll_as_guest(text, jsonb);
create or replace function public.answer_meeting_poll_as_guest(input_token text, input_answers jsonb, input_name text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  invitee public.meeting_poll_invitees;
  name text := nullif(btrim(coalesce(input_name, '')), '');
begin
  perform private.check_public_rate('meeting-answer', 30);
  invitee := private.meeting_guest_invitee(input_token);
  if char_length(name) > 100 then
    raise exception using errcode = 'P0001', message = 'meeting-guest-name-invalid';
  end if;
  perform private.save_meeting_answers(invitee, input_answers);
  if name is not null then
    update public.meeting_poll_invitees set guest_name = name where id = invitee.id;
  end if;
end;
$$;

comment on function public.answer_meeting_poll_as_guest(text, jsonb, text) is
  'An outside guest answers through their link (anon), optionally with their name (trimmed, at most 100 characters). meeting-guest-link-invalid, meeting-poll-closed, -deadline-passed, meeting-answer-invalid, meeting-guest-name-invalid, campaign-rate-limited.';
revoke execute on function public.answer_meeting_poll_as_guest(text, jsonb, text) from public, anon, authenticated;
grant execute on function public.answer_meeting_poll_as_guest(text, jsonb, text) to anon, authenticated, service_role;

-- The answers to one candidate time that the viewer may see, each with a name: a member's profile
-- name, the name the guest gave, the participant's name, or the address' first part.
create or replace function private.meeting_option_answers(option_id uuid, viewer_invitee_id uuid, sees_all boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'invitee_id', a.invitee_id, 'answer', a.answer,
      'name', case when sees_all or a.invitee_id = viewer_invitee_id
        then coalesce(pr.name, i.guest_name, pa.name, split_part(pa.email, '@', 1)) end,
      'mine', a.invitee_id is not distinct from viewer_invitee_id
    ) order by a.invitee_id), '[]'::jsonb)
  from public.meeting_poll_answers as a
  join public.meeting_poll_invitees as i on i.id = a.invitee_id
  left join public.profiles as pr on pr.id = i.member_id
  left join public.participants as pa on pa.id = i.participant_id
  where a.option_id = meeting_option_answers.option_id
    and (sees_all or a.invitee_id is not distinct from viewer_invitee_id);
$$;

revoke execute on function private.meeting_option_answers(uuid, uuid, boolean) from public, anon, authenticated;

-- As before, each time's answers from meeting_option_answers (with the guest's given name).
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
        'answers', private.meeting_option_answers(o.id, viewer_invitee_id, sees_all)
      ) order by o.starts_at, o.id)
      from public.meeting_poll_options as o
      left join public.meeting_rooms as r on r.id = o.room_id
      where o.poll_id = poll.id
    ), '[]'::jsonb)
  );
$$;

-- As before, with the name the guest gave (for the answer page's field).
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
  return private.meeting_matrix(poll, invitee.id, not poll.hide_participants)
    || jsonb_build_object('guest_name', invitee.guest_name);
end;
$$;

comment on function public.meeting_poll_for_guest(text) is
  'Anon with a guest''s link: the poll''s matrix as that guest sees it (its status and chosen time once closed), with the name they gave. meeting-guest-link-invalid.';
