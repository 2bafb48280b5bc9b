-- The calendars' statistics, events and jobs, on the engine's tables (docs/calendars.md):
--
-- Sections: 1. options · 2. visits and shares · 3. statistics · 4. public media · 5. scheduled jobs
-- (confirmations, reminders, automatic draws)
--
-- - calendars gain auto_draw.
-- - public.record_calendar_event writes the engine's campaign_events (published calendars only, 120
--   a minute per IP address); members read.
-- - calendar_statistics and calendar_summaries: the editor's figures and the list's, members only.
-- - storage.objects: anyone may read (sign) a media file that an open door of a published calendar
--   shows, or that is a published calendar's background; nothing else of the bucket.
-- - The jobs of the edge function campaign-jobs claim their work through service-role functions, so
--   two runs never send the same e-mail or draw the same prize twice.

-- ============================================================================================
-- 1. Options
-- ============================================================================================

alter table public.calendars
  add column auto_draw boolean not null default false;

comment on column public.calendars.auto_draw is
  'True: the calendar-draws job commits and runs the draw of each closed door''s prizes drawn by chance, and of the grand prizes after the end; winners stay pending until an owner or admin approves.';

grant update (auto_draw) on public.calendars to authenticated;

-- ============================================================================================
-- 2. Visits and shares
-- ============================================================================================

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
  calendar public.calendars := (private.published_calendar(input_calendar_id)).calendar;
  door_id uuid;
