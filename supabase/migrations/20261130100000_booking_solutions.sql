-- Booking solutions, a kind on the campaign engine (docs/booking.md):
--
-- Sections: 1. tables · 2. no double booking · 3. row-level security · 4. the organizer
-- · 5. the public side (service role, through the booking edge function)
--
-- - A booking solution is a campaign of kind booking with its own row (same id): services, staff
--   (people or resources) with their weekly spans, exceptions, and whether holidays close it.
-- - Free slots are computed by the booking function's slot engine (one TypeScript module); the
--   database gives it its inputs and decides the race when two visitors take the same slot.
-- - Times are Europe/Oslo wall-clock times (availability, exceptions) or moments (bookings).

create extension if not exists btree_gist with schema extensions;

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

create table public.booking_solutions (
  id uuid primary key,
  organization_id uuid not null,
  kind text not null default 'booking' check (kind = 'booking'),
  -- Norwegian public holidays close every staff member's day unless an exception opens it.
  closed_on_holidays boolean not null default true,
  -- Offered starts are this many minutes apart from each span's start.
  slot_interval_minutes integer not null default 30 check (slot_interval_minutes in (5, 10, 15, 20, 30, 45, 60, 90, 120)),
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_solutions_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint booking_solutions_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint booking_solutions_id_organization_id_key unique (id, organization_id)
);

comment on table public.booking_solutions is
  'A booking solution: the campaign (same id, kind booking) whose public page books its services. Owners and admins manage it; the public books through the booking edge function.';
comment on column public.booking_solutions.closed_on_holidays is 'Norwegian public holidays close the solution (an exception may open a holiday).';
comment on column public.booking_solutions.slot_interval_minutes is 'Minutes between offered starts, counted from each span''s start.';

create index booking_solutions_organization_id_idx on public.booking_solutions (organization_id);

create table public.booking_services (
  id uuid primary key default gen_random_uuid(),
  solution_id uuid not null,
  organization_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text not null default '' check (char_length(description) <= 2000),
  duration_minutes integer not null check (duration_minutes between 5 and 720),
  -- Incl. MVA, in øre; null: no price shown.
  price_ore integer null check (price_ore between 0 and 100000000),
  payment text not null default 'on_site' check (payment in ('online', 'on_site')),
  buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
  minimum_notice_minutes integer not null default 120 check (minimum_notice_minutes between 0 and 129600),
  booking_window_days integer not null default 60 check (booking_window_days between 1 and 365),
  daily_limit integer null check (daily_limit between 1 and 1000),
  weekly_limit integer null check (weekly_limit between 1 and 5000),
  seats integer not null default 1 check (seats between 1 and 500),
  position integer not null default 0 check (position between 0 and 1000),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Paying online needs a price.
  constraint booking_services_online_has_price check (payment = 'on_site' or coalesce(price_ore, 0) > 0),
  constraint booking_services_id_solution_id_key unique (id, solution_id),
  constraint booking_services_id_organization_id_key unique (id, organization_id),
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade
);

comment on table public.booking_services is
  'What a booking solution books: duration, price, buffers, minimum notice, booking window, daily/weekly limits (the service''s live bookings on an Oslo day / ISO week) and seats (1: one-to-one).';

create index booking_services_solution_id_idx on public.booking_services (solution_id, position);
create index booking_services_organization_id_idx on public.booking_services (organization_id);

create table public.booking_staff (
  id uuid primary key default gen_random_uuid(),
  solution_id uuid not null,
  organization_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  -- The member this staff member is, when it is one (a resource is not).
  member_id uuid null,
  -- The staff member's work address for booking notices (not a customer's: customers are participants).
  email text null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  position integer not null default 0 check (position between 0 and 1000),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_staff_id_solution_id_key unique (id, solution_id),
  constraint booking_staff_id_organization_id_key unique (id, organization_id),
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade,
  foreign key (organization_id, member_id) references public.organizations_members (organization_id, member_id)
    on delete set null (member_id)
);

comment on table public.booking_staff is 'A person or resource of a booking solution that gives services, with its own weekly availability.';

create index booking_staff_solution_id_idx on public.booking_staff (solution_id, position);
create index booking_staff_organization_id_member_id_idx on public.booking_staff (organization_id, member_id);

create table public.booking_staff_services (
  staff_id uuid not null,
  service_id uuid not null,
  solution_id uuid not null,
  organization_id uuid not null,
  primary key (staff_id, service_id),
  foreign key (staff_id, solution_id) references public.booking_staff (id, solution_id) on delete cascade,
  foreign key (service_id, solution_id) references public.booking_services (id, solution_id) on delete cascade,
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade
);

comment on table public.booking_staff_services is 'Which staff member gives which service (both of the same solution).';

