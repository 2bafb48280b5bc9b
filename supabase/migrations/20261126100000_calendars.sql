-- Advent-style calendars, the first kind of campaign (docs/calendars.md).
--
-- A calendar is a campaign (public.campaigns, kind calendar: name, publication, texts, reminders,
-- design) with its own columns in public.calendars, 1:1 by id; its doors are the campaign's items
-- (public.campaign_items), and its participants, registrations, consents, entries, prizes, draws,
-- winners and events are the engine's tables (20261126095000_campaign_engine.sql), as are the clock,
-- the public write check and the e-mail and phone rules.
--
-- Sections: 2. tables · 3. door times and status · 4. media and lottery triggers ·
-- 5. row-level security and grants · 6. the door grid and winners · 7. entries, pre-registration
-- and the public pages' reads · 9. draws
--
-- - calendars, calendar_doors, calendar_door_secrets (quiz answer and voucher code, members only):
--   written by the organization's members; a door's item row is written by its trigger.
-- - Entries and pre-registrations: only public.submit_calendar_entry and
--   register_calendar_participant write them.
-- - Public pages read through calendar_public, calendar_public_door, calendar_door_slots and
--   calendar_public_winners: never a door before it opens, never an answer or voucher.
-- - Draws: only the draw functions write them; members read.
-- - Every «is it open» test compares with private.campaign_now(), which is now() outside tests.

-- ============================================================================================
-- 2. Tables
-- ============================================================================================

create table public.calendars (
  id uuid primary key,
  organization_id uuid not null,
  -- Ties the row to a campaign of kind calendar (calendars_campaign_fkey).
  kind text not null default 'calendar' check (kind = 'calendar'),
  -- Fixed-length templates have exactly their number of doors, one a day.
  template text not null check (template in ('advent-24', 'advent-25', 'twelve-days', 'daily', 'weekly', 'custom')),
  starts_on date not null,
  ends_on date not null,
  -- Oslo wall clock.
  door_time time not null default '08:00',
  lock_past_doors boolean not null default true,
  show_past_doors boolean not null default true,
  requires_purchase boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendars_period check (ends_on >= starts_on and ends_on - starts_on <= 366),
  constraint calendars_template_length check (
    case template
      when 'advent-24' then ends_on - starts_on = 23
      when 'advent-25' then ends_on - starts_on = 24
      when 'twelve-days' then ends_on - starts_on = 11
      when 'weekly' then (ends_on - starts_on) % 7 = 0
      else true
    end
  ),
  constraint calendars_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint calendars_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  -- Target of the children's (calendar_id, organization_id) foreign keys.
  constraint calendars_id_organization_id_key unique (id, organization_id)
);

comment on table public.calendars is
  'An advent-style calendar: the campaign (same id, kind calendar) whose doors open at door_time (Europe/Oslo) from starts_on to ends_on. Members manage it; the public reads it once its campaign is published.';
comment on column public.calendars.template is 'advent-24 (24 doors, 1–24 Dec), advent-25, twelve-days, daily and weekly (a door a day or a week from starts_on to ends_on) or custom (doors on the dates the members choose).';
comment on column public.calendars.door_time is 'When every door opens, Oslo wall clock.';
comment on column public.calendars.lock_past_doors is 'True: a door takes entries only until the next door opens. False: every opened door takes entries until the calendar ends.';
comment on column public.calendars.show_past_doors is 'False: a door''s content is hidden again from the public once it closes.';
comment on column public.calendars.requires_purchase is 'Entering requires a purchase. Refused together with prizes drawn by chance (lotteriloven): calendar-lottery-refused.';

create index calendars_organization_id_idx on public.calendars (organization_id);

