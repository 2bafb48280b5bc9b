-- The calendars' engine around the tables of 20261126100000_calendars.sql (docs/calendars.md):
--
-- Sections: 1. options · 2. visits and shares · 3. statistics · 4. public media · 5. scheduled jobs
-- (confirmations, reminders, automatic draws)
--
-- - calendars gain reminders_enabled and auto_draw; participants remember which e-mails they got.
-- - calendar_events: visits and shares, written only by public.record_calendar_event (published
--   calendars only, 120 a minute per IP address); members read.
-- - calendar_statistics and calendar_summaries: the editor's figures and the list's, members only.
-- - storage.objects: anyone may read (sign) a media file that an open door of a published calendar
--   shows, or that is a published calendar's background; nothing else of the bucket.
-- - The jobs of the edge function campaign-jobs claim their work through service-role functions, so
--   two runs never send the same e-mail or draw the same prize twice.

-- ============================================================================================
-- 1. Options
-- ============================================================================================

alter table public.calendars
  add column reminders_enabled boolean not null default true,
  add column auto_draw boolean not null default false;

comment on column public.calendars.reminders_enabled is
  'True: the public form offers the daily reminder e-mail (at reminder_time, Oslo), and the reminder job sends it to those who opted in.';
comment on column public.calendars.auto_draw is
  'True: the calendar-draws job commits and runs the draw of each closed door''s prizes drawn by chance, and of the grand prizes after the end; winners stay pending until an owner or admin approves.';

grant update (reminders_enabled, auto_draw) on public.calendars to authenticated;

alter table public.calendar_participants
  add column confirmation_sent_at timestamptz null,
  add column last_reminded_on date null;

comment on column public.calendar_participants.confirmation_sent_at is
  'When the confirmation e-mail with the participation link was claimed for sending (null: not yet; the calendar-confirmations job).';
comment on column public.calendar_participants.last_reminded_on is
  'The Oslo date of the last reminder e-mail (the calendar-reminders job sends at most one a day).';

-- The confirmation job's queue: the few participants not yet confirmed.
create index calendar_participants_unconfirmed_idx on public.calendar_participants (created_at)
  where confirmation_sent_at is null;

-- ============================================================================================
-- 2. Visits and shares
-- ============================================================================================

create table public.calendar_events (
  id bigint generated always as identity primary key,
  calendar_id uuid not null,
  organization_id uuid not null,
  kind text not null check (kind in ('visit', 'share')),
  -- The door page the event happened on; null for the calendar page.
  day_number integer null check (day_number between 1 and 367),
  -- Hex SHA-256 of the calendar id and the page's random visitor id (sessionStorage): counts unique
  -- visitors without keeping anything that names a person or a device.
  visitor_hash text null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  constraint calendar_events_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade
);

comment on table public.calendar_events is
  'Visits and shares of a published calendar''s public pages, for the editor''s statistics. Written only by record_calendar_event; members read.';

create index calendar_events_calendar_id_created_at_idx on public.calendar_events (calendar_id, organization_id, created_at);
create index calendar_events_organization_id_idx on public.calendar_events (organization_id);

alter table public.calendar_events enable row level security;
revoke all on public.calendar_events from anon, authenticated;
grant select on public.calendar_events to authenticated;

create policy "Members can read their organization's calendar events"
on public.calendar_events for select to authenticated
using (private.has_organization_role(organization_id));