create index booking_staff_services_service_id_idx on public.booking_staff_services (service_id);
create index booking_staff_services_solution_id_idx on public.booking_staff_services (solution_id, organization_id);

create table public.booking_availability (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null,
  solution_id uuid not null,
  organization_id uuid not null,
  -- ISO weekday: Monday = 1 … Sunday = 7.
  weekday smallint not null check (weekday between 1 and 7),
  starts_at time not null,
  ends_at time not null,
  constraint booking_availability_span check (starts_at < ends_at),
  foreign key (staff_id, solution_id) references public.booking_staff (id, solution_id) on delete cascade,
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade
);

comment on table public.booking_availability is 'A staff member''s weekly span in Oslo wall-clock time (several a day allowed).';

create index booking_availability_staff_id_idx on public.booking_availability (staff_id, weekday);
create index booking_availability_solution_id_idx on public.booking_availability (solution_id, organization_id);

create table public.booking_exceptions (
  id uuid primary key default gen_random_uuid(),
  solution_id uuid not null,
  organization_id uuid not null,
  -- Null: the whole solution.
  staff_id uuid null,
  on_date date not null,
  -- Both null: closed that date; both set: open these hours instead (several rows: several spans).
  starts_at time null,
  ends_at time null,
  note text not null default '' check (char_length(note) <= 200),
  constraint booking_exceptions_span check (
    (starts_at is null and ends_at is null) or (starts_at is not null and ends_at is not null and starts_at < ends_at)
  ),
  foreign key (staff_id, solution_id) references public.booking_staff (id, solution_id) on delete cascade,
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade
);

comment on table public.booking_exceptions is
  'A date closed (no hours) or open with other hours, for one staff member or (staff null) the whole solution; replaces the weekly spans that date.';

create index booking_exceptions_solution_id_idx on public.booking_exceptions (solution_id, on_date);
create index booking_exceptions_staff_id_idx on public.booking_exceptions (staff_id, solution_id);
create index booking_exceptions_organization_id_idx on public.booking_exceptions (solution_id, organization_id);

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  solution_id uuid not null,
  organization_id uuid not null,
  service_id uuid not null,
  staff_id uuid not null,
  participant_id uuid not null,
  -- The appointment itself, [start, end).
  during tstzrange not null,
  -- The time the staff member is taken: during with the service's buffers when booked.
  blocked tstzrange not null,
  -- One-to-one: the booking's own id. Seats: shared by the bookings of one (service, staff, start).
  slot_key uuid not null,
  status text not null default 'confirmed' check (status in ('confirmed', 'cancelled', 'no_show')),
  answers jsonb not null default '{}' check (jsonb_typeof(answers) = 'object' and pg_column_size(answers) <= 16384),
  consent_id uuid null references public.consents (id) on delete set null,
  marketing_consent_id uuid null references public.consents (id) on delete set null,
  -- SHA-256 of the manage link's token (the token itself is answered once, to the booker).
  manage_token_sha256 text not null unique check (manage_token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz null,
  rescheduled_at timestamptz null,
  constraint bookings_during_bounded check (
    not isempty(during) and lower(during) is not null and upper(during) is not null
    and lower_inc(during) and not upper_inc(during)
  ),
  constraint bookings_blocked_covers check (blocked @> during and lower_inc(blocked) and not upper_inc(blocked)),
  constraint bookings_cancelled_at check ((status = 'cancelled') = (cancelled_at is not null)),
  foreign key (solution_id, organization_id) references public.booking_solutions (id, organization_id) on delete cascade,
  foreign key (service_id, solution_id) references public.booking_services (id, solution_id),
  foreign key (staff_id, solution_id) references public.booking_staff (id, solution_id),
  -- Erasure of the person deletes their bookings.
  foreign key (participant_id, organization_id) references public.participants (id, organization_id) on delete cascade
);

comment on table public.bookings is
  'A booked service with one staff member for one participant. Written only by the booking functions; members read, owners and admins change the status.';
comment on column public.bookings.blocked is 'The appointment with the service''s buffers: what no other live booking of the staff member may overlap.';
comment on column public.bookings.slot_key is 'The booking''s id (one-to-one) or the seat slot''s key (service, staff, start): bookings sharing it may overlap.';

create index bookings_solution_id_during_idx on public.bookings (solution_id, lower(during));
create index bookings_service_id_during_idx on public.bookings (service_id, lower(during)) where status <> 'cancelled';
create index bookings_staff_id_idx on public.bookings (staff_id, solution_id);
create index bookings_participant_id_idx on public.bookings (participant_id, organization_id);
create index bookings_organization_id_idx on public.bookings (solution_id, organization_id);
create index bookings_consent_id_idx on public.bookings (consent_id);
create index bookings_marketing_consent_id_idx on public.bookings (marketing_consent_id);
create index bookings_slot_key_idx on public.bookings (slot_key) where status <> 'cancelled';

