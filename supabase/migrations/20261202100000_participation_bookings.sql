-- A person's page and export (public.participation) list their bookings (GDPR art. 15 and 20), and
-- erasing them leaves nothing of theirs that the page does not list.
--
-- private.participation_entries becomes the union of one small function per kind (calendar entries,
-- competition progress, form responses, bookings), so the next kind re-creates only its own function
-- and the union. The existing kinds answer exactly what they did.

-- A calendar's door entries (any campaign's campaign_entries).
create or replace function private.participation_calendar_entries(person public.participants, campaign public.campaigns)
returns setof jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', i.position, 'answer', e.answer, 'is_correct', e.is_correct,
    'form_answers', e.form_answers, 'created_at', e.created_at
  )
  from public.campaign_entries as e left join public.campaign_items as i on i.id = e.item_id
  where e.participant_id = person.id and e.campaign_id = campaign.id;
$$;

comment on function private.participation_calendar_entries(public.participants, public.campaigns) is
  'The person''s campaign entries (a calendar''s doors) in one campaign, in the shape of public.participation''s entries.';
revoke execute on function private.participation_calendar_entries(public.participants, public.campaigns)
  from public, anon, authenticated;

-- A competition's progress: the amount with its unit (decimal comma), date, note, rejection.
create or replace function private.participation_competition_entries(person public.participants, campaign public.campaigns)
returns setof jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', null, 'answer', replace(rtrim(to_char(p.amount, 'FM999999990.999'), '.'), '.', ',') || ' ' || c.unit,
    'is_correct', null,
    'form_answers', jsonb_strip_nulls(jsonb_build_object(
      'on_date', p.on_date, 'note', p.note, 'rejected_reason', p.rejected_reason
    )),
    'created_at', p.created_at
  )
  from public.competitions_progress as p join public.competitions as c on c.id = p.competition_id
  where p.participant_id = person.id and p.competition_id = campaign.id;
$$;

comment on function private.participation_competition_entries(public.participants, public.campaigns) is
  'The person''s progress entries in one competition (amount and unit, date, note, rejection), in the shape of public.participation''s entries.';
revoke execute on function private.participation_competition_entries(public.participants, public.campaigns)
  from public, anon, authenticated;

-- A form's responses: the answers by their questions' labels in the version answered.
create or replace function private.participation_form_entries(person public.participants, campaign public.campaigns)
returns setof jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', null, 'answer', null, 'is_correct', null,
    'form_answers', private.form_answers_by_label(r.answers, v.definition),
    'created_at', r.submitted_at
  )
  from public.forms_responses as r join public.forms_versions as v on v.id = r.version_id
  where r.participant_id = person.id and r.form_id = campaign.id;
$$;

comment on function private.participation_form_entries(public.participants, public.campaigns) is
  'The person''s responses to one form (answers by their questions'' labels), in the shape of public.participation''s entries.';
revoke execute on function private.participation_form_entries(public.participants, public.campaigns)
  from public, anon, authenticated;

-- A booking solution's bookings: the answers to the service's questions as a form's responses show
-- them, and the booking itself (service, staff, start and end, status, the times it was made,
-- cancelled and moved, and what was paid) under `booking`.
create or replace function private.participation_booking_entries(person public.participants, campaign public.campaigns)
returns setof jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', null, 'answer', null, 'is_correct', null,
    'form_answers', private.form_answers_by_label(b.answers, v.definition),
    'created_at', b.created_at,
    'booking', jsonb_build_object(
      'service', s.name,
      'staff', t.name,
      'starts_at', lower(b.during),
      'ends_at', upper(b.during),
      'status', b.status,
      'cancelled_at', b.cancelled_at,
      'rescheduled_at', b.rescheduled_at,
      -- What the person paid online (an order that was never paid is no payment), and gave back.
      'paid_ore', case when o.status in ('paid', 'refunded') then o.total_ore end,
      'refunded_ore', case when o.status in ('paid', 'refunded') then o.refunded_ore end
    )
  )
  from public.bookings as b
  join public.booking_services as s on s.id = b.service_id
  join public.booking_staff as t on t.id = b.staff_id
  left join public.forms_versions as v on v.id = b.form_version_id
  left join public.orders as o on o.id = b.order_id
  where b.participant_id = person.id and b.solution_id = campaign.id;
$$;

comment on function private.participation_booking_entries(public.participants, public.campaigns) is
  'The person''s bookings in one booking solution, in the shape of public.participation''s entries: answers by their questions'' labels and `booking` (service, staff, starts_at, ends_at, status, cancelled_at, rescheduled_at, paid_ore, refunded_ore).';
revoke execute on function private.participation_booking_entries(public.participants, public.campaigns)
  from public, anon, authenticated;

-- One campaign's entries of the person, every kind's, in the page's order (items first by number,
-- then by time).
create or replace function private.participation_entries(person public.participants, campaign public.campaigns)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(entry order by (entry ->> 'item')::integer nulls first, entry ->> 'created_at'), '[]')
  from (
    select private.participation_calendar_entries(person, campaign) as entry
    union all
    select private.participation_competition_entries(person, campaign)
    union all
    select private.participation_form_entries(person, campaign)
    union all
    select private.participation_booking_entries(person, campaign)
  ) as entries;
$$;

comment on function private.participation_entries(public.participants, public.campaigns) is
  'The person''s entries in one campaign for public.participation: the union of each kind''s function (calendar entries, competition progress, form responses, bookings).';
revoke execute on function private.participation_entries(public.participants, public.campaigns) from public, anon, authenticated;

-- Erasure and bookings. The person's bookings go with them (bookings.participant_id cascades): an
-- upcoming one is gone, so its time is free again at once, as if cancelled. The order of a booking paid
-- online stays for the seller's bookkeeping (its participant set null by its foreign key) without the
-- buyer's name and phone; the receipt, a bookkeeping document, is kept unchanged. Any deletion of a
-- participant does this, delete_participant's included.
create or replace function private.participants_forget_booking_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.orders as o set buyer = '{}'::jsonb
  where o.id in (select b.order_id from public.bookings as b where b.participant_id = old.id and b.order_id is not null)
    and o.buyer <> '{}'::jsonb;
  return old;
end;
$$;

comment on function private.participants_forget_booking_orders() is
  'Trigger: before a participant is deleted, their bookings'' orders (kept for bookkeeping) lose the buyer''s name and phone.';
revoke execute on function private.participants_forget_booking_orders() from public, anon, authenticated;

create trigger participants_forget_booking_orders before delete on public.participants
for each row execute function private.participants_forget_booking_orders();

-- A fresh participation token for a booking's visitor, for the link in the booking's e-mails to
-- their own page (service role: the booking function and the jobs that e-mail).
create or replace function public.booking_participation_token(input_booking_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select b.* into booking from public.bookings as b where b.id = input_booking_id;
  if booking.id is null then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  return public.issue_participant_token(booking.participant_id, booking.solution_id);
end;
$$;

comment on function public.booking_participation_token(uuid) is
  'Service role: a fresh participation token (180 days) for the visitor of a booking, for their e-mails'' link to /booking/participation. booking-not-found (PT404).';
revoke execute on function public.booking_participation_token(uuid) from public, anon, authenticated;
grant execute on function public.booking_participation_token(uuid) to service_role;