-- The public pages' one write besides entering: a visit (calendar or door page) or a share. Security
-- definer: the public has no write access to the table. Published calendars only (calendar-not-found
-- otherwise); 120 a minute per IP address (a visitor opening doors is a handful; an office behind one
-- address is more), campaign-rate-limited (PT429) beyond, with the seconds to wait in the hint.
create or replace function public.record_calendar_event(
  input_calendar_id uuid,
  input_kind text,
  input_day_number integer default null,
  input_visitor text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  calendar public.calendars := private.published_calendar(input_calendar_id);
begin
  perform private.check_public_rate('calendar-event', 120);
  if input_kind is null or input_kind not in ('visit', 'share')
    or (input_visitor is not null and input_visitor !~ '^[A-Za-z0-9_-]{8,128}$')
    or (input_day_number is not null and not exists (
      select 1 from public.calendar_doors as d where d.calendar_id = calendar.id and d.day_number = input_day_number
    )) then
    -- A programming error of the page, not the visitor's: 400, not a catalogue message.
    raise exception using errcode = '22023', message = 'calendar-event-invalid';
  end if;
  insert into public.calendar_events (calendar_id, organization_id, kind, day_number, visitor_hash)
  values (
    calendar.id, calendar.organization_id, input_kind, input_day_number,
    case when input_visitor is not null
      then encode(sha256(convert_to(calendar.id::text || ':' || input_visitor, 'UTF8')), 'hex')
    end
  );
end;
$$;

comment on function public.record_calendar_event(uuid, text, integer, text) is
  'Public pages: records a visit or share of a published calendar (optionally of a door, and a random visitor id, stored hashed); 120 a minute per IP (campaign-rate-limited), calendar-not-found for drafts.';
revoke execute on function public.record_calendar_event(uuid, text, integer, text) from public, anon, authenticated;
grant execute on function public.record_calendar_event(uuid, text, integer, text) to anon, authenticated, service_role;

-- ============================================================================================
-- 3. Statistics
-- ============================================================================================

-- The editor's «Statistikk»: everything in one call, for members of the calendar's organization
-- only (calendar-not-found for anyone else, as for an unknown id). Days and «today» are Oslo dates of
-- the calendars' clock.
-- Security definer: membership is checked once at the top, so the counts over events and entries
-- run without the row policies on every row.
create or replace function public.calendar_statistics(input_calendar_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
  today date := (private.campaign_now() at time zone 'Europe/Oslo')::date;
begin
  select * into calendar from public.calendars as c where c.id = input_calendar_id;
  if not found or not private.has_organization_role(calendar.organization_id) then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
  return (
    with events as (
      select e.kind, e.visitor_hash, (e.created_at at time zone 'Europe/Oslo')::date as day
      from public.calendar_events as e
      where e.calendar_id = calendar.id and e.organization_id = calendar.organization_id
    ),
    entries as (
      select e.door_id, e.is_correct, (e.created_at at time zone 'Europe/Oslo')::date as day
      from public.calendar_entries as e
      where e.calendar_id = calendar.id and e.organization_id = calendar.organization_id
    ),
    participants as (
      select p.marketing_consent from public.calendar_participants as p
      where p.calendar_id = calendar.id and p.organization_id = calendar.organization_id
    ),
    activity as (
      select day, count(*) filter (where kind = 'visit') as visits, 0::bigint as entries from events group by day
      union all
      select day, 0, count(*) from entries group by day
    ),
    bounds as (
      select least(calendar.starts_on, min(day)) as first_day,
        greatest(max(day), least(today, calendar.ends_on)) as last_day
      from activity
    )
    select jsonb_build_object(
      'visits', (select count(*) from events where kind = 'visit'),
      'visitors', (select count(distinct visitor_hash) from events where kind = 'visit'),
      'shares', (select count(*) from events where kind = 'share'),
      'participants', (select count(*) from participants),
      'entries', (select count(*) from entries),
      'entries_today', (select count(*) from entries where day = today),
      'new_leads', (select count(*) from public.leads as l
                    where l.calendar_id = calendar.id and l.organization_id = calendar.organization_id),
      'marketing_consent_rate', (
        select case when calendar.marketing_consent_text is not null and count(*) > 0
          then round(count(*) filter (where marketing_consent)::numeric / count(*), 4)
        end
        from participants
      ),
      'doors', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'day_number', d.day_number, 'opens_at', d.opens_at,
          'entries', (select count(*) from entries as x where x.door_id = d.id),
          'correct', (select count(*) from entries as x where x.door_id = d.id and x.is_correct)
        ) order by d.day_number), '[]')
        from public.calendar_doors as d where d.calendar_id = calendar.id
      ),
      'days', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'date', g.day,
          'visits', coalesce((select sum(a.visits) from activity as a where a.day = g.day), 0),
          'entries', coalesce((select sum(a.entries) from activity as a where a.day = g.day), 0)
        ) order by g.day), '[]')
        from bounds as b
        cross join lateral (
          select s::date as day
          from generate_series(greatest(b.first_day, b.last_day - 400), b.last_day, interval '1 day') as s
        ) as g
      )
    )
  );