-- ============================================================================================
-- 2. No double booking
-- ============================================================================================

-- A staff member's live bookings never overlap, buffers included, unless they share a seat slot
-- (then the seat count holds them, under private.booking_claim_slot's lock). The database decides
-- every race, whatever a page or function checked before.
alter table public.bookings add constraint bookings_no_double_booking
  exclude using gist (staff_id with =, blocked with &&, slot_key with <>) where (status <> 'cancelled');

create trigger booking_solutions_set_updated_at before update on public.booking_solutions
for each row execute function private.set_updated_at();
create trigger booking_services_set_updated_at before update on public.booking_services
for each row execute function private.set_updated_at();
create trigger booking_staff_set_updated_at before update on public.booking_staff
for each row execute function private.set_updated_at();
create trigger bookings_set_updated_at before update on public.bookings
for each row execute function private.set_updated_at();

-- A status set to cancelled stamps the time; leaving cancelled clears it.
create or replace function private.bookings_cancelled_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, pg_catalog.now());
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  return new;
end;
$$;

comment on function private.bookings_cancelled_at() is 'Trigger: cancelled_at follows status (stamped on cancelling, cleared otherwise).';
revoke execute on function private.bookings_cancelled_at() from public, anon, authenticated;

create trigger bookings_cancelled_at before update of status on public.bookings
for each row execute function private.bookings_cancelled_at();

-- ============================================================================================
-- 3. Row-level security: members read; owners and admins write; the public only through functions
-- ============================================================================================

alter table public.booking_solutions enable row level security;
alter table public.booking_services enable row level security;
alter table public.booking_staff enable row level security;
alter table public.booking_staff_services enable row level security;
alter table public.booking_availability enable row level security;
alter table public.booking_exceptions enable row level security;
alter table public.bookings enable row level security;

revoke all on public.booking_solutions, public.booking_services, public.booking_staff,
  public.booking_staff_services, public.booking_availability, public.booking_exceptions, public.bookings
  from anon, authenticated;
grant select, insert, delete on public.booking_solutions, public.booking_services, public.booking_staff,
  public.booking_staff_services, public.booking_availability, public.booking_exceptions to authenticated;
grant update (closed_on_holidays, slot_interval_minutes, archived_at) on public.booking_solutions to authenticated;
grant update (name, description, duration_minutes, price_ore, payment, buffer_before_minutes, buffer_after_minutes,
  minimum_notice_minutes, booking_window_days, daily_limit, weekly_limit, seats, position, active)
  on public.booking_services to authenticated;
grant update (name, member_id, email, position, active) on public.booking_staff to authenticated;
grant update (weekday, starts_at, ends_at) on public.booking_availability to authenticated;
grant update (staff_id, on_date, starts_at, ends_at, note) on public.booking_exceptions to authenticated;
-- Bookings are written by the booking functions; the organization changes only their status.
grant select on public.bookings to authenticated;
grant update (status) on public.bookings to authenticated;

create policy "Members can read their organization's booking solutions"
on public.booking_solutions for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can create booking solutions"
on public.booking_solutions for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can update booking solutions"
on public.booking_solutions for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can delete booking solutions"
on public.booking_solutions for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's booking services"
on public.booking_services for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can create booking services"
on public.booking_services for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can update booking services"
on public.booking_services for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can delete booking services"
on public.booking_services for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's booking staff"
on public.booking_staff for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can create booking staff"
on public.booking_staff for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can update booking staff"
on public.booking_staff for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can delete booking staff"
on public.booking_staff for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read which staff give which service"
on public.booking_staff_services for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can give staff a service"
on public.booking_staff_services for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can take a service from staff"
on public.booking_staff_services for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's booking availability"
on public.booking_availability for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can add booking availability"
on public.booking_availability for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can change booking availability"
on public.booking_availability for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can remove booking availability"
on public.booking_availability for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's booking exceptions"
on public.booking_exceptions for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can add booking exceptions"
on public.booking_exceptions for insert to authenticated
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can change booking exceptions"
on public.booking_exceptions for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Owners and admins can remove booking exceptions"
on public.booking_exceptions for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's bookings"
on public.bookings for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Owners and admins can change a booking's status"
on public.bookings for update to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'))
with check (private.has_organization_role(organization_id, '{owner,admin}'));

-- ============================================================================================
-- 4. The organizer
-- ============================================================================================

