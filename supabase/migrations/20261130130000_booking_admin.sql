-- The booking solutions' screens (docs/booking.md «Skjermene»): the list's figures in one request, and
-- a new solution from a template (services, one staff member, Monday–Friday 08:00–16:00) in one
-- transaction. Both run as the caller: the tables' policies decide what they see and write.

-- ============================================================================================
-- 1. The list: per solution its upcoming bookings, this ISO week's utilisation and its no-shows
-- ============================================================================================

-- This week is the Oslo ISO week of private.campaign_now() (Monday first). Available minutes are
-- the active staff's weekly spans (a week has each weekday once); booked minutes are the live
-- bookings (no-shows included: the time was held) of active staff starting in the week.
create or replace function public.booking_solution_summaries(input_organization_id uuid)
returns table (
  solution_id uuid, name text, status text, created_at timestamptz, upcoming bigint,
  booked_minutes bigint, available_minutes bigint, no_shows bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  with week as (
    select (date_trunc('week', private.campaign_now() at time zone 'Europe/Oslo')) at time zone 'Europe/Oslo' as starts,
      (date_trunc('week', private.campaign_now() at time zone 'Europe/Oslo') + interval '7 days') at time zone 'Europe/Oslo' as ends
  )
  select s.id, c.name,
    case when s.archived_at is not null then 'archived' when c.published_at is null then 'draft' else 'live' end,
    s.created_at,
    (select count(*) from public.bookings as b
     where b.solution_id = s.id and b.status = 'confirmed' and lower(b.during) >= private.campaign_now()),
    (select coalesce(sum(extract(epoch from upper(b.during) - lower(b.during)) / 60), 0)::bigint
     from public.bookings as b join public.booking_staff as f on f.id = b.staff_id, week
     where b.solution_id = s.id and b.status <> 'cancelled' and f.active
       and lower(b.during) >= week.starts and lower(b.during) < week.ends),
    (select coalesce(sum(extract(epoch from a.ends_at - a.starts_at) / 60), 0)::bigint
     from public.booking_availability as a join public.booking_staff as f on f.id = a.staff_id
     where a.solution_id = s.id and f.active),
    (select count(*) from public.bookings as b where b.solution_id = s.id and b.status = 'no_show')
  from public.booking_solutions as s
  join public.campaigns as c on c.id = s.id
  where s.organization_id = input_organization_id
  order by s.created_at desc;
$$;

comment on function public.booking_solution_summaries(uuid) is
  'Members (as the caller, under the policies): per booking solution its name, status, upcoming confirmed bookings, this Oslo ISO week''s booked and available minutes of active staff, and no-shows; newest first.';
revoke execute on function public.booking_solution_summaries(uuid) from public, anon, authenticated;
grant execute on function public.booking_solution_summaries(uuid) to authenticated, service_role;

-- ============================================================================================
-- 2. A new solution from a template
-- ============================================================================================

-- Templates: befaring (a site visit with drive time after), konsultasjon (a meeting with a follow-up),
-- frisør (three services of a salon), or blank. The one staff member (named by the caller, usually
-- the user) gives every service and works Monday–Friday 08:00–16:00.
create or replace function public.create_booking_solution_from_template(
  input_organization_id uuid, input_name text, input_template text, input_staff_name text
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  new_id uuid;
  new_staff_id uuid;
begin
  if input_template is null or input_template not in ('blank', 'befaring', 'konsultasjon', 'frisor') then
    raise exception using errcode = '22023', message = 'booking-invalid';
  end if;
  new_id := public.create_booking_solution(input_organization_id, input_name);
  if input_template = 'blank' then
    return new_id;
  end if;

  insert into public.booking_services (solution_id, organization_id, name, description, duration_minutes,
    buffer_before_minutes, buffer_after_minutes, minimum_notice_minutes, booking_window_days, daily_limit, position)
  select new_id, input_organization_id, t.name, t.description, t.duration, t.before, t.after, t.notice, t.window_days,
    t.daily, t.position
  from (values
    ('befaring', 'Befaring', 'Vi ser på jobben hos deg og gir et fast pristilbud.', 60, 0, 30, 1440, 30, 4, 0),
    ('konsultasjon', 'Konsultasjon', 'En første samtale om hva du trenger.', 45, 0, 15, 240, 60, null, 0),
    ('konsultasjon', 'Oppfølging', 'En kort samtale etter en konsultasjon.', 30, 0, 10, 240, 60, null, 1),
    ('frisor', 'Herreklipp', '', 30, 0, 10, 60, 60, null, 0),
    ('frisor', 'Dameklipp', '', 60, 0, 10, 60, 60, null, 1),
    ('frisor', 'Farging', 'Farge og klipp.', 120, 0, 15, 60, 60, null, 2)
  ) as t (template, name, description, duration, before, after, notice, window_days, daily, position)
  where t.template = input_template;

  insert into public.booking_staff (solution_id, organization_id, name)
  values (new_id, input_organization_id, btrim(input_staff_name))
  returning id into new_staff_id;

  insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id)
  select new_staff_id, v.id, new_id, input_organization_id from public.booking_services as v where v.solution_id = new_id;

  insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at)
  select new_staff_id, new_id, input_organization_id, d, '08:00', '16:00' from generate_series(1, 5) as d;
  return new_id;
end;
$$;

comment on function public.create_booking_solution_from_template(uuid, text, text, text) is
  'Owners and admins (as the caller): a draft booking solution from a template (blank, befaring, konsultasjon, frisor) with its services and one staff member working Monday–Friday 08:00–16:00; returns its id.';
revoke execute on function public.create_booking_solution_from_template(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.create_booking_solution_from_template(uuid, text, text, text) to authenticated, service_role;