create table public.calendar_doors (
  -- The door is a campaign item: calendar_doors_item writes the item with this id first.
  id uuid primary key default gen_random_uuid() references public.campaign_items (id) on delete cascade,
  calendar_id uuid not null,
  organization_id uuid not null,
  day_number integer not null check (day_number between 1 and 367),
  opens_on date not null,
  -- Written by the triggers below from the calendar's door_time in Europe/Oslo.
  opens_at timestamptz not null default 'infinity',
  closes_at timestamptz not null default 'infinity',
  title text null check (char_length(title) <= 200),
  body text null check (char_length(body) <= 20000),
  media_id uuid null,
  link_url text null check (link_url ~ '^https?://[^\s]+$' and char_length(link_url) <= 2000),
  link_label text null check (char_length(link_label) <= 100),
  quiz_kind text null check (quiz_kind in ('single', 'text')),
  quiz_question text null check (char_length(quiz_question) <= 1000),
  quiz_options text[] null check (cardinality(quiz_options) between 2 and 10),
  -- Extra questions of the entry form: [{"key": "city", "label": "By", "required": false}, …].
  form_fields jsonb not null default '[]' check (jsonb_typeof(form_fields) = 'array' and jsonb_array_length(form_fields) <= 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendar_doors_day_number_key unique (calendar_id, day_number),
  -- Deferrable: moving every door by a day is checked once the statement ends, not row by row.
  constraint calendar_doors_opens_on_key unique (calendar_id, opens_on) deferrable initially immediate,
  constraint calendar_doors_id_calendar_id_key unique (id, calendar_id),
  constraint calendar_doors_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade,
  constraint calendar_doors_media_fkey foreign key (media_id, organization_id)
    references public.organizations_media (id, organization_id),
  constraint calendar_doors_quiz check (
    (quiz_kind is null and quiz_options is null)
    or (quiz_kind = 'single' and quiz_question is not null and quiz_options is not null)
    or (quiz_kind = 'text' and quiz_question is not null and quiz_options is null)
  )
);

comment on table public.calendar_doors is
  'A door of a calendar: its day, when it opens and closes (opens_at, closes_at, written by triggers), and what it reveals. Members manage doors; the public reads a door of a published calendar from opens_at on, never earlier.';
comment on column public.calendar_doors.opens_at is 'opens_on at the calendar''s door_time, Europe/Oslo (private.oslo_moment). Written by triggers; do not set.';
comment on column public.calendar_doors.closes_at is 'Entries are taken until then: the next door''s opens_at (lock_past_doors) or the end of the calendar; the last door closes at the end of its day in Oslo.';
comment on column public.calendar_doors.id is 'The campaign item''s id (public.campaign_items, position = day_number): entries, prizes, draws, events and leads point at the item.';
comment on column public.calendar_doors.media_id is 'An image or video of the library; recorded in media_usages (kind calendar-door) so it cannot be deleted while used.';

create index calendar_doors_organization_id_idx on public.calendar_doors (organization_id);
create index calendar_doors_calendar_id_organization_id_idx on public.calendar_doors (calendar_id, organization_id);
create index calendar_doors_media_id_idx on public.calendar_doors (media_id, organization_id) where media_id is not null;

-- Kept apart from the door so that no policy or column grant can ever hand them to the public: the
-- door's row is public once it opens, these never are (submit_calendar_entry reads them).
create table public.calendar_door_secrets (
  door_id uuid primary key references public.calendar_doors (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  quiz_answer text null check (char_length(quiz_answer) between 1 and 1000),
  voucher_code text null check (char_length(voucher_code) between 1 and 200),
  updated_at timestamptz not null default now()
);

comment on table public.calendar_door_secrets is
  'A door''s correct quiz answer and voucher code: members only; submit_calendar_entry checks the answer and reveals the voucher after an entry.';
comment on column public.calendar_door_secrets.quiz_answer is 'single: one of the door''s quiz_options; text: compared ignoring case and surrounding spaces.';

create index calendar_door_secrets_organization_id_idx on public.calendar_door_secrets (organization_id);

create trigger calendars_set_updated_at before update on public.calendars
  for each row execute function private.set_updated_at();
create trigger calendar_doors_set_updated_at before update on public.calendar_doors
  for each row execute function private.set_updated_at();
create trigger calendar_door_secrets_set_updated_at before update on public.calendar_door_secrets
  for each row execute function private.set_updated_at();

-- Every door is an item of the calendar's campaign, with the door's id and its day number as position;
-- deleting the door deletes the item (and what points at it). Security definer: members have no
-- write access to campaign_items.
create or replace function private.calendar_doors_item()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.campaign_items (id, campaign_id, organization_id, position)
    values (new.id, new.calendar_id, new.organization_id, new.day_number);
    return new;
  end if;
  delete from public.campaign_items as i where i.id = old.id;
  return null;
end;
$$;

comment on function private.calendar_doors_item() is
  'Trigger: a door''s campaign item (same id, position = day number) is written before the door and deleted after it.';
revoke execute on function private.calendar_doors_item() from public, anon, authenticated;

create trigger calendar_doors_item_insert before insert on public.calendar_doors
  for each row execute function private.calendar_doors_item();
create trigger calendar_doors_item_delete after delete on public.calendar_doors
  for each row execute function private.calendar_doors_item();

-- Deleting the calendar deletes its campaign (and with it the engine's rows); deleting the campaign
-- deletes the calendar. Security definer: members may delete calendars but not every engine row.
create or replace function private.calendars_delete_campaign()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.campaigns as c where c.id = old.id;
  return null;
end;
$$;

comment on function private.calendars_delete_campaign() is
  'Trigger: a deleted calendar takes its campaign with it.';
revoke execute on function private.calendars_delete_campaign() from public, anon, authenticated;

create trigger calendars_delete_campaign after delete on public.calendars
  for each row execute function private.calendars_delete_campaign();

-- ============================================================================================
-- 3. Door times and status
-- ============================================================================================

-- Every door's opens_at and closes_at from the calendar's door_time, dates and lock_past_doors. A
-- door closes when the next opens (lock_past_doors) or when the calendar ends; the calendar ends at
-- the end of its last door's day in Oslo. Security definer: runs from triggers of either table,
-- whoever saves.
create or replace function private.calendar_recompute_doors(calendar_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
begin
  select * into calendar from public.calendars as c where c.id = calendar_recompute_doors.calendar_id;
  if not found then
    return;
  end if;
  update public.calendar_doors as d
  set opens_at = t.opens_at, closes_at = t.closes_at
  from (
    select
      x.id,
      x.opens_at,
      case
        when calendar.lock_past_doors and x.next_opens_at is not null then x.next_opens_at
        else x.calendar_ends_at
      end as closes_at
    from (
      select
        d2.id,
        private.oslo_moment(d2.opens_on, calendar.door_time) as opens_at,
        lead(private.oslo_moment(d2.opens_on, calendar.door_time)) over (order by d2.opens_on) as next_opens_at,
        private.oslo_moment(max(d2.opens_on) over () + 1, '00:00') as calendar_ends_at
      from public.calendar_doors as d2
      where d2.calendar_id = calendar.id
    ) as x
  ) as t
  where d.id = t.id
    and (d.opens_at is distinct from t.opens_at or d.closes_at is distinct from t.closes_at);
end;
$$;

comment on function private.calendar_recompute_doors(uuid) is
  'Writes opens_at and closes_at of every door of a calendar from its door_time (Europe/Oslo), dates and lock_past_doors.';
revoke execute on function private.calendar_recompute_doors(uuid) from public, anon, authenticated;

-- The doors of a fixed template follow its dates: one a day (a week for weekly) from starts_on to
-- ends_on. Missing doors are added, doors past the end removed (refused with
-- calendar-door-has-entries once they have entries: cascade would delete them, so they are checked
-- first), dates moved. A custom calendar's doors stay, but must lie within its dates.
create or replace function private.calendar_sync_template_doors(calendar public.calendars)
returns void
language plpgsql
set search_path = ''
as $$
declare
  step integer := case calendar.template when 'weekly' then 7 else 1 end;
  doors_count integer := (calendar.ends_on - calendar.starts_on) / step + 1;
begin
  if calendar.template = 'custom' then
    if exists (
      select 1 from public.calendar_doors as d
      where d.calendar_id = calendar.id and d.opens_on not between calendar.starts_on and calendar.ends_on
    ) then
      raise exception using errcode = 'P0001', message = 'calendar-door-outside-period';
    end if;
    return;
  end if;
  if exists (
    select 1 from public.campaign_entries as e
    join public.calendar_doors as d on d.id = e.item_id
    where d.calendar_id = calendar.id and d.day_number > doors_count
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-door-has-entries';
  end if;
  delete from public.calendar_doors as d where d.calendar_id = calendar.id and d.day_number > doors_count;
  update public.calendar_doors as d
  set opens_on = calendar.starts_on + (d.day_number - 1) * step
  where d.calendar_id = calendar.id
    and d.opens_on <> calendar.starts_on + (d.day_number - 1) * step;
  insert into public.calendar_doors (calendar_id, organization_id, day_number, opens_on)
  select calendar.id, calendar.organization_id, n, calendar.starts_on + (n - 1) * step
  from generate_series(1, doors_count) as n
  on conflict (calendar_id, day_number) do nothing;
end;
$$;

comment on function private.calendar_sync_template_doors(public.calendars) is
  'Adds, moves and removes the doors of a fixed-template calendar so there is one per day (week) from starts_on to ends_on; custom calendars are left alone.';
revoke execute on function private.calendar_sync_template_doors(public.calendars) from public, anon, authenticated;

-- Security definer: the private helpers it calls are not granted to members.
create or replace function private.calendars_after_save()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.calendar_sync_template_doors(new);
  perform private.calendar_recompute_doors(new.id);
  return null;
end;
$$;

comment on function private.calendars_after_save() is
  'Trigger: keeps a calendar''s doors (template days, opens_at, closes_at) in step with its dates, door_time and lock_past_doors.';
revoke execute on function private.calendars_after_save() from public, anon, authenticated;

create trigger calendars_after_insert
  after insert on public.calendars
  for each row execute function private.calendars_after_save();

create trigger calendars_after_update
  after update of template, starts_on, ends_on, door_time, lock_past_doors on public.calendars
  for each row
  when (
    old.template is distinct from new.template or old.starts_on is distinct from new.starts_on
    or old.ends_on is distinct from new.ends_on or old.door_time is distinct from new.door_time
    or old.lock_past_doors is distinct from new.lock_past_doors
  )
  execute function private.calendars_after_save();

-- A door lies within its calendar's period. Its organization and calendar never change (no update
-- grant on them), nor do opens_at and closes_at (no update grant; calendar_recompute_doors writes
-- them after every insert).
-- Security definer: it reads the calendar's period, whichever role saves the door.
create or replace function private.calendar_doors_before_save()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
begin
  select * into calendar from public.calendars as c where c.id = new.calendar_id;
  if new.opens_on not between calendar.starts_on and calendar.ends_on then
    raise exception using errcode = 'P0001', message = 'calendar-door-outside-period';
  end if;
  return new;
end;
$$;

comment on function private.calendar_doors_before_save() is
  'Trigger: refuses a door dated outside its calendar''s period (calendar-door-outside-period).';
revoke execute on function private.calendar_doors_before_save() from public, anon, authenticated;

create trigger calendar_doors_before_save
  before insert or update of opens_on on public.calendar_doors
  for each row execute function private.calendar_doors_before_save();

-- Security definer: the private helpers it calls are not granted to members.
create or replace function private.calendar_doors_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.calendar_recompute_doors(coalesce(new.calendar_id, old.calendar_id));
  return null;
end;
$$;

comment on function private.calendar_doors_after_change() is
  'Trigger: recomputes the opening and closing moments of a calendar''s doors after a door is added, moved or removed.';
revoke execute on function private.calendar_doors_after_change() from public, anon, authenticated;

create trigger calendar_doors_after_insert_or_delete
  after insert or delete on public.calendar_doors
  for each row execute function private.calendar_doors_after_change();

create trigger calendar_doors_after_move
  after update of opens_on on public.calendar_doors
  for each row
  when (old.opens_on is distinct from new.opens_on)
  execute function private.calendar_doors_after_change();

-- The API's computed column (`select=*,calendar_status` on calendars): draft, scheduled (published,
-- first door not yet open), live, ended (last door closed). Security definer: a visitor must not see
-- future doors, but their times are public (calendar_door_slots). Reads the stored calendar, not the
-- row passed in, so a made-up row learns nothing about a draft of another organization (null).
create or replace function public.calendar_status(calendar public.calendars)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when k.published_at is null then 'draft'
    when coalesce(min(d.opens_at), 'infinity') > private.campaign_now() then 'scheduled'
    when max(d.closes_at) <= private.campaign_now() then 'ended'
    else 'live'
  end
  from public.calendars as c
  join public.campaigns as k on k.id = c.id
  left join public.calendar_doors as d on d.calendar_id = c.id
  where c.id = calendar.id
    and (k.published_at is not null or private.has_organization_role(c.organization_id))
  group by c.id, k.published_at;
$$;

comment on function public.calendar_status(public.calendars) is
  'Computed column of calendars (select=*,calendar_status): draft, scheduled, live or ended, by the campaign''s published_at and the doors'' moments against campaign_now(); null for another organization''s draft.';
revoke execute on function public.calendar_status(public.calendars) from public, anon, authenticated;
grant execute on function public.calendar_status(public.calendars) to anon, authenticated, service_role;

-- ============================================================================================
-- 4. Media usages and the lottery-law guard
-- ============================================================================================

-- A media item named in a campaign's design, if it is one of the campaign's organization's.
create or replace function private.campaign_design_media_id(campaign public.campaigns)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when campaign.design ->> 'background_media_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (campaign.design ->> 'background_media_id')::uuid
  end;
$$;

comment on function private.campaign_design_media_id(public.campaigns) is
  'The design''s background_media_id as a uuid, or null when absent or not a uuid.';
revoke execute on function private.campaign_design_media_id(public.campaigns) from public, anon, authenticated;

-- Every library item a calendar shows is recorded in media_usages, so the library refuses to delete
-- it (23503), with when the public may see it: a door's from its opening (once the calendar is
-- published) until it closes when show_past_doors is off, the background while the calendar is
-- published. private.media_object_is_public reads only these rows. Security definer: members have no
-- write access to media_usages.
create or replace function private.calendar_doors_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.media_id is not null then
    delete from public.media_usages as u
    where u.kind = 'calendar-door' and u.ref_id = old.id and u.media_id = old.media_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.media_id is not null then
    insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from, public_until)
    select new.media_id, new.organization_id, 'calendar-door', new.id, left(k.name, 180) || ' – luke ' || new.day_number,
      case when k.published_at is not null then new.opens_at end,
      case when not c.show_past_doors then new.closes_at end
    from public.calendars as c join public.campaigns as k on k.id = c.id
    where c.id = new.calendar_id
    on conflict (media_id, kind, ref_id) do nothing;
  end if;
  return null;
end;
$$;

comment on function private.calendar_doors_record_media() is
  'Trigger: keeps the media_usages row (kind calendar-door) of a door''s image or video, with when the public may see it.';
revoke execute on function private.calendar_doors_record_media() from public, anon, authenticated;

create trigger calendar_doors_record_media
  after insert or delete or update of media_id, opens_at, closes_at on public.calendar_doors
  for each row execute function private.calendar_doors_record_media();

-- The calendar's side of the same rows: publishing, unpublishing, renaming or show_past_doors moves
-- its doors' public windows and labels; the design's background is a usage of its own (kind
-- calendar-background), kept only for an item of the calendar's own organization. Called by the
-- triggers of both tables, as the campaign holds name, publication and design and the calendar
-- show_past_doors. Security definer: members have no write access to media_usages.
create or replace function private.calendar_record_media(calendar_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
  campaign public.campaigns;
begin
  delete from public.media_usages as u where u.kind = 'calendar-background' and u.ref_id = calendar_record_media.calendar_id;
  select * into calendar from public.calendars as c where c.id = calendar_record_media.calendar_id;
  select * into campaign from public.campaigns as k where k.id = calendar_record_media.calendar_id;
  if calendar.id is null or campaign.id is null then
    return;
  end if;
  update public.media_usages as u
  set public_from = case when campaign.published_at is not null then d.opens_at end,
    public_until = case when not calendar.show_past_doors then d.closes_at end,
    label = left(campaign.name, 180) || ' – luke ' || d.day_number
  from public.calendar_doors as d
  where u.kind = 'calendar-door' and u.ref_id = d.id and d.calendar_id = calendar.id;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select m.id, m.organization_id, 'calendar-background', calendar.id, left(campaign.name, 180) || ' – bakgrunn',
    case when campaign.published_at is not null then '-infinity'::timestamptz end
  from public.organizations_media as m
  where m.id = private.campaign_design_media_id(campaign) and m.organization_id = calendar.organization_id;
end;
$$;

comment on function private.calendar_record_media(uuid) is
  'The public windows and labels of a calendar''s door usages and its background''s media_usages row (kind calendar-background), from the calendar and its campaign.';
revoke execute on function private.calendar_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.calendars_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.calendar_record_media(coalesce(new.id, old.id));
  return null;
end;
$$;

comment on function private.calendars_record_media() is
  'Trigger of calendars and of calendar campaigns: private.calendar_record_media after a save or delete.';
revoke execute on function private.calendars_record_media() from public, anon, authenticated;

create trigger calendars_record_media
  after insert or delete or update of show_past_doors on public.calendars
  for each row execute function private.calendars_record_media();

create trigger calendar_campaigns_record_media
  after update of name, published_at, design on public.campaigns
  for each row when (new.kind = 'calendar')
  execute function private.calendars_record_media();

-- Lotteriloven: a lottery (prizes by chance) may not require a purchase to enter without a licence.
-- Security definer: called from the triggers of calendars and prizes, it reads both tables whoever
-- saves.
create or replace function private.calendar_check_lottery(calendar_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.calendars as c
    join public.campaigns as k on k.id = c.id
    where c.id = calendar_check_lottery.calendar_id
      and k.published_at is not null
      and c.requires_purchase
      and exists (select 1 from public.campaign_prizes as p where p.campaign_id = c.id and p.drawn_by_chance)
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-lottery-refused';
  end if;
end;
$$;

comment on function private.calendar_check_lottery(uuid) is
  'Raises calendar-lottery-refused when a published calendar requires a purchase and has a prize drawn by chance (lotteriloven).';
revoke execute on function private.calendar_check_lottery(uuid) from public, anon, authenticated;

-- Security definer: the private helpers it calls are not granted to members.
create or replace function private.calendar_lottery_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.calendar_check_lottery(new.campaign_id);
  return null;
end;
$$;

comment on function private.calendar_lottery_guard() is
  'Trigger: the lottery-law check after a prize is added or changed (a no-op for campaigns that are not calendars).';
revoke execute on function private.calendar_lottery_guard() from public, anon, authenticated;

-- Security definer: the private helpers it calls are not granted to members.
create or replace function private.calendars_lottery_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.calendar_check_lottery(new.id);
  return null;
end;
$$;

comment on function private.calendars_lottery_guard() is
  'Trigger: the lottery-law check after a calendar or its campaign is saved.';
revoke execute on function private.calendars_lottery_guard() from public, anon, authenticated;

create trigger calendars_lottery_guard
  after insert or update on public.calendars
  for each row when (new.requires_purchase)
  execute function private.calendars_lottery_guard();

create trigger calendar_campaigns_lottery_guard
  after update of published_at on public.campaigns
  for each row when (new.kind = 'calendar' and new.published_at is not null)
  execute function private.calendars_lottery_guard();

create trigger calendar_prizes_lottery_guard
  after insert or update on public.campaign_prizes
  for each row when (new.drawn_by_chance)
  execute function private.calendar_lottery_guard();

-- The secrets row names its door's organization.
-- Security definer: it reads the door's organization, whichever role saves the secret.
create or replace function private.calendar_door_secrets_organization()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organization_id := (select d.organization_id from public.calendar_doors as d where d.id = new.door_id);
  return new;
end;
$$;

comment on function private.calendar_door_secrets_organization() is
  'Trigger: a door''s secrets belong to the door''s organization, whatever the client sends.';
revoke execute on function private.calendar_door_secrets_organization() from public, anon, authenticated;

create trigger calendar_door_secrets_organization
  before insert or update on public.calendar_door_secrets
  for each row execute function private.calendar_door_secrets_organization();

-- ============================================================================================
-- 5. Row-level security and grants
-- ============================================================================================

-- A door's content is public from its opening moment (and, with show_past_doors off, until it
-- closes) when its calendar is published. Security definer: anon cannot read unpublished calendars.
create or replace function private.calendar_door_is_public(calendar_id uuid, opens_at timestamptz, closes_at timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.calendars as c
    join public.campaigns as k on k.id = c.id
    where c.id = calendar_door_is_public.calendar_id
      and k.published_at is not null
      and calendar_door_is_public.opens_at <= private.campaign_now()
      and (c.show_past_doors or private.campaign_now() < calendar_door_is_public.closes_at)
  );
$$;

comment on function private.calendar_door_is_public(uuid, timestamptz, timestamptz) is
  'True when a door with these moments is readable by the public: its calendar is published, it has opened, and it is not a closed door hidden by show_past_doors off.';
revoke execute on function private.calendar_door_is_public(uuid, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.calendar_door_is_public(uuid, timestamptz, timestamptz) to anon, authenticated, service_role;

alter table public.calendars enable row level security;
alter table public.calendar_doors enable row level security;
alter table public.calendar_door_secrets enable row level security;

revoke all on public.calendars, public.calendar_doors, public.calendar_door_secrets from anon, authenticated;

grant select on public.calendars, public.calendar_doors to anon;
grant select, insert, delete on public.calendars, public.calendar_doors, public.calendar_door_secrets to authenticated;
grant update (template, starts_on, ends_on, door_time, lock_past_doors, show_past_doors, requires_purchase)
  on public.calendars to authenticated;
grant update (opens_on, title, body, media_id, link_url, link_label, quiz_kind, quiz_question, quiz_options, form_fields)
  on public.calendar_doors to authenticated;
grant update (quiz_answer, voucher_code) on public.calendar_door_secrets to authenticated;

-- Whether a calendar's campaign is published. Security definer: the public cannot read campaigns.
create or replace function private.calendar_is_published(calendar_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.campaigns as k where k.id = calendar_is_published.calendar_id and k.published_at is not null
  );
$$;

comment on function private.calendar_is_published(uuid) is 'True when the calendar''s campaign is published.';
revoke execute on function private.calendar_is_published(uuid) from public, anon, authenticated;
grant execute on function private.calendar_is_published(uuid) to anon, authenticated, service_role;

-- Reading: one policy per role (the public's rule, and for signed-in users the members' rule too),
-- so no row is checked by two permissive policies.

-- calendars
create policy "Members can read their organization's calendars, anyone the published ones"
on public.calendars for select to authenticated
using (private.has_organization_role(organization_id) or private.calendar_is_published(id));

create policy "Visitors can read published calendars"
on public.calendars for select to anon
using (private.calendar_is_published(id));

create policy "Members can create calendars for their organization"
on public.calendars for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's calendars"
on public.calendars for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's calendars"
on public.calendars for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

-- calendar_doors
create policy "Members can read their organization's calendar doors, anyone the opened ones"
on public.calendar_doors for select to authenticated
using (
  private.has_organization_role(organization_id)
  or private.calendar_door_is_public(calendar_id, opens_at, closes_at)
);

create policy "Visitors can read the opened doors of published calendars"
on public.calendar_doors for select to anon
using (private.calendar_door_is_public(calendar_id, opens_at, closes_at));

create policy "Members can add doors to their organization's calendars"
on public.calendar_doors for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's calendar doors"
on public.calendar_doors for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's calendar doors"
on public.calendar_doors for delete to authenticated
using (private.has_organization_role(organization_id));

-- calendar_door_secrets: members only, never the public.
create policy "Members can read their organization's door secrets"
on public.calendar_door_secrets for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add door secrets"
on public.calendar_door_secrets for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's door secrets"
on public.calendar_door_secrets for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's door secrets"
on public.calendar_door_secrets for delete to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 6. The door grid and the winners
-- ============================================================================================

-- The door grid of a published calendar: every door's number and times, no content, so the page can
-- draw locked doors and count down. Security definer: future doors' rows are not readable.
create or replace function public.calendar_door_slots(input_calendar_id uuid)
returns table (day_number integer, opens_on date, opens_at timestamptz, closes_at timestamptz, state text)
language sql
stable
security definer
set search_path = ''
as $$
  select
    d.day_number,
    d.opens_on,
    d.opens_at,
    d.closes_at,
    case
      when d.opens_at > private.campaign_now() then 'locked'
      when private.campaign_now() < d.closes_at then 'open'
      else 'closed'
    end
  from public.calendars as c
  join public.campaigns as k on k.id = c.id
  join public.calendar_doors as d on d.calendar_id = c.id
  where c.id = input_calendar_id
    and (k.published_at is not null or private.has_organization_role(c.organization_id))
  order by d.day_number;
$$;

comment on function public.calendar_door_slots(uuid) is
  'The door grid of a published calendar (or, for members, a draft): day number, opening and closing moments and state locked, open or closed; never a door''s content.';
revoke execute on function public.calendar_door_slots(uuid) from public, anon, authenticated;
grant execute on function public.calendar_door_slots(uuid) to anon, authenticated, service_role;

-- Approved winners of a published calendar, once announced: a door's the next day at the door time
-- (Oslo), the grand prize's when the calendar has ended. First name and initial only.
-- Security definer: the public cannot read draws, winners or participants; this returns only the
-- announced first names and initials.
create or replace function public.calendar_public_winners(input_calendar_id uuid)
returns table (day_number integer, prize_name text, winner_name text, announced_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select d.day_number, p.name, private.first_name_and_initial(pa.name), a.announced_at
  from public.campaign_draw_winners as w
  join public.campaign_draws as dr on dr.id = w.draw_id
  join public.calendars as c on c.id = dr.campaign_id
  join public.campaigns as k on k.id = c.id
  join public.campaign_prizes as p on p.id = dr.prize_id
  join public.participants as pa on pa.id = w.participant_id
  left join public.calendar_doors as d on d.id = dr.item_id
  cross join lateral (
    select case
      when d.id is not null then private.oslo_moment(d.opens_on + 1, c.door_time)
      else (select max(x.closes_at) from public.calendar_doors as x where x.calendar_id = c.id)
    end as announced_at
  ) as a
  where c.id = input_calendar_id
    and k.published_at is not null
    and w.status = 'approved'
    and a.announced_at <= private.campaign_now()
  order by d.day_number nulls last, w.rank;
$$;

comment on function public.calendar_public_winners(uuid) is
  'The announced, approved winners of a published calendar (first name and initial): a door''s from the next day''s door time, the grand prize''s after the calendar ends.';
revoke execute on function public.calendar_public_winners(uuid) from public, anon, authenticated;
grant execute on function public.calendar_public_winners(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 7. Entries, pre-registration and the public pages' reads
-- ============================================================================================

-- Whether an answer to the door's quiz is right; null when the door has no quiz.
create or replace function private.calendar_answer_is_correct(door public.calendar_doors, answer text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  correct text := (select s.quiz_answer from public.calendar_door_secrets as s where s.door_id = door.id);
begin
  if door.quiz_kind is null then
    return null;
  end if;
  if nullif(btrim(answer), '') is null then
    raise exception using errcode = 'P0001', message = 'calendar-answer-required';
  end if;
  if door.quiz_kind = 'single' then
    if not answer = any (door.quiz_options) then
      raise exception using errcode = 'P0001', message = 'calendar-answer-invalid';
    end if;
    return answer = correct;
  end if;
  return lower(btrim(answer)) = lower(btrim(correct));
end;
$$;

comment on function private.calendar_answer_is_correct(public.calendar_doors, text) is
  'Whether an answer to a door''s quiz is right (single: the exact option; text: ignoring case and surrounding spaces); null without a quiz. Raises calendar-answer-required / calendar-answer-invalid.';
revoke execute on function private.calendar_answer_is_correct(public.calendar_doors, text) from public, anon, authenticated;

-- A published calendar by id with its campaign, or calendar-not-found (PT404).
create or replace function private.published_calendar(calendar_id uuid, out calendar public.calendars, out campaign public.campaigns)
language plpgsql
stable
set search_path = ''
as $$
begin
  select * into campaign from public.campaigns as k
  where k.id = published_calendar.calendar_id and k.kind = 'calendar' and k.published_at is not null;
  select * into calendar from public.calendars as c where c.id = campaign.id;
  if calendar.id is null then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
end;
$$;

comment on function private.published_calendar(uuid) is
  'The published calendar with this id and its campaign; raises calendar-not-found (PT404) for a draft or an unknown id.';
revoke execute on function private.published_calendar(uuid) from public, anon, authenticated;

-- The one way to enter. Security definer: the public has no write access to participants or
-- entries, and the quiz answer and voucher are never readable by the caller.
create or replace function public.submit_calendar_entry(
  input_calendar_id uuid,
  input_day_number integer,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_honeypot text default null,
  input_name text default null,
  input_phone text default null,
  input_answer text default null,
  input_form_answers jsonb default '{}',
  input_marketing_consent boolean default false,
  input_reminders_opt_in boolean default false
)
returns table (outcome text, is_correct boolean, voucher_code text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := private.campaign_now();
  published record := private.published_calendar(input_calendar_id);
  campaign public.campaigns := published.campaign;
  door public.calendar_doors;
  ip text := private.request_client_ip();
  correct boolean;
  participant public.participants;
  given record;
  entry_id uuid;
begin
  select * into door from public.calendar_doors as d where d.calendar_id = campaign.id and d.day_number = input_day_number;
  if not found or door.opens_at > clock then
    -- A future door is as unknown as a missing one.
    raise exception using errcode = 'PT404', message = 'calendar-door-not-found';
  end if;
  if clock >= door.closes_at then
    raise exception using errcode = 'P0001', message = 'calendar-door-closed';
  end if;
  participant := private.upsert_participant(
    campaign, 'calendar-entry', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, input_reminders_opt_in
  );
  if input_form_answers is null or jsonb_typeof(input_form_answers) <> 'object' then
    raise exception using errcode = 'P0001', message = 'calendar-answer-invalid';
  end if;
  correct := private.calendar_answer_is_correct(door, input_answer);
  given := private.record_entry_consents(campaign, participant, input_marketing_consent);

  insert into public.campaign_entries (
    campaign_id, organization_id, item_id, participant_id, answer, is_correct, form_answers,
    consent_id, marketing_consent_id, ip_hash
  )
  values (
    campaign.id, campaign.organization_id, door.id, participant.id, nullif(btrim(input_answer), ''), correct,
    input_form_answers, given.consent_id, given.marketing_consent_id,
    case when ip <> 'unknown' then encode(sha256(convert_to(ip, 'UTF8')), 'hex') end
  )
  on conflict (participant_id, item_id) do nothing
  returning id into entry_id;

  -- A second entry for the door changes nothing and answers as the first did for a new address: this
  -- answer's result and the door's voucher (which any new address gets too), never the stored answer,
  -- so that the reply tells no one whether an address takes part or what it answered.
  if entry_id is not null then
    perform private.upsert_lead_for(participant, campaign.id, door.id);
  end if;

  return query
  select 'entered'::text, correct, (select s.voucher_code from public.calendar_door_secrets as s where s.door_id = door.id);
end;
$$;

comment on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean) is
  'Enters a published calendar''s open door: the engine''s participant write (consent, honeypot, time trap, 30 a minute per IP, e-mail and phone rules), quiz checked in the database; one entry per person and door (a repeat changes nothing and answers alike); the person becomes or keeps one participant and one lead of the organization. Returns the outcome (entered), whether this answer is right and the door''s voucher code.';
revoke execute on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean)
  to anon, authenticated, service_role;

-- Pre-registration on the countdown page: the same checks as an entry, the participant and their
-- registration, consents and lead, no entry. Open while the calendar is published and has not ended.
-- Security definer: the public has no write access to participants or leads.
create or replace function public.register_calendar_participant(
  input_calendar_id uuid,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_honeypot text default null,
  input_name text default null,
  input_phone text default null,
  input_marketing_consent boolean default false,
  input_reminders_opt_in boolean default false
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  published record := private.published_calendar(input_calendar_id);
  campaign public.campaigns := published.campaign;
  participant public.participants;
begin
  if public.calendar_status(published.calendar) = 'ended' then
    raise exception using errcode = 'P0001', message = 'calendar-ended';
  end if;
  participant := private.upsert_participant(
    campaign, 'calendar-entry', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, input_reminders_opt_in
  );
  perform private.record_entry_consents(campaign, participant, input_marketing_consent);
  perform private.upsert_lead_for(participant, campaign.id);
  -- A known address answers as a new one does.
  return 'registered';
end;
$$;

comment on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean) is
  'Pre-registration before (or during) a published calendar: the engine''s participant write, the consents given and the lead; registered (a known address too, its details unchanged); calendar-ended after the last door.';
revoke execute on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  to anon, authenticated, service_role;

-- The background of a published campaign's public pages, as calendar_public_door gives a door's item:
-- type, the object paths of its public renditions (signed through the public-media function: the web
-- size or poster, the thumbnail, a video's MP4 and WebM), alt text and size.
-- Security definer: the public cannot read the media library's rows.
create or replace function private.campaign_public_background(campaign public.campaigns)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'type', m.type, 'path', m.url, 'thumbnail_path', m.thumbnail_path, 'mp4_path', m.url_mp4,
    'webm_path', m.url_webm, 'alt_text', m.alt_text, 'width', m.width, 'height', m.height
  )
  from public.organizations_media as m
  where m.id = private.campaign_design_media_id(campaign)
    and m.organization_id = campaign.organization_id;
$$;

comment on function private.campaign_public_background(public.campaigns) is
  'The public pages'' background: the design''s background_media_id item of the same organization (type, paths, alt text, size), or null.';
revoke execute on function private.campaign_public_background(public.campaigns) from public, anon, authenticated;

-- What a public page needs in one call: the calendar's public fields, the clock (so countdowns and the
-- preview agree with the database), the door grid and the announced winners.
-- Security definer: the public reads only what this returns, never the calendar's rows or drafts.
create or replace function public.calendar_public(input_calendar_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  published record := private.published_calendar(input_calendar_id);
  calendar public.calendars := published.calendar;
  campaign public.campaigns := published.campaign;
begin
  return jsonb_build_object(
    'id', calendar.id,
    'name', campaign.name,
    'template', calendar.template,
    'starts_on', calendar.starts_on,
    'ends_on', calendar.ends_on,
    'door_time', calendar.door_time,
    'status', public.calendar_status(calendar),
    'now', private.campaign_now(),
    'lock_past_doors', calendar.lock_past_doors,
    'show_past_doors', calendar.show_past_doors,
    'rules_text', campaign.rules_text,
    'consent_text', campaign.consent_text,
    'marketing_consent_text', campaign.marketing_consent_text,
    'reminders_enabled', campaign.reminders_enabled,
    'design', campaign.design,
    'background', private.campaign_public_background(campaign),
    'doors', (select coalesce(jsonb_agg(to_jsonb(s) order by s.day_number), '[]')
              from public.calendar_door_slots(calendar.id) as s),
    'winners', (select coalesce(jsonb_agg(to_jsonb(w)), '[]')
                from public.calendar_public_winners(calendar.id) as w),
    'has_draws', exists (select 1 from public.campaign_draws as d where d.campaign_id = calendar.id)
  );
end;
$$;

comment on function public.calendar_public(uuid) is
  'A published calendar for its public pages: public fields, status, the database clock, the door grid (calendar_door_slots), announced winners and whether any draw exists; calendar-not-found (PT404) otherwise.';
revoke execute on function public.calendar_public(uuid) from public, anon, authenticated;
grant execute on function public.calendar_public(uuid) to anon, authenticated, service_role;

-- One door's content for the public page, only once the public may read it (the same rule as the
-- table's policy); the library item's path and alt text so the page's signing step can sign it.
-- Security definer: the public cannot read doors before they open nor the library's rows.
create or replace function public.calendar_public_door(input_calendar_id uuid, input_day_number integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  published record := private.published_calendar(input_calendar_id);
  door public.calendar_doors;
begin
  select * into door from public.calendar_doors as d
  where d.calendar_id = (published.calendar).id and d.day_number = input_day_number;
  if not found or not private.calendar_door_is_public(door.calendar_id, door.opens_at, door.closes_at) then
    raise exception using errcode = 'PT404', message = 'calendar-door-not-found';
  end if;
  return jsonb_build_object(
    'day_number', door.day_number,
    'opens_at', door.opens_at,
    'closes_at', door.closes_at,
    'open', private.campaign_now() < door.closes_at,
    'title', door.title,
    'body', door.body,
    'media', (select jsonb_build_object('type', m.type, 'path', m.url, 'thumbnail_path', m.thumbnail_path,
                                        'mp4_path', m.url_mp4, 'webm_path', m.url_webm,
                                        'alt_text', m.alt_text, 'width', m.width, 'height', m.height)
              from public.organizations_media as m where m.id = door.media_id),
    'link_url', door.link_url,
    'link_label', door.link_label,
    'quiz_kind', door.quiz_kind,
    'quiz_question', door.quiz_question,
    'quiz_options', door.quiz_options,
    'form_fields', door.form_fields,
    'prizes', (select coalesce(jsonb_agg(jsonb_build_object('name', p.name, 'description', p.description) order by p.created_at), '[]')
               from public.campaign_prizes as p where p.item_id = door.id)
  );
end;
$$;

comment on function public.calendar_public_door(uuid, integer) is
  'One opened door of a published calendar for the public (never its answer or voucher); calendar-door-not-found (PT404) before it opens.';
revoke execute on function public.calendar_public_door(uuid, integer) from public, anon, authenticated;
grant execute on function public.calendar_public_door(uuid, integer) to anon, authenticated, service_role;

-- ============================================================================================
-- 9. Draws
-- ============================================================================================

-- A member's draw (or, for the automatic draws, the service role's: private.campaign_may_draw), with
-- its calendar: raises calendar-draw-not-found (PT404) for anyone else.
create or replace function private.calendar_draw_for_member(draw_id uuid)
returns public.campaign_draws
language plpgsql
volatile
set search_path = ''
as $$
declare
  draw public.campaign_draws;
begin
  select * into draw from public.campaign_draws as d where d.id = draw_id for update;
  if not found or not private.campaign_may_draw(draw.organization_id) then
    raise exception using errcode = 'PT404', message = 'calendar-draw-not-found';
  end if;
  return draw;
end;
$$;

comment on function private.calendar_draw_for_member(uuid) is
  'Locks and returns a draw the caller may decide (owners and admins of its organization, the service role: campaign_may_draw); calendar-draw-not-found (PT404) otherwise.';
revoke execute on function private.calendar_draw_for_member(uuid) from public, anon, authenticated;

-- Security definer: no role writes draws directly; campaign_may_draw decides who may.
create or replace function public.commit_calendar_draw(
  input_calendar_id uuid,
  input_door_id uuid,
  input_prize_id uuid,
  input_eligibility text,
  input_exclude_previous_winners boolean,
  input_winners_count integer
)
returns public.campaign_draws
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
  ids uuid[];
  draw public.campaign_draws;
begin
  select * into calendar from public.calendars as c where c.id = input_calendar_id;
  if not found or not private.campaign_may_draw(calendar.organization_id) then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
  if not exists (
    select 1 from public.campaign_prizes as p
    where p.id = input_prize_id and p.campaign_id = calendar.id and p.item_id is not distinct from input_door_id
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-prize-mismatch';
  end if;
  if exists (select 1 from public.campaign_draws as d where d.prize_id = input_prize_id) then
    raise exception using errcode = 'P0001', message = 'calendar-prize-already-drawn';
  end if;
  -- A door's list is complete only once it stops taking entries.
  if input_door_id is not null and exists (
    select 1 from public.calendar_doors as d where d.id = input_door_id and d.closes_at > private.campaign_now()
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-door-still-open';
  end if;

  select coalesce(array_agg(e.id order by e.id::text), '{}') into ids
  from public.campaign_entries as e
  where e.campaign_id = calendar.id
    and (input_door_id is null or e.item_id = input_door_id)
    and (input_eligibility = 'all' or e.is_correct)
    and not (coalesce(input_exclude_previous_winners, false) and exists (
      select 1 from public.campaign_draw_winners as w
      where w.campaign_id = calendar.id and w.participant_id = e.participant_id and w.status <> 'rejected'
    ));
  if cardinality(ids) = 0 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-no-entries';
  end if;

  insert into public.campaign_draws (
    campaign_id, organization_id, item_id, prize_id, eligibility, exclude_previous_winners, winners_count,
    entry_ids, entries_sha256, committed_at
  )
  values (
    calendar.id, calendar.organization_id, input_door_id, input_prize_id, input_eligibility,
    coalesce(input_exclude_previous_winners, false), input_winners_count, ids,
    private.draw_entries_sha256(ids), pg_catalog.clock_timestamp()
  )
  returning * into draw;
  return draw;
end;
$$;

comment on function public.commit_calendar_draw(uuid, uuid, uuid, text, boolean, integer) is
  'Owners and admins: commits (once per prize, calendar-prize-already-drawn) the eligible entries of a closed door (or of the whole calendar for a grand prize) — all or only correct answers, optionally without earlier winners — as a sorted id list and its SHA-256, before any seed exists.';
revoke execute on function public.commit_calendar_draw(uuid, uuid, uuid, text, boolean, integer) from public, anon, authenticated;
grant execute on function public.commit_calendar_draw(uuid, uuid, uuid, text, boolean, integer) to authenticated, service_role;

-- Adds the next `how_many` entries of the draw's ranking that are not yet among its winners.
create or replace function private.calendar_draw_next_winners(draw public.campaign_draws, how_many integer, added_as text)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  added integer;
begin
  with ranking as (
    select id as entry_id,
      row_number() over (order by sha256(convert_to(draw.seed_hex || ':' || id::text, 'UTF8'))) as rank
    from unnest(draw.entry_ids) as id
  )
  insert into public.campaign_draw_winners (draw_id, campaign_id, organization_id, entry_id, participant_id, rank, added_as)
  select draw.id, draw.campaign_id, draw.organization_id, r.entry_id, e.participant_id, r.rank, added_as
  from ranking as r
  join public.campaign_entries as e on e.id = r.entry_id
  where not exists (select 1 from public.campaign_draw_winners as w where w.draw_id = draw.id and w.entry_id = r.entry_id)
    and r.rank > coalesce((select max(w.rank) from public.campaign_draw_winners as w where w.draw_id = draw.id), 0)
  order by r.rank
  limit how_many;
  get diagnostics added = row_count;
  if added = 0 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-exhausted';
  end if;
  return added;
end;
$$;

comment on function private.calendar_draw_next_winners(public.campaign_draws, integer, text) is
  'Adds the next entries of a draw''s ranking (sha256(seed_hex || '':'' || entry_id) ascending) as pending winners; calendar-draw-exhausted when none is left.';
revoke execute on function private.calendar_draw_next_winners(public.campaign_draws, integer, text) from public, anon, authenticated;

-- Security definer: no role writes draws or winners directly; calendar_draw_for_member decides who
-- may.
create or replace function public.run_calendar_draw(input_draw_id uuid)
returns setof public.campaign_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  draw public.campaign_draws := private.calendar_draw_for_member(input_draw_id);
begin
  if draw.seed_hex is not null then
    raise exception using errcode = 'P0001', message = 'calendar-draw-already-run';
  end if;
  update public.campaign_draws as d
  set seed_hex = encode(extensions.gen_random_bytes(32), 'hex'), drawn_at = pg_catalog.clock_timestamp()
  where d.id = draw.id
  returning * into draw;
  perform private.calendar_draw_next_winners(draw, draw.winners_count, 'draw');
  return query select * from public.campaign_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.run_calendar_draw(uuid) is
  'Owners and admins: draws a committed draw once — a 32-byte random seed, entries ranked by sha256(seed_hex || '':'' || entry_id), the first winners_count become pending winners.';
revoke execute on function public.run_calendar_draw(uuid) from public, anon, authenticated;
grant execute on function public.run_calendar_draw(uuid) to authenticated, service_role;

-- Security definer: no role writes winners directly; calendar_draw_for_member decides who may.
create or replace function public.decide_calendar_winner(input_winner_id uuid, input_approve boolean, input_reason text default null)
returns setof public.campaign_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  winner public.campaign_draw_winners;
  draw public.campaign_draws;
begin
  select * into winner from public.campaign_draw_winners as w where w.id = input_winner_id;
  draw := private.calendar_draw_for_member(winner.draw_id);
  if winner.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'calendar-winner-decided';
  end if;
  if not input_approve and coalesce(char_length(btrim(input_reason)), 0) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'calendar-winner-reason-required';
  end if;
  update public.campaign_draw_winners as w
  set status = case when input_approve then 'approved' else 'rejected' end, decided_at = pg_catalog.now(),
    reason = case when not input_approve then btrim(input_reason) end
  where w.id = winner.id;
  -- A rejected winner is replaced by the next in the ranking (a redraw), recorded as a replacement.
  if not input_approve then
    perform private.calendar_draw_next_winners(draw, 1, 'replacement');
  end if;
  return query select * from public.campaign_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.decide_calendar_winner(uuid, boolean, text) is
  'Owners and admins: approves a pending winner, or rejects them with a reason (calendar-winner-reason-required) and adds the next entry of the ranking (a replacement). Returns the draw''s winners.';
revoke execute on function public.decide_calendar_winner(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.decide_calendar_winner(uuid, boolean, text) to authenticated, service_role;

-- Security definer: no role writes winners directly; calendar_draw_for_member decides who may.
create or replace function public.draw_more_calendar_winners(input_draw_id uuid, input_count integer)
returns setof public.campaign_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  draw public.campaign_draws := private.calendar_draw_for_member(input_draw_id);
begin
  if draw.seed_hex is null then
    raise exception using errcode = 'P0001', message = 'calendar-draw-not-run';
  end if;
  if input_count is null or input_count not between 1 and 100 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-count-invalid';
  end if;
  perform private.calendar_draw_next_winners(draw, input_count, 'more');
  return query select * from public.campaign_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.draw_more_calendar_winners(uuid, integer) is
  'Owners and admins: adds the next input_count entries of a run draw''s ranking as pending winners.';
revoke execute on function public.draw_more_calendar_winners(uuid, integer) from public, anon, authenticated;
grant execute on function public.draw_more_calendar_winners(uuid, integer) to authenticated, service_role;

-- Anyone can check a published calendar's draws: per draw, the committed list and its hash with the
-- commit time, the seed drawn after it, and every winner in ranking order with how they were added
-- and why a rejected one was rejected. With the recipe of docs/calendars.md «Draws», the ranking can
-- be recomputed; a second draw of a prize cannot exist (campaign_draws_prize_key), and a replacement
-- shows as one. Entry ids only: no names or addresses. Security definer: the public cannot read draws.
create or replace function public.calendar_draw_verification(input_calendar_id uuid)
returns table (
  draw_id uuid,
  day_number integer,
  prize_name text,
  eligibility text,
  exclude_previous_winners boolean,
  winners_count integer,
  entry_ids uuid[],
  entries_sha256 text,
  committed_at timestamptz,
  seed_hex text,
  drawn_at timestamptz,
  winners jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select dr.id, d.day_number, p.name, dr.eligibility, dr.exclude_previous_winners, dr.winners_count,
    dr.entry_ids, dr.entries_sha256, dr.committed_at, dr.seed_hex, dr.drawn_at,
    coalesce((
      select jsonb_agg(jsonb_build_object(
        'rank', w.rank, 'entry_id', w.entry_id, 'status', w.status,
        'added_as', w.added_as, 'reason', w.reason
      ) order by w.rank)
      from public.campaign_draw_winners as w where w.draw_id = dr.id
    ), '[]')
  from public.campaign_draws as dr
  join public.calendars as c on c.id = dr.campaign_id
  join public.campaign_prizes as p on p.id = dr.prize_id
  left join public.calendar_doors as d on d.id = dr.item_id
  where c.id = input_calendar_id and private.calendar_is_published(c.id)
  order by dr.committed_at;
$$;

comment on function public.calendar_draw_verification(uuid) is
  'Anyone: a published calendar''s draws for checking — committed entry ids, their SHA-256 and commit time, the seed and draw time, and the winners by rank with added_as (draw, replacement, more), status and rejection reason.';
revoke execute on function public.calendar_draw_verification(uuid) from public, anon, authenticated;
grant execute on function public.calendar_draw_verification(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 10. Creating a calendar
-- ============================================================================================

-- A new draft calendar: its campaign and its own row in one transaction, so no half-made calendar is
-- left behind when the period is refused. Security invoker: the tables' policies decide who may.
create or replace function public.create_calendar(
  input_organization_id uuid,
  input_name text,
  input_template text,
  input_starts_on date,
  input_ends_on date,
  input_door_time time
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  insert into public.campaigns (organization_id, kind, name)
  values (input_organization_id, 'calendar', input_name)
  returning id into new_id;
  insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time)
  values (new_id, input_organization_id, input_template, input_starts_on, input_ends_on, input_door_time);
  return new_id;
end;
$$;

comment on function public.create_calendar(uuid, text, text, date, date, time) is
  'Members: creates a draft calendar (its campaign and calendar row together; the doors of a fixed template follow) and returns its id.';
revoke execute on function public.create_calendar(uuid, text, text, date, date, time) from public, anon, authenticated;
grant execute on function public.create_calendar(uuid, text, text, date, date, time) to authenticated, service_role;