-- A new draft booking solution: its campaign (with a Norwegian consent text to start from) and its
-- row. Security invoker: the tables' policies decide who may (owners and admins).
create or replace function public.create_booking_solution(input_organization_id uuid, input_name text)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  insert into public.campaigns (organization_id, kind, name, consent_text)
  values (input_organization_id, 'booking', btrim(input_name),
    'Jeg godtar at opplysningene mine brukes til å behandle bestillingen.')
  returning id into new_id;
  insert into public.booking_solutions (id, organization_id) values (new_id, input_organization_id);
  return new_id;
end;
$$;

comment on function public.create_booking_solution(uuid, text) is
  'Owners and admins: creates a draft booking solution (campaign with a consent text to edit, and its row) and returns its id.';
revoke execute on function public.create_booking_solution(uuid, text) from public, anon, authenticated;
grant execute on function public.create_booking_solution(uuid, text) to authenticated, service_role;

-- A copy as a new draft: the campaign through the engine, then settings, services, staff, who gives
-- what, availability and exceptions (never bookings). As the caller: the policies decide.
create or replace function public.duplicate_booking_solution(input_solution_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  source public.booking_solutions;
  new_id uuid;
begin
  select s.* into source from public.booking_solutions as s
  where s.id = input_solution_id and private.has_organization_role(s.organization_id, '{owner,admin}');
  if source.id is null then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  new_id := private.copy_campaign(source.id);
  insert into public.booking_solutions (id, organization_id, closed_on_holidays, slot_interval_minutes)
  values (new_id, source.organization_id, source.closed_on_holidays, source.slot_interval_minutes);

  -- Each copied row's id is derived from the new solution's id and the original's, so the links
  -- between the copies follow without a lookup table.
  insert into public.booking_services (id, solution_id, organization_id, name, description, duration_minutes, price_ore,
    payment, buffer_before_minutes, buffer_after_minutes, minimum_notice_minutes, booking_window_days, daily_limit,
    weekly_limit, seats, position, active)
  select extensions.uuid_generate_v5(new_id, x.id::text), new_id, x.organization_id, x.name, x.description,
    x.duration_minutes, x.price_ore, x.payment, x.buffer_before_minutes, x.buffer_after_minutes,
    x.minimum_notice_minutes, x.booking_window_days, x.daily_limit, x.weekly_limit, x.seats, x.position, x.active
  from public.booking_services as x where x.solution_id = source.id;
  insert into public.booking_staff (id, solution_id, organization_id, name, member_id, email, position, active)
  select extensions.uuid_generate_v5(new_id, x.id::text), new_id, x.organization_id, x.name, x.member_id, x.email,
    x.position, x.active
  from public.booking_staff as x where x.solution_id = source.id;
  insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id)
  select extensions.uuid_generate_v5(new_id, x.staff_id::text), extensions.uuid_generate_v5(new_id, x.service_id::text),
    new_id, x.organization_id
  from public.booking_staff_services as x where x.solution_id = source.id;
  insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at)
  select extensions.uuid_generate_v5(new_id, x.staff_id::text), new_id, x.organization_id, x.weekday, x.starts_at,
    x.ends_at
  from public.booking_availability as x where x.solution_id = source.id;
  insert into public.booking_exceptions (solution_id, organization_id, staff_id, on_date, starts_at, ends_at, note)
  select new_id, x.organization_id, extensions.uuid_generate_v5(new_id, x.staff_id::text), x.on_date, x.starts_at,
    x.ends_at, x.note
  from public.booking_exceptions as x where x.solution_id = source.id;
  return new_id;
end;
$$;

comment on function public.duplicate_booking_solution(uuid) is
  'Owners and admins: a draft copy (campaign through private.copy_campaign, settings, services, staff, who gives what, availability, exceptions; no bookings) and its id; booking-not-found otherwise.';
revoke execute on function public.duplicate_booking_solution(uuid) from public, anon, authenticated;
grant execute on function public.duplicate_booking_solution(uuid) to authenticated, service_role;

-- ============================================================================================
-- 5. The public side: the booking edge function, with the service key and the visitor's address
-- ============================================================================================