begin
  perform private.check_public_rate('calendar-event', 120);
  if input_day_number is not null then
    select d.id into door_id from public.calendar_doors as d
    where d.calendar_id = calendar.id and d.day_number = input_day_number;
  end if;
  if input_kind is null or input_kind not in ('visit', 'share')
    or (input_visitor is not null and input_visitor !~ '^[A-Za-z0-9_-]{8,128}$')
    or (input_day_number is not null and door_id is null) then
    -- A programming error of the page, not the visitor's: 400, not a catalogue message.
    raise exception using errcode = '22023', message = 'calendar-event-invalid';
  end if;
  insert into public.campaign_events (campaign_id, organization_id, kind, item_id, visitor_hash)
  values (
    calendar.id, calendar.organization_id, input_kind, door_id,
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
  campaign public.campaigns;
  today date := (private.campaign_now() at time zone 'Europe/Oslo')::date;
begin
  select * into calendar from public.calendars as c where c.id = input_calendar_id;
  select * into campaign from public.campaigns as k where k.id = calendar.id;
  if calendar.id is null or not private.has_organization_role(calendar.organization_id) then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
  return (
    with events as (
      select e.kind, e.visitor_hash, (e.created_at at time zone 'Europe/Oslo')::date as day
      from public.campaign_events as e
      where e.campaign_id = calendar.id and e.organization_id = calendar.organization_id
    ),
    entries as (
      select e.item_id as door_id, e.is_correct, (e.created_at at time zone 'Europe/Oslo')::date as day
      from public.campaign_entries as e
      where e.campaign_id = calendar.id and e.organization_id = calendar.organization_id
    ),
    participants as (
      select exists (
          select 1 from public.consents as k
          where k.participant_id = r.participant_id and k.campaign_id = r.campaign_id
            and k.purpose = 'marketing' and k.withdrawn_at is null
        ) as marketing_consent
      from public.campaign_registrations as r
      where r.campaign_id = calendar.id and r.organization_id = calendar.organization_id
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
                    where l.campaign_id = calendar.id and l.organization_id = calendar.organization_id),
      'marketing_consent_rate', (
        select case when campaign.marketing_consent_text is not null and count(*) > 0
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
    (select count(*) from public.campaign_registrations as r
     where r.campaign_id = c.id and r.organization_id = c.organization_id),
    (select count(*) from public.campaign_entries as e
     where e.campaign_id = c.id and e.organization_id = c.organization_id),
    (select count(*) from public.campaign_entries as e
     where e.campaign_id = c.id and e.organization_id = c.organization_id
       and e.created_at >= private.oslo_day_start(t.today) and e.created_at < private.oslo_day_start(t.today + 1))
  from public.calendars as c
  join public.campaigns as k on k.id = c.id
  cross join (select (private.campaign_now() at time zone 'Europe/Oslo')::date as today) as t
  where c.organization_id = input_organization_id
    and private.has_organization_role(c.organization_id)
  order by k.created_at desc;
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

-- Claims up to input_limit registrations in published calendars whose confirmation e-mail has not
-- gone out, marks them sent and issues each a fresh participation token for the e-mail. Rows another
-- run holds are skipped, so concurrent runs never claim the same one. A failed e-mail is handed back
-- with release_calendar_confirmation.
-- Security definer: writes registrations and tokens for the service role's job, with row locks no
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
    select r.participant_id as person_id, r.campaign_id as cal_id, p.email, p.name, k.name as cal_name,
      o.name as org_name
    from public.campaign_registrations as r
    join public.campaigns as k on k.id = r.campaign_id and k.kind = 'calendar'
    join public.participants as p on p.id = r.participant_id
    join public.organizations as o on o.id = k.organization_id
    where r.confirmation_sent_at is null and k.published_at is not null
    order by r.created_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of r skip locked
  loop
    update public.campaign_registrations as x set confirmation_sent_at = pg_catalog.now()
    where x.campaign_id = due.cal_id and x.participant_id = due.person_id;
    participant_id := due.person_id;
    email := due.email;
    name := due.name;
    calendar_id := due.cal_id;
    calendar_name := due.cal_name;
    organization_name := due.org_name;
    token := public.issue_participant_token(due.person_id, due.cal_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_calendar_confirmations(integer) is
  'Service role (calendar-confirmations job): claims calendar registrations without a confirmation e-mail, marks them sent and returns each with a fresh participation token.';
revoke execute on function public.claim_calendar_confirmations(integer) from public, anon, authenticated;
grant execute on function public.claim_calendar_confirmations(integer) to service_role;

-- Security definer: the service role's job writes a registration column no grant covers.
create or replace function public.release_calendar_confirmation(input_participant_id uuid, input_calendar_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.campaign_registrations set confirmation_sent_at = null
  where participant_id = input_participant_id and campaign_id = input_calendar_id;
$$;

comment on function public.release_calendar_confirmation(uuid, uuid) is
  'Service role: the confirmation e-mail could not be sent; the next run tries again.';
revoke execute on function public.release_calendar_confirmation(uuid, uuid) from public, anon, authenticated;
grant execute on function public.release_calendar_confirmation(uuid, uuid) to service_role;

-- Claims up to input_limit reminders due at input_now (default: the calendars' clock): registrations
-- that opted in (and have not unsubscribed) of a published calendar with reminders on that has a door
-- dated today (Oslo) which has not closed — so the first door's reminder reaches pre-registered
-- people even before it opens — once the calendar's reminder_time (Oslo) has passed, at most once a
-- day, and not to someone who already entered today's door. Marks them reminded today and issues
-- each a fresh participation token for the unsubscribe link.
-- Security definer: writes registrations and tokens for the service role's job, with row locks no
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
    select r.participant_id as person_id, p.email, p.name, c.id as cal_id, k.name as cal_name, o.name as org_name,
      d.day_number as door_number, d.opens_at as door_opens
    from public.calendars as c
    join public.campaigns as k on k.id = c.id
    join public.organizations as o on o.id = c.organization_id
    join public.calendar_doors as d on d.calendar_id = c.id and d.opens_on = today
    join public.campaign_registrations as r on r.campaign_id = c.id and r.organization_id = c.organization_id
    join public.participants as p on p.id = r.participant_id
    where k.published_at is not null
      and k.reminders_enabled
      and private.oslo_moment(today, k.reminder_time) <= clock
      and d.closes_at > clock
      and r.reminders_opt_in
      -- Marketing withdrawn for the whole organization stops reminders from every calendar of it.
      and not exists (select 1 from public.leads as l where l.id = p.lead_id and l.marketing_withdrawn_at is not null)
      and (r.last_reminded_on is null or r.last_reminded_on < today)
      and not exists (select 1 from public.campaign_entries as e where e.participant_id = p.id and e.item_id = d.id)
    order by c.id, r.created_at
    limit least(greatest(coalesce(input_limit, 200), 1), 1000)
    for update of r skip locked
  loop
    update public.campaign_registrations as x set last_reminded_on = today
    where x.campaign_id = due.cal_id and x.participant_id = due.person_id;
    participant_id := due.person_id;
    email := due.email;
    name := due.name;
    calendar_id := due.cal_id;
    calendar_name := due.cal_name;
    organization_name := due.org_name;
    day_number := due.door_number;
    door_opens_at := due.door_opens;
    reminded_on := today;
    token := public.issue_participant_token(due.person_id, due.cal_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_calendar_reminders(timestamptz, integer) is
  'Service role (calendar-reminders job): claims the reminders due at input_now — opted-in registrations of published calendars with reminders on and a door dated today (Oslo) not yet closed, after reminder_time, once a day, not after entering today''s door — and returns each with the door and a fresh participation token.';
revoke execute on function public.claim_calendar_reminders(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_calendar_reminders(timestamptz, integer) to service_role;

-- Security definer: the service role's job writes a registration column no grant covers.
create or replace function public.release_calendar_reminder(input_participant_id uuid, input_calendar_id uuid, input_reminded_on date)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.campaign_registrations set last_reminded_on = null
  where participant_id = input_participant_id and campaign_id = input_calendar_id
    and last_reminded_on = input_reminded_on;
$$;

comment on function public.release_calendar_reminder(uuid, uuid, date) is
  'Service role: the reminder e-mail of that day could not be sent; the next run tries again.';
revoke execute on function public.release_calendar_reminder(uuid, uuid, date) from public, anon, authenticated;
grant execute on function public.release_calendar_reminder(uuid, uuid, date) to service_role;

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
  draw public.campaign_draws;
begin
  if not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtextextended('calendar-auto-draws', 0)) then
    return;
  end if;
  for due in
    select c.id as cal_id, p.item_id as prize_door_id, p.id as prize_id, p.quantity, d.quiz_kind
    from public.calendars as c
    join public.campaigns as k on k.id = c.id
    join public.campaign_prizes as p on p.campaign_id = c.id and p.drawn_by_chance
    left join public.calendar_doors as d on d.id = p.item_id
    where c.auto_draw
      and k.published_at is not null
      and not exists (select 1 from public.campaign_draws as x where x.prize_id = p.id)
      and case
        when p.item_id is null
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
      winners := (select count(*)::integer from public.campaign_draw_winners as w where w.draw_id = draw.id);
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