end;
$$;

comment on function public.calendar_statistics(uuid) is
  'Members: a calendar''s figures — visits, unique visitors, shares, participants, entries (today: Oslo date), new leads, marketing consent rate (null when not asked or nobody yet), per door entries and correct answers, per Oslo day visits and entries; calendar-not-found for anyone else.';
revoke execute on function public.calendar_statistics(uuid) from public, anon, authenticated;
grant execute on function public.calendar_statistics(uuid) to authenticated, service_role;

-- The list's figures for every calendar of an organization; no rows for anyone but its members.
-- Security definer: membership is checked in the where clause, so the counts run without the row
-- policies on every row.
create or replace function public.calendar_summaries(input_organization_id uuid)
returns table (calendar_id uuid, participants bigint, entries bigint, entries_today bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select
    c.id,
    (select count(*) from public.calendar_participants as p
     where p.calendar_id = c.id and p.organization_id = c.organization_id),
    (select count(*) from public.calendar_entries as e
     where e.calendar_id = c.id and e.organization_id = c.organization_id),
    (select count(*) from public.calendar_entries as e
     where e.calendar_id = c.id and e.organization_id = c.organization_id
       and e.created_at >= private.oslo_day_start(t.today) and e.created_at < private.oslo_day_start(t.today + 1))
  from public.calendars as c
  cross join (select (private.campaign_now() at time zone 'Europe/Oslo')::date as today) as t
  where c.organization_id = input_organization_id
    and private.has_organization_role(c.organization_id)
  order by c.created_at desc;
$$;

comment on function public.calendar_summaries(uuid) is
  'Members: participants, entries and entries today (Oslo) of each calendar of the organization, newest first; no rows for anyone else.';
revoke execute on function public.calendar_summaries(uuid) from public, anon, authenticated;
grant execute on function public.calendar_summaries(uuid) to authenticated, service_role;

-- ============================================================================================
-- 4. Public media
-- ============================================================================================

-- Whether anyone may read (sign) a file of organizations-media: it is a public rendition (web size,
-- thumbnail, poster, MP4 or WebM — never the uploaded original of a video, nor any other file of the
-- folder) of an item that some use shows to the public right now (media_usages.public_from and
-- public_until, written by each area). The name must be a clean media path
-- `<organization>/<media id>/<file>` of that very item, so `..`, other folders and another
-- organization's ids match nothing. Security definer: the caller cannot read the library's rows or
-- drafts.
create or replace function private.media_object_is_public(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from (
      select private.media_object_organization_id(media_object_is_public.name) as organization_id,
        case when private.media_object_organization_id(media_object_is_public.name) is not null
          then split_part(media_object_is_public.name, '/', 2)::uuid
        end as media_id
    ) as p
    join public.organizations_media as m on m.id = p.media_id and m.organization_id = p.organization_id
    join public.media_usages as u on u.media_id = m.id and u.organization_id = m.organization_id
    where media_object_is_public.name in (m.url, m.thumbnail_path, m.url_mp4, m.url_webm)
      and u.public_from <= private.campaign_now()
      and (u.public_until is null or private.campaign_now() < u.public_until)
  );
$$;

comment on function private.media_object_is_public(text) is
  'True for a public rendition of a media item that a use shows to the public now (media_usages public_from/public_until): what anyone may sign in organizations-media.';
revoke execute on function private.media_object_is_public(text) from public, anon, authenticated;
grant execute on function private.media_object_is_public(text) to anon, authenticated, service_role;

-- One permissive select policy per role: members (and claims admins) read their organization's
-- files, and everyone, signed in or not, the public ones.
drop policy "Members and claims admins can read their organization's media files" on storage.objects;
create policy "Members and claims admins can read their organization's media files, anyone the public ones"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'organizations-media'
  and (
    private.has_organization_role(private.media_file_organization_id(name))
    or (select private.is_claims_admin())
    or private.media_object_is_public(name)
  )
);