-- The visitor's address for the engine's limits (private.public_client_ip reads it in this
-- transaction), or booking-invalid.
create or replace function private.booking_client_ip(input_client_ip text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  ip text;
begin
  if input_client_ip is null or input_client_ip !~ '^[0-9A-Fa-f:.]{2,45}$' then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  begin
    ip := pg_catalog.host(input_client_ip::inet);
  exception when invalid_text_representation then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end;
  perform pg_catalog.set_config('leadtorget.client_ip', ip, true);
end;
$$;

comment on function private.booking_client_ip(text) is 'Sets the visitor''s address the booking function passed for this transaction''s limits; booking-invalid when it is not one.';
revoke execute on function private.booking_client_ip(text) from public, anon, authenticated;

-- A published, unarchived booking solution, or booking-not-found (PT404).
create or replace function private.published_booking_solution(solution_id uuid)
returns public.booking_solutions
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.booking_solutions;
begin
  select s.* into found from public.booking_solutions as s
  join public.campaigns as c on c.id = s.id
  where s.id = published_booking_solution.solution_id and c.published_at is not null
    and c.published_at <= private.campaign_now() and s.archived_at is null;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  return found;
end;
$$;

comment on function private.published_booking_solution(uuid) is 'The booking solution when published and not archived; booking-not-found (PT404) otherwise.';
revoke execute on function private.published_booking_solution(uuid) from public, anon, authenticated;

-- An active service of the solution, or booking-service-not-found (PT404).
create or replace function private.active_booking_service(solution_id uuid, service_id uuid)
returns public.booking_services
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.booking_services;
begin
  select s.* into found from public.booking_services as s
  where s.id = active_booking_service.service_id and s.solution_id = active_booking_service.solution_id and s.active;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'booking-service-not-found';
  end if;
  return found;
end;
$$;

comment on function private.active_booking_service(uuid, uuid) is 'The active service of the solution; booking-service-not-found (PT404) otherwise.';
revoke execute on function private.active_booking_service(uuid, uuid) from public, anon, authenticated;

-- What the slot engine needs for a service between two Oslo dates: the rules, the active staff who
-- give it with their weekly spans, the exceptions, and the live bookings that can take their time or
-- count toward the limits (ids and ranges only: never a person; the function answers the visitor
-- with slots alone). 120 calls a minute per address.
create or replace function public.booking_slot_inputs(
  input_solution_id uuid, input_service_id uuid, input_from date, input_to date, input_client_ip text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  solution public.booking_solutions;
  service public.booking_services;
  staff_ids uuid[];
  range_start timestamptz;
  range_end timestamptz;
begin
  perform private.booking_client_ip(input_client_ip);
  if input_from is null or input_to is null or input_to < input_from or input_to - input_from > 62 then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  perform private.check_public_rate('booking-slots', 120);
  solution := private.published_booking_solution(input_solution_id);
  service := private.active_booking_service(solution.id, input_service_id);
  select coalesce(array_agg(st.id order by st.position, st.name), '{}') into staff_ids
  from public.booking_staff as st
  join public.booking_staff_services as ss on ss.staff_id = st.id and ss.service_id = service.id
  where st.solution_id = solution.id and st.active;
  -- The whole ISO weeks around the dates, for the weekly limit.
  range_start := private.oslo_day_start(input_from - (extract(isodow from input_from)::integer - 1) - 1);
  range_end := private.oslo_day_start(input_to + (7 - extract(isodow from input_to)::integer) + 2);
  return jsonb_build_object(
    'now', private.campaign_now(),
    'solution', jsonb_build_object(
      'closed_on_holidays', solution.closed_on_holidays, 'slot_interval_minutes', solution.slot_interval_minutes
    ),
    'service', jsonb_build_object(
      'id', service.id, 'duration_minutes', service.duration_minutes,
      'buffer_before_minutes', service.buffer_before_minutes, 'buffer_after_minutes', service.buffer_after_minutes,
      'minimum_notice_minutes', service.minimum_notice_minutes, 'booking_window_days', service.booking_window_days,
      'daily_limit', service.daily_limit, 'weekly_limit', service.weekly_limit, 'seats', service.seats
    ),
    'staff', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', st.id, 'name', st.name,
        'availability', coalesce((
          select jsonb_agg(jsonb_build_object(
            'weekday', a.weekday, 'start', to_char(a.starts_at, 'HH24:MI'), 'end', to_char(a.ends_at, 'HH24:MI')
          ) order by a.weekday, a.starts_at)
          from public.booking_availability as a where a.staff_id = st.id
        ), '[]')
      ) order by array_position(staff_ids, st.id))
      from public.booking_staff as st where st.id = any (staff_ids)
    ), '[]'),
    'exceptions', coalesce((
      select jsonb_agg(jsonb_build_object(
        'date', e.on_date, 'staff_id', e.staff_id,
        'start', to_char(e.starts_at, 'HH24:MI'), 'end', to_char(e.ends_at, 'HH24:MI')
      ) order by e.on_date, e.starts_at)
      from public.booking_exceptions as e
      where e.solution_id = solution.id and e.on_date between input_from - 1 and input_to + 1
        and (e.staff_id is null or e.staff_id = any (staff_ids))
    ), '[]'),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id, 'service_id', b.service_id, 'staff_id', b.staff_id,
        'start', lower(b.during), 'end', upper(b.during), 'blocked_start', lower(b.blocked), 'blocked_end', upper(b.blocked)
      ) order by lower(b.during))
      from public.bookings as b
      where b.status <> 'cancelled' and b.blocked && tstzrange(range_start, range_end)
        and (b.staff_id = any (staff_ids) or b.service_id = service.id)
    ), '[]')
  );
end;
$$;

comment on function public.booking_slot_inputs(uuid, uuid, date, date, text) is
  'The booking function (service role): rules, staff with weekly spans, exceptions and live bookings (ranges only) for a service of a published solution between two Oslo dates (≤ 62 days); 120 a minute per address. booking-invalid, booking-not-found, booking-service-not-found, campaign-rate-limited.';
revoke execute on function public.booking_slot_inputs(uuid, uuid, date, date, text) from public, anon, authenticated;
grant execute on function public.booking_slot_inputs(uuid, uuid, date, date, text) to service_role;

-- The checks the database makes itself before a booking takes a slot (book or reschedule), under
-- the locks that make them hold: the staff member gives the service, the start respects the notice,
-- the daily/weekly limits (one booking of the service at a time while it has limits) and the seats
-- (a transaction-level lock on the service and start). The exclusion constraint decides the rest.
-- Returns the appointment, its blocked range and its slot key (null: one-to-one, the booking's id).
create or replace function private.booking_claim_slot(
  service public.booking_services, staff_id uuid, starts_at timestamptz, moving_booking uuid,
  out during tstzrange, out blocked tstzrange, out slot_key uuid
)
language plpgsql
volatile
set search_path = ''
as $$
declare
  oslo_date date := (starts_at at time zone 'Europe/Oslo')::date;
  week_start date := oslo_date - (extract(isodow from oslo_date)::integer - 1);
begin
  if not exists (
    select 1 from public.booking_staff_services as ss
    join public.booking_staff as st on st.id = ss.staff_id and st.active
    where ss.staff_id = booking_claim_slot.staff_id and ss.service_id = service.id
  ) or starts_at < private.campaign_now() + make_interval(mins => service.minimum_notice_minutes) then
    raise exception using errcode = 'PT409', message = 'booking-slot-unavailable';
  end if;
  during := tstzrange(starts_at, starts_at + make_interval(mins => service.duration_minutes), '[)');
  blocked := tstzrange(
    lower(during) - make_interval(mins => service.buffer_before_minutes),
    upper(during) + make_interval(mins => service.buffer_after_minutes), '[)'
  );
  if service.daily_limit is not null or service.weekly_limit is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('booking-limit:' || service.id, 0));
    if (service.daily_limit is not null and (
          select count(*) from public.bookings as b
          where b.service_id = service.id and b.status <> 'cancelled' and b.id is distinct from moving_booking
            and lower(b.during) >= private.oslo_day_start(oslo_date) and lower(b.during) < private.oslo_day_start(oslo_date + 1)
        ) >= service.daily_limit)
      or (service.weekly_limit is not null and (
          select count(*) from public.bookings as b
          where b.service_id = service.id and b.status <> 'cancelled' and b.id is distinct from moving_booking
            and lower(b.during) >= private.oslo_day_start(week_start) and lower(b.during) < private.oslo_day_start(week_start + 7)
        ) >= service.weekly_limit) then
      raise exception using errcode = 'PT409', message = 'booking-slot-unavailable';
    end if;
  end if;
  if service.seats > 1 then
    slot_key := extensions.uuid_generate_v5(service.id, staff_id::text || '@' || starts_at::text);
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('booking-seat:' || service.id || ':' || extract(epoch from starts_at), 0)
    );
    if (
      select count(*) from public.bookings as b
      where b.slot_key = booking_claim_slot.slot_key and b.status <> 'cancelled' and b.id is distinct from moving_booking
    ) >= service.seats then
      raise exception using errcode = 'PT409', message = 'booking-slot-taken';
    end if;
  end if;
end;
$$;

comment on function private.booking_claim_slot(public.booking_services, uuid, timestamptz, uuid) is
  'Before a booking takes a slot: the staff gives the service, the notice, the daily/weekly limits (under a lock per service) and the seats (under a transaction lock per service and start); the range, blocked range and seat slot key. booking-slot-unavailable, booking-slot-taken.';
revoke execute on function private.booking_claim_slot(public.booking_services, uuid, timestamptz, uuid) from public, anon, authenticated;

-- Whether a visitor may book the service without paying first: paying online (the card payments)
-- is not wired to bookings yet, so such a service is refused instead of booked unpaid. Its own small
-- function, so the payment step replaces only this.
create or replace function private.booking_payment_check(service public.booking_services)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if service.payment = 'online' then
    raise exception using errcode = 'PT409', message = 'booking-payment-required';
  end if;
end;
$$;