create policy "Visitors can read the media files of published calendars"
on storage.objects
for select
to anon
using (bucket_id = 'organizations-media' and private.media_object_is_public(name));

-- ============================================================================================
-- 5. Scheduled jobs: confirmations, reminders, automatic draws (supabase/functions/campaign-jobs)
-- ============================================================================================

-- Claims up to input_limit participants whose confirmation e-mail has not gone out, marks them sent
-- and issues each a fresh participation token for the e-mail. Rows another run holds are skipped, so
-- concurrent runs never claim the same participant. A failed e-mail is handed back with
-- release_calendar_confirmation.
-- Security definer: writes participants and tokens for the service role's job, with row locks no
-- policy gives.
create or replace function public.claim_calendar_confirmations(input_limit integer default 100)
returns table (
  participant_id uuid, email text, name text, calendar_id uuid, calendar_name text, organization_name text, token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
begin
  for due in
    select p.id, p.email, p.name, c.id as cal_id, c.name as cal_name, o.name as org_name
    from public.calendar_participants as p
    join public.calendars as c on c.id = p.calendar_id
    join public.organizations as o on o.id = c.organization_id
    where p.confirmation_sent_at is null and c.published_at is not null
    order by p.created_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of p skip locked
  loop
    update public.calendar_participants as x set confirmation_sent_at = pg_catalog.now() where x.id = due.id;
    participant_id := due.id;
    email := due.email;
    name := due.name;
    calendar_id := due.cal_id;
    calendar_name := due.cal_name;
    organization_name := due.org_name;
    token := public.issue_calendar_participant_token(due.id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_calendar_confirmations(integer) is
  'Service role (calendar-confirmations job): claims participants without a confirmation e-mail, marks them sent and returns each with a fresh participation token.';
revoke execute on function public.claim_calendar_confirmations(integer) from public, anon, authenticated;
grant execute on function public.claim_calendar_confirmations(integer) to service_role;

-- Security definer: the service role's job writes a participant column no grant covers.
create or replace function public.release_calendar_confirmation(input_participant_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.calendar_participants set confirmation_sent_at = null where id = input_participant_id;
$$;

comment on function public.release_calendar_confirmation(uuid) is
  'Service role: the confirmation e-mail could not be sent; the next run tries again.';
revoke execute on function public.release_calendar_confirmation(uuid) from public, anon, authenticated;
grant execute on function public.release_calendar_confirmation(uuid) to service_role;

-- Claims up to input_limit reminders due at input_now (default: the calendars' clock): participants
-- who opted in (and have not unsubscribed) of a published calendar with reminders on that has a door
-- dated today (Oslo) which has not closed — so the first door's reminder reaches pre-registered
-- people even before it opens — once the calendar's reminder_time (Oslo) has passed, at most once a
-- day, and not to someone who already entered today's door. Marks them reminded today and issues
-- each a fresh participation token for the unsubscribe link.
-- Security definer: writes participants and tokens for the service role's job, with row locks no
-- policy gives.
create or replace function public.claim_calendar_reminders(input_now timestamptz default null, input_limit integer default 200)
returns table (
  participant_id uuid, email text, name text, calendar_id uuid, calendar_name text, organization_name text,
  day_number integer, door_opens_at timestamptz, reminded_on date, token text
)
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
    select p.id, p.email, p.name, c.id as cal_id, c.name as cal_name, o.name as org_name,
      d.day_number as door_number, d.opens_at as door_opens
    from public.calendars as c
    join public.organizations as o on o.id = c.organization_id
    join public.calendar_doors as d on d.calendar_id = c.id and d.opens_on = today
    join public.calendar_participants as p on p.calendar_id = c.id and p.organization_id = c.organization_id
    where c.published_at is not null
      and c.reminders_enabled
      and private.oslo_moment(today, c.reminder_time) <= clock
      and d.closes_at > clock
      and p.reminders_opt_in
      -- Marketing withdrawn for the whole organization stops reminders from every calendar of it.
      and not exists (select 1 from public.leads as l where l.id = p.lead_id and l.marketing_withdrawn_at is not null)
      and (p.last_reminded_on is null or p.last_reminded_on < today)
      and not exists (select 1 from public.calendar_entries as e where e.participant_id = p.id and e.door_id = d.id)
    order by c.id, p.created_at
    limit least(greatest(coalesce(input_limit, 200), 1), 1000)
    for update of p skip locked
  loop
    update public.calendar_participants as x set last_reminded_on = today where x.id = due.id;
    participant_id := due.id;
    email := due.email;
    name := due.name;
    calendar_id := due.cal_id;
    calendar_name := due.cal_name;
    organization_name := due.org_name;
    day_number := due.door_number;
    door_opens_at := due.door_opens;
    reminded_on := today;
    token := public.issue_calendar_participant_token(due.id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_calendar_reminders(timestamptz, integer) is
  'Service role (calendar-reminders job): claims the reminders due at input_now — opted-in participants of published calendars with reminders on and a door dated today (Oslo) not yet closed, after reminder_time, once a day, not after entering today''s door — and returns each with the door and a fresh participation token.';
revoke execute on function public.claim_calendar_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_calendar_reminders(timestamptz, integer) to service_role;

-- Security definer: the service role's job writes a participant column no grant covers.
create or replace function public.release_calendar_reminder(input_participant_id uuid, input_reminded_on date)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.calendar_participants set last_reminded_on = null
  where id = input_participant_id and last_reminded_on = input_reminded_on;
$$;

comment on function public.release_calendar_reminder(uuid, date) is
  'Service role: the reminder e-mail of that day could not be sent; the next run tries again.';
revoke execute on function public.release_calendar_reminder(uuid, date) from public, anon, authenticated;
grant execute on function public.release_calendar_reminder(uuid, date) to service_role;

-- The calendar-draws job: for every auto_draw calendar, each prize drawn by chance that has no draw
-- yet, once its door has closed (a grand prize: once the calendar has ended), by the calendars' clock
-- — never a caller's: a door's list is complete only when it really stops taking entries. Eligible:
-- the correct answers behind a quiz door, else every entry; earlier winners left out; as many winners
-- as the prize's quantity (at most 100). Winners stay pending until an owner or admin approves. A prize with
-- nobody eligible is skipped and looked at again next run. One run at a time (an advisory lock;
-- a second concurrent run returns nothing).
-- Security definer: commits and runs draws for the service role's job through the draw functions.
create or replace function public.run_calendar_auto_draws()
returns table (draw_id uuid, calendar_id uuid, door_id uuid, winners integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  draw public.calendar_draws;
begin
  if not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtextextended('calendar-auto-draws', 0)) then
    return;
  end if;
  for due in
    select c.id as cal_id, p.door_id as prize_door_id, p.id as prize_id, p.quantity, d.quiz_kind
    from public.calendars as c
    join public.calendar_prizes as p on p.calendar_id = c.id and p.drawn_by_chance
    left join public.calendar_doors as d on d.id = p.door_id
    where c.auto_draw
      and c.published_at is not null
      and not exists (select 1 from public.calendar_draws as x where x.prize_id = p.id)
      and case
        when p.door_id is null
          then (select max(x.closes_at) from public.calendar_doors as x where x.calendar_id = c.id) <= private.campaign_now()
        else d.closes_at <= private.campaign_now()
      end
    order by c.id, d.day_number nulls last, p.created_at
  loop
    begin
      draw := public.commit_calendar_draw(
        due.cal_id, due.prize_door_id, due.prize_id,
        case when due.quiz_kind is not null then 'correct' else 'all' end,
        true, least(due.quantity, 100)
      );
      perform public.run_calendar_draw(draw.id);
      draw_id := draw.id;
      calendar_id := due.cal_id;
      door_id := due.prize_door_id;
      winners := (select count(*)::integer from public.calendar_draw_winners as w where w.draw_id = draw.id);
      return next;
    exception when sqlstate 'P0001' then
      -- calendar-draw-no-entries (nobody eligible yet) and the like: nothing to draw now.
      null;
    end;
  end loop;
end;
$$;

comment on function public.run_calendar_auto_draws() is
  'Service role (calendar-draws job): commits and runs the draws of auto_draw calendars whose doors have closed (grand prizes after the end), by the database clock; winners pending. Returns the draws made.';
revoke execute on function public.run_calendar_auto_draws() from public, anon, authenticated;
grant execute on function public.run_calendar_auto_draws() to service_role;

-- The jobs (five-field cron, UTC), both runners read them (20261126090000_scheduled_jobs.sql).
insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('calendar-confirmations', '* * * * *', 'campaign-jobs', '{}',
   'Calendars: the confirmation e-mail with the participation link to every new participant.'),
  ('calendar-reminders', '*/5 * * * *', 'campaign-jobs', '{}',
   'Calendars: the daily reminder with today''s door to participants who opted in, after the calendar''s reminder time (Oslo).'),
  ('calendar-draws', '*/5 * * * *', 'campaign-jobs', '{}',
   'Calendars: the automatic draws of auto_draw calendars once a door closes (winners wait for approval).');

-- ============================================================================================
-- 6. A person's rights across the organization (the participation page, by token)
-- ============================================================================================

-- A person is an e-mail address within one organization: every calendar participant of the token's
-- organization with the token's address, and their one lead. Nothing of another organization is
-- read or changed. docs/campaign-engine.md «A person's rights» gives the lawful basis of each purpose.
-- The functions are security definers: the public has no access to participants, entries or leads,
-- and the token alone decides whose data a call reaches. The claim functions are the service role's.

-- The notices to buying organizations that the person behind a lead they bought asked the seller to
-- erase their data (GDPR art. 19). One per purchase; a job claims and sends them. A claim is a lease:
-- until sent_at is set, a notice whose run died before it could send or release it is claimed again.
create table private.lead_erasure_notices (
  purchase_id uuid primary key references public.leads_purchases (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  requested_at timestamptz not null default now(),
  claimed_at timestamptz null,
  sent_at timestamptz null
);

comment on table private.lead_erasure_notices is
  'Notices to a buying organization (organization_id) that the person behind a purchased lead asked for erasure: written by delete_participant, claimed by claim_lead_erasure_notices, sent_at set by mark_lead_erasure_notices_sent.';

create index lead_erasure_notices_organization_id_idx on private.lead_erasure_notices (organization_id);
create index lead_erasure_notices_unsent_idx on private.lead_erasure_notices (requested_at) where sent_at is null;

-- Everything the organization holds about the person, for the page and as the export (JSON; the page
-- makes CSV of it): their details, every calendar with its entries and the consents given there (the
-- exact texts, when), and their lead.
create or replace function public.participation(input_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person public.calendar_participants := private.calendar_participant_by_token(input_token);
begin
  return jsonb_build_object(
    'organization_name', (select o.name from public.organizations as o where o.id = person.organization_id),
    'email', person.email,
    'name', person.name,
    'phone', person.phone,
    'lead', (
      select jsonb_build_object('source', l.source, 'created_at', l.created_at,
                                'marketing_withdrawn_at', l.marketing_withdrawn_at)
      from public.leads as l where l.id = person.lead_id
    ),
    'campaigns', coalesce((
      select jsonb_agg(jsonb_build_object(
        'campaign_id', c.id,
        'kind', 'calendar',
        'name', c.name,
        'joined_at', p.created_at,
        'name_given', p.name,
        'phone_given', p.phone,
        'marketing_consent', p.marketing_consent,
        'reminders_opt_in', p.reminders_opt_in,
        'entries', coalesce((
          select jsonb_agg(jsonb_build_object(
            'item', d.day_number, 'answer', e.answer, 'is_correct', e.is_correct,
            'form_answers', e.form_answers, 'created_at', e.created_at
          ) order by d.day_number)
          from public.calendar_entries as e join public.calendar_doors as d on d.id = e.door_id
          where e.participant_id = p.id
        ), '[]'),
        'consents', coalesce((
          select jsonb_agg(jsonb_build_object(
            'purpose', k.purpose, 'text', t.body, 'given_at', k.given_at, 'withdrawn_at', k.withdrawn_at
          ) order by k.given_at, k.purpose)
          from public.consents as k
          join public.consent_texts as t on t.organization_id = k.organization_id and t.sha256 = k.text_sha256
          where k.participant_id = p.id
        ), '[]')
      ) order by p.created_at)
      from public.calendar_participants as p
      join public.calendars as c on c.id = p.calendar_id
      where p.organization_id = person.organization_id and p.email = person.email
    ), '[]')
  );
end;
$$;

comment on function public.participation(text) is
  'By participation token: everything the organization holds about the person (details, every calendar with entries and consents with their texts and times, the lead), also the export. participant-not-found (PT404) for a wrong or expired token.';
revoke execute on function public.participation(text) from public, anon, authenticated;
grant execute on function public.participation(text) to anon, authenticated, service_role;

-- Withdraws a consent by token: marketing (which includes the reminder e-mails, as they promote the
-- campaign) or reminders only, in one calendar or (campaign null) in all of the organization's. Marketing
-- withdrawn for the whole organization is kept on the lead, so that no public form turns it on again.
create or replace function public.withdraw_consent(input_token text, input_purpose text, input_campaign_id uuid default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  person public.calendar_participants := private.calendar_participant_by_token(input_token);
begin
  if input_purpose is null or input_purpose not in ('marketing', 'reminders') then
    -- A programming error of the page, not the person's: 400, not a catalogue message.
    raise exception using errcode = '22023', message = 'participant-purpose-invalid';
  end if;
  update public.calendar_participants as p
  set reminders_opt_in = false,
    marketing_consent = case when input_purpose = 'marketing' then false else p.marketing_consent end
  where p.organization_id = person.organization_id and p.email = person.email
    and (input_campaign_id is null or p.calendar_id = input_campaign_id);
  update public.consents as k set withdrawn_at = pg_catalog.now()
  where k.purpose = 'marketing' and input_purpose = 'marketing' and k.withdrawn_at is null
    and k.participant_id in (
      select p.id from public.calendar_participants as p
      where p.organization_id = person.organization_id and p.email = person.email
        and (input_campaign_id is null or p.calendar_id = input_campaign_id)
    );
  if input_purpose = 'marketing' and input_campaign_id is null then
    update public.leads as l set marketing_withdrawn_at = coalesce(l.marketing_withdrawn_at, pg_catalog.now())
    where l.id in (
      select p.lead_id from public.calendar_participants as p
      where p.organization_id = person.organization_id and p.email = person.email
    );
  end if;
end;
$$;

comment on function public.withdraw_consent(text, text, uuid) is
  'By participation token: withdraws marketing (with reminders) or reminders, in one calendar or all of the organization''s (campaign null; marketing is then remembered on the lead). participant-purpose-invalid (22023) for another purpose.';
revoke execute on function public.withdraw_consent(text, text, uuid) from public, anon, authenticated;
grant execute on function public.withdraw_consent(text, text, uuid) to anon, authenticated, service_role;

-- Deletes everything the organization holds about the person: every calendar participant with their
-- entries, tokens and wins (draws keep their record without the person), and their lead, unless the
-- organization has stated a lawful reason to keep it (retention_reason) or has sold it: a sold lead
-- stays as the buyers' purchase, each purchase is marked and its buyer is sent a notice (GDPR art. 19),
-- and its open listings are withdrawn.
create or replace function public.delete_participant(input_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  person public.calendar_participants := private.calendar_participant_by_token(input_token);
  lead_ids uuid[];
begin
  select coalesce(array_agg(distinct p.lead_id) filter (where p.lead_id is not null), '{}') into lead_ids
  from public.calendar_participants as p
  where p.organization_id = person.organization_id and p.email = person.email;

  delete from public.calendar_participants as p
  where p.organization_id = person.organization_id and p.email = person.email;

  update public.leads_purchases as b set erasure_requested_at = pg_catalog.now()
  where b.lead_id = any (lead_ids) and b.erasure_requested_at is null;
  insert into private.lead_erasure_notices (purchase_id, organization_id)
  select b.id, b.organization_id from public.leads_purchases as b
  where b.lead_id = any (lead_ids) and b.state = 'completed'
  on conflict (purchase_id) do nothing;
  update public.advertised_leads as a set status = 'withdrawn'
  where a.lead_id = any (lead_ids) and a.status in ('active', 'paused');

  delete from public.leads as l
  where l.id = any (lead_ids) and l.organization_id = person.organization_id and l.retention_reason is null
    and not exists (select 1 from public.leads_purchases as b where b.lead_id = l.id);
end;
$$;

comment on function public.delete_participant(text) is
  'By participation token: deletes the person''s data in the token''s organization (participants, entries, tokens, wins) and their lead unless a stated retention_reason or a sale keeps it; sold copies are marked (leads_purchases.erasure_requested_at) and each buyer gets a notice (claim_lead_erasure_notices).';
revoke execute on function public.delete_participant(text) from public, anon, authenticated;
grant execute on function public.delete_participant(text) to anon, authenticated, service_role;

-- The erasure notices to send (service role: the job that e-mails them): marks up to input_limit
-- claimed and returns each with the buyer's name, which lead it is (the lead, the listing's title and
-- marketplace, when it was bought) and the buyer's owners' and admins' addresses. Rows another run
-- holds are skipped; a claim not marked sent nor released within 15 minutes (far beyond a function's
-- run) is taken again, so a run that died loses no notice.
create or replace function public.claim_lead_erasure_notices(input_limit integer default 100)
returns table (
  purchase_id uuid, organization_id uuid, organization_name text, lead_id uuid, title text,
  marketplace_name text, purchased_at timestamptz, requested_at timestamptz, recipients text[]
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with claimed as (
    update private.lead_erasure_notices as n set claimed_at = pg_catalog.now()
    where n.purchase_id in (
      select x.purchase_id from private.lead_erasure_notices as x
      where x.sent_at is null
        and (x.claimed_at is null or x.claimed_at < pg_catalog.now() - interval '15 minutes')
      order by x.requested_at
      limit least(greatest(coalesce(input_limit, 100), 1), 1000)
      for update skip locked
    )
    returning n.purchase_id, n.organization_id, n.requested_at
  )
  select c.purchase_id, c.organization_id, o.name, b.lead_id, a.title, mp.name, b.completed_at, c.requested_at,
    array(
      select u.email::text from public.organizations_members as m join auth.users as u on u.id = m.member_id
      where m.organization_id = c.organization_id and m.role in ('owner', 'admin') and u.email is not null
      union
      select u.email::text from auth.users as u where u.id = o.owner_id and u.email is not null
    )
  from claimed as c
  join public.organizations as o on o.id = c.organization_id
  join public.leads_purchases as b on b.id = c.purchase_id
  join public.advertised_leads as a on a.id = b.advertised_lead_id
  join public.marketplaces as mp on mp.id = a.marketplace_id;
end;
$$;

comment on function public.claim_lead_erasure_notices(integer) is
  'Service role (the erasure-notice job): claims unsent notices that a purchased lead''s person asked for erasure, with the buyer, the lead, the listing''s title and marketplace, the purchase time and the buyer''s owner and admin addresses. release_lead_erasure_notice hands a failed one back.';
revoke execute on function public.claim_lead_erasure_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_lead_erasure_notices(integer) to service_role;

-- Security definer: the notices are in the private schema, which no API role reads.
create or replace function public.release_lead_erasure_notice(input_purchase_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.lead_erasure_notices as n set claimed_at = null where n.purchase_id = input_purchase_id;
$$;

comment on function public.release_lead_erasure_notice(uuid) is
  'Service role: hands back a claimed erasure notice whose e-mail failed, for the next run.';
revoke execute on function public.release_lead_erasure_notice(uuid) from public, anon, authenticated;
grant execute on function public.release_lead_erasure_notice(uuid) to service_role;

-- Security definer: as release_lead_erasure_notice. Only a claimed notice can be marked.
create or replace function public.mark_lead_erasure_notices_sent(input_purchase_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.lead_erasure_notices as n set sent_at = pg_catalog.now()
  where n.purchase_id = any (input_purchase_ids) and n.claimed_at is not null and n.sent_at is null;
$$;

comment on function public.mark_lead_erasure_notices_sent(uuid[]) is
  'Service role: marks claimed erasure notices as given (one of the buyer''s owners or admins got the e-mail); never claimed again.';
revoke execute on function public.mark_lead_erasure_notices_sent(uuid[]) from public, anon, authenticated;
grant execute on function public.mark_lead_erasure_notices_sent(uuid[]) to service_role;