comment on function private.booking_payment_check(public.booking_services) is
  'Refuses a booking of a service paid online (booking-payment-required) until bookings take card payments.';
revoke execute on function private.booking_payment_check(public.booking_services) from public, anon, authenticated;

-- The booking edge function books a slot it has just seen offered (it recomputed the slots). In one
-- transaction: the visitor's address and the engine's write check (honeypot, time trap, 30 a minute),
-- consent, the participant, consents and lead through the engine, the slot's own checks, and the
-- booking. Two visitors for one slot: the exclusion constraint (one-to-one) or the seat lock lets one
-- through; the other meets booking-slot-taken. The manage link's token is answered once.
create or replace function public.book_booking(
  input_solution_id uuid,
  input_service_id uuid,
  input_staff_id uuid,
  input_starts_at timestamptz,
  input_client_ip text,
  input_form_shown_at timestamptz,
  input_honeypot text,
  input_email text,
  input_name text,
  input_phone text default null,
  input_consent boolean default false,
  input_marketing_consent boolean default false,
  input_answers jsonb default '{}'
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  solution public.booking_solutions;
  service public.booking_services;
  campaign public.campaigns;
  participant public.participants;
  consent uuid;
  marketing uuid;
  slot record;
  token text := encode(extensions.gen_random_bytes(32), 'hex');
  new_id uuid := gen_random_uuid();
begin
  perform private.booking_client_ip(input_client_ip);
  if input_starts_at is null or input_answers is null or jsonb_typeof(input_answers) <> 'object'
    or octet_length(input_answers::text) > 16384 then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  solution := private.published_booking_solution(input_solution_id);
  service := private.active_booking_service(solution.id, input_service_id);
  perform private.booking_payment_check(service);
  select * into campaign from public.campaigns as c where c.id = solution.id;
  participant := private.upsert_participant(
    campaign, 'booking-book', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, false
  );
  select c.consent_id, c.marketing_consent_id into consent, marketing
  from private.record_entry_consents(campaign, participant, input_marketing_consent) as c;
  perform private.upsert_lead_for(participant, campaign.id);

  select * into slot from private.booking_claim_slot(service, input_staff_id, input_starts_at, null);
  begin
    insert into public.bookings (id, solution_id, organization_id, service_id, staff_id, participant_id, during, blocked,
      slot_key, answers, consent_id, marketing_consent_id, manage_token_sha256)
    values (new_id, solution.id, solution.organization_id, service.id, input_staff_id, participant.id, slot.during,
      slot.blocked, coalesce(slot.slot_key, new_id), input_answers, consent, marketing,
      encode(sha256(convert_to(token, 'UTF8')), 'hex'));
  exception when exclusion_violation then
    raise exception using errcode = 'PT409', message = 'booking-slot-taken';
  end;
  return jsonb_build_object('booking', private.booking_view(new_id), 'token', token);
end;
$$;

comment on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb) is
  'The booking function (service role): books a slot of a published solution for a visitor — write check, participant, consents and lead through the engine, notice, limits and seats, the no-double-booking constraint — and answers { booking, token } (the manage link''s token, once). booking-invalid, booking-not-found, booking-service-not-found, booking-payment-required, booking-slot-unavailable, booking-slot-taken, campaign-*, participant-*.';
revoke execute on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb)
  from public, anon, authenticated;
grant execute on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb)
  to service_role;

-- What the booker sees of a booking (never another person's): times, service, staff, status, and
-- whether it may still be changed (before the service's minimum notice).
create or replace function private.booking_view(booking_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id, 'solution_id', b.solution_id, 'solution_name', c.name, 'status', b.status,
    'start', lower(b.during), 'end', upper(b.during),
    'service_id', s.id, 'service_name', s.name, 'staff_id', st.id, 'staff_name', st.name,
    'changeable', b.status = 'confirmed'
      and lower(b.during) >= private.campaign_now() + make_interval(mins => s.minimum_notice_minutes)
  )
  from public.bookings as b
  join public.booking_services as s on s.id = b.service_id
  join public.booking_staff as st on st.id = b.staff_id
  join public.campaigns as c on c.id = b.solution_id
  where b.id = booking_view.booking_id;
$$;

comment on function private.booking_view(uuid) is 'A booking as its booker sees it: times, service, staff, status and whether it may still be changed.';
revoke execute on function private.booking_view(uuid) from public, anon, authenticated;

-- The booking of a manage link's token, locked for the change (booking-not-found, PT404).
create or replace function private.booking_by_token_for_update(token text)
returns public.bookings
language plpgsql
volatile
set search_path = ''
as $$
declare
  found public.bookings;
begin
  if token is not null and token ~ '^[0-9a-f]{64}$' then
    select b.* into found from public.bookings as b
    where b.manage_token_sha256 = encode(sha256(convert_to(token, 'UTF8')), 'hex')
    for update;
  end if;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  return found;
end;
$$;

comment on function private.booking_by_token_for_update(text) is 'The booking of a manage link''s token, locked; booking-not-found (PT404) otherwise.';
revoke execute on function private.booking_by_token_for_update(text) from public, anon, authenticated;

-- A booking the manage link may still change: confirmed (booking-cancelled otherwise) and before
-- the service's minimum notice (booking-too-late). Rate-limited per address (30 a minute).
create or replace function private.changeable_booking(token text, input_client_ip text)
returns public.bookings
language plpgsql
volatile
set search_path = ''
as $$
declare
  found public.bookings;
begin
  perform private.booking_client_ip(input_client_ip);
  perform private.check_public_rate('booking-manage', 30);
  found := private.booking_by_token_for_update(token);
  if found.status <> 'confirmed' then
    raise exception using errcode = 'PT409', message = 'booking-cancelled';
  end if;
  if lower(found.during) < private.campaign_now() + make_interval(mins => (
    select s.minimum_notice_minutes from public.booking_services as s where s.id = found.service_id
  )) then
    raise exception using errcode = 'PT409', message = 'booking-too-late';
  end if;
  return found;
end;
$$;

comment on function private.changeable_booking(text, text) is
  'The confirmed booking of a token while it may be changed (30 a minute per address); booking-not-found, booking-cancelled, booking-too-late, campaign-rate-limited.';
revoke execute on function private.changeable_booking(text, text) from public, anon, authenticated;

-- The manage page's read by token (service role: the booking function).
create or replace function public.booking_by_token(input_token text, input_client_ip text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.booking_client_ip(input_client_ip);
  perform private.check_public_rate('booking-manage', 30);
  return private.booking_view((private.booking_by_token_for_update(input_token)).id);
end;
$$;

comment on function public.booking_by_token(text, text) is
  'The booking function (service role): the booking of a manage link''s token as its booker sees it (30 a minute per address); booking-not-found.';
revoke execute on function public.booking_by_token(text, text) from public, anon, authenticated;
grant execute on function public.booking_by_token(text, text) to service_role;

-- Moves a booking by its manage link to a start (and staff member) the function has just seen
-- offered, within the rules: the old time is outside the notice, the new one passes the same
-- checks as a new booking, and the constraint decides a race.
create or replace function public.reschedule_booking(
  input_token text, input_starts_at timestamptz, input_staff_id uuid, input_client_ip text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.bookings := private.changeable_booking(input_token, input_client_ip);
  service public.booking_services;
  slot record;
begin
  if input_starts_at is null then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  perform private.published_booking_solution(found.solution_id);
  select s.* into service from public.booking_services as s where s.id = found.service_id;
  select * into slot from private.booking_claim_slot(
    service, coalesce(input_staff_id, found.staff_id), input_starts_at, found.id
  );
  begin
    update public.bookings as b
    set during = slot.during, blocked = slot.blocked, staff_id = coalesce(input_staff_id, found.staff_id),
      slot_key = coalesce(slot.slot_key, b.id), rescheduled_at = pg_catalog.now()
    where b.id = found.id;
  exception when exclusion_violation then
    raise exception using errcode = 'PT409', message = 'booking-slot-taken';
  end;
  return private.booking_view(found.id);
end;
$$;

comment on function public.reschedule_booking(text, timestamptz, uuid, text) is
  'The booking function (service role): moves the booking of a manage link''s token to a new start (and staff), within the notice, limits and seats, under the no-double-booking constraint; the booking as its booker sees it. booking-invalid, booking-not-found, booking-cancelled, booking-too-late, booking-slot-unavailable, booking-slot-taken, campaign-rate-limited.';
revoke execute on function public.reschedule_booking(text, timestamptz, uuid, text) from public, anon, authenticated;
grant execute on function public.reschedule_booking(text, timestamptz, uuid, text) to service_role;

-- Cancels a booking by its manage link, before the service's minimum notice.
create or replace function public.cancel_booking(input_token text, input_client_ip text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.bookings := private.changeable_booking(input_token, input_client_ip);
begin
  update public.bookings as b set status = 'cancelled' where b.id = found.id;
  return private.booking_view(found.id);
end;
$$;

comment on function public.cancel_booking(text, text) is
  'The booking function (service role): cancels the booking of a manage link''s token before the service''s minimum notice; the booking as its booker sees it. booking-not-found, booking-cancelled, booking-too-late, campaign-rate-limited.';
revoke execute on function public.cancel_booking(text, text) from public, anon, authenticated;
grant execute on function public.cancel_booking(text, text) to service_role;
