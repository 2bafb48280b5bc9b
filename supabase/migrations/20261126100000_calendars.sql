-- Advent-style calendars, the first campaign of the marketing tools (docs/calendars.md).
--
-- The clock, the public write check and the e-mail and phone rules are the campaign engine's
-- (20261126095000_campaign_engine.sql).
--
-- Sections: 2. tables · 3. door times and status · 4. media and lottery triggers ·
-- 5. row-level security and grants · 6. the door grid and winners · 7. entries, pre-registration
-- and the public pages' reads · 8. participants' own data · 9. draws
--
-- - calendars, calendar_doors, calendar_door_secrets (quiz answer and voucher code, members only),
--   calendar_prizes: written by the organization's members.
-- - calendar_participants, calendar_entries: written only by public.submit_calendar_entry (and
--   register_calendar_participant, the countdown page's pre-registration); members read.
-- - Public pages read through calendar_public, calendar_public_door, calendar_door_slots and
--   calendar_public_winners: never a door before it opens, never an answer or voucher.
-- - calendar_draws, calendar_draw_winners: written only by the draw functions; members read.
-- - Every «is it open» test compares with private.campaign_now(), which is now() outside tests.

-- ============================================================================================
-- 2. Tables
-- ============================================================================================

create table public.calendars (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  -- Fixed-length templates have exactly their number of doors, one a day.
  template text not null check (template in ('advent-24', 'advent-25', 'twelve-days', 'daily', 'weekly', 'custom')),
  starts_on date not null,
  ends_on date not null,
  -- Oslo wall clock.
  door_time time not null default '08:00',
  published_at timestamptz null,
  lock_past_doors boolean not null default true,
  show_past_doors boolean not null default true,
  requires_purchase boolean not null default false,
  rules_text text null check (char_length(rules_text) <= 20000),
  consent_text text null check (char_length(consent_text) <= 2000),
  marketing_consent_text text null check (char_length(btrim(marketing_consent_text)) between 1 and 2000),
  reminder_time time not null default '08:00',
  design jsonb not null default '{}' check (jsonb_typeof(design) = 'object' and pg_column_size(design) <= 65536),
  created_by uuid null default auth.uid() references auth.users (id) on delete set null,
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
  -- The participants consent to this text; there is nothing to consent to before it is written.
  constraint calendars_consent_before_publish check (
    published_at is null or coalesce(char_length(btrim(consent_text)), 0) > 0
  ),
  -- Target of the children's (calendar_id, organization_id) foreign keys.
  constraint calendars_id_organization_id_key unique (id, organization_id)
);

comment on table public.calendars is
  'An advent-style calendar of an organization: doors opening at door_time (Europe/Oslo) from starts_on to ends_on. Members manage it; the public reads it once published (published_at set).';
comment on column public.calendars.template is 'advent-24 (24 doors, 1–24 Dec), advent-25, twelve-days, daily and weekly (a door a day or a week from starts_on to ends_on) or custom (doors on the dates the members choose).';
comment on column public.calendars.door_time is 'When every door opens, Oslo wall clock.';
comment on column public.calendars.published_at is 'Null: a draft. Set: public; scheduled before the first door opens, live until the last closes, then ended (public.calendar_status).';
comment on column public.calendars.lock_past_doors is 'True: a door takes entries only until the next door opens. False: every opened door takes entries until the calendar ends.';
comment on column public.calendars.show_past_doors is 'False: a door''s content is hidden again from the public once it closes.';
comment on column public.calendars.requires_purchase is 'Entering requires a purchase. Refused together with prizes drawn by chance (lotteriloven): calendar-lottery-refused.';
comment on column public.calendars.consent_text is 'The consent every participant gives, stored with each entry; required before publishing.';
comment on column public.calendars.marketing_consent_text is 'The optional, separate consent to marketing; null: not asked.';
comment on column public.calendars.reminder_time is 'When the daily reminder e-mail goes out, Oslo wall clock.';
comment on column public.calendars.design is 'Colours, background and layout of the public pages (the editor''s format).';

create index calendars_organization_id_created_at_idx on public.calendars (organization_id, created_at desc);
create index calendars_created_by_idx on public.calendars (created_by);

create table public.calendar_doors (
  id uuid primary key default gen_random_uuid(),
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

create table public.calendar_prizes (
  id uuid primary key default gen_random_uuid(),
  calendar_id uuid not null,
  organization_id uuid not null,
  -- Null: a grand prize, drawn among every entry of the calendar.
  door_id uuid null,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  description text null check (char_length(description) <= 2000),
  value_ore integer null check (value_ore >= 0),
  quantity integer not null default 1 check (quantity between 1 and 1000),
  drawn_by_chance boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendar_prizes_id_calendar_id_key unique (id, calendar_id),
  constraint calendar_prizes_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade,
  constraint calendar_prizes_door_fkey foreign key (door_id, calendar_id)
    references public.calendar_doors (id, calendar_id) on delete cascade
);

comment on table public.calendar_prizes is
  'A prize of a door (door_id) or the grand prize (door_id null). Members manage; the public reads the prizes of a published calendar''s open doors and its grand prizes.';
comment on column public.calendar_prizes.drawn_by_chance is 'False for prizes given by merit (a jury, the best answer); true ones are a lottery when entering requires a purchase.';

create index calendar_prizes_calendar_id_idx on public.calendar_prizes (calendar_id, organization_id);
create index calendar_prizes_organization_id_idx on public.calendar_prizes (organization_id);
create index calendar_prizes_door_id_idx on public.calendar_prizes (door_id, calendar_id);

create table public.calendar_participants (
  id uuid primary key default gen_random_uuid(),
  calendar_id uuid not null,
  organization_id uuid not null,
  email text not null check (private.is_valid_email(email)),
  name text null check (char_length(btrim(name)) between 1 and 200),
  phone text null check (phone = private.valid_phone(phone)),
  marketing_consent boolean not null default false,
  reminders_opt_in boolean not null default false,
  lead_id uuid null references public.leads (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendar_participants_email_key unique (calendar_id, email),
  constraint calendar_participants_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade
);

comment on table public.calendar_participants is
  'A person taking part in a calendar (one per e-mail and calendar). Written by submit_calendar_entry; members read; the person reads, unsubscribes and deletes through the participation token.';

create index calendar_participants_organization_id_idx on public.calendar_participants (organization_id);
create index calendar_participants_calendar_id_organization_id_idx on public.calendar_participants (calendar_id, organization_id);
create index calendar_participants_lead_id_idx on public.calendar_participants (lead_id);

-- The engine's consents name the calendars' participants until the engine has its own.
alter table public.consents
  add constraint consents_participant_fkey foreign key (participant_id)
    references public.calendar_participants (id) on delete cascade;

-- The participation page's links: one token per e-mail sent, so an older e-mail's link (its one-click
-- unsubscribe above all) keeps working after a newer e-mail. Only a token's SHA-256 is kept; the token
-- itself is only in the e-mail. In the private schema: no API role reads it, the token functions do.
create table private.calendar_participant_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  participant_id uuid not null references public.calendar_participants (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

comment on table private.calendar_participant_tokens is
  'Participation links: SHA-256 of each token an e-mail carried, valid until expires_at (180 days); deleted with the participant.';

create index calendar_participant_tokens_participant_id_idx on private.calendar_participant_tokens (participant_id);

create table public.calendar_entries (
  id uuid primary key default gen_random_uuid(),
  calendar_id uuid not null,
  organization_id uuid not null,
  door_id uuid not null,
  participant_id uuid not null references public.calendar_participants (id) on delete cascade,
  answer text null check (char_length(answer) <= 1000),
  -- Null when the door has no quiz.
  is_correct boolean null,
  form_answers jsonb not null default '{}' check (jsonb_typeof(form_answers) = 'object' and pg_column_size(form_answers) <= 8192),
  -- The consents the entry was made under (the exact texts are the consents'; the calendar's texts may
  -- change later): taking part, and marketing when the person ticked it.
  consent_id uuid not null references public.consents (id) on delete cascade,
  marketing_consent_id uuid null references public.consents (id) on delete cascade,
  marketing_consent boolean not null generated always as (marketing_consent_id is not null) stored,
  -- Hex SHA-256 of the caller's IP address: spots abuse without keeping the address.
  ip_hash text null check (ip_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  constraint calendar_entries_participant_door_key unique (participant_id, door_id),
  constraint calendar_entries_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade,
  constraint calendar_entries_door_fkey foreign key (door_id, calendar_id)
    references public.calendar_doors (id, calendar_id) on delete cascade
);

comment on table public.calendar_entries is
  'One entry of a participant behind one door (at most one), pointing at the consents it was made under. Written only by submit_calendar_entry; members read.';

create index calendar_entries_door_id_idx on public.calendar_entries (door_id, calendar_id);
create index calendar_entries_calendar_id_created_at_idx on public.calendar_entries (calendar_id, organization_id, created_at);
create index calendar_entries_organization_id_idx on public.calendar_entries (organization_id);
create index calendar_entries_consent_id_idx on public.calendar_entries (consent_id);
create index calendar_entries_marketing_consent_id_idx on public.calendar_entries (marketing_consent_id);

create table public.calendar_draws (
  id uuid primary key default gen_random_uuid(),
  calendar_id uuid not null,
  organization_id uuid not null,
  door_id uuid null,
  prize_id uuid not null,
  eligibility text not null check (eligibility in ('all', 'correct')),
  exclude_previous_winners boolean not null,
  winners_count integer not null check (winners_count between 1 and 100),
  -- The committed list, sorted; entries_sha256 is the SHA-256 of these ids (lower-case uuid text)
  -- joined by a line feed, UTF-8, no final line feed.
  entry_ids uuid[] not null,
  entries_sha256 text not null check (entries_sha256 ~ '^[0-9a-f]{64}$'),
  committed_at timestamptz not null default now(),
  committed_by uuid null default auth.uid() references auth.users (id) on delete set null,
  -- 32 random bytes, hex, drawn after the commit; entries rank by sha256(seed_hex || ':' || entry_id).
  seed_hex text null check (seed_hex ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz null,
  constraint calendar_draws_seed_with_time check ((seed_hex is null) = (drawn_at is null)),
  -- One draw per prize: a second commit could otherwise be run until a chosen entry wins.
  constraint calendar_draws_prize_key unique (prize_id, calendar_id),
  constraint calendar_draws_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade,
  constraint calendar_draws_door_fkey foreign key (door_id, calendar_id)
    references public.calendar_doors (id, calendar_id) on delete cascade,
  constraint calendar_draws_prize_fkey foreign key (prize_id, calendar_id)
    references public.calendar_prizes (id, calendar_id) on delete cascade
);

comment on table public.calendar_draws is
  'A verifiable draw: the eligible entries are committed (entry_ids, entries_sha256) before the random seed is drawn; anyone can rank the entries by sha256(seed_hex || '':'' || entry_id) again. Written by the draw functions; members read.';

create index calendar_draws_calendar_id_idx on public.calendar_draws (calendar_id, organization_id);
create index calendar_draws_organization_id_idx on public.calendar_draws (organization_id);
create index calendar_draws_door_id_idx on public.calendar_draws (door_id, calendar_id);
create index calendar_draws_committed_by_idx on public.calendar_draws (committed_by);

create table public.calendar_draw_winners (
  id uuid primary key default gen_random_uuid(),
  draw_id uuid not null references public.calendar_draws (id) on delete cascade,
  calendar_id uuid not null,
  organization_id uuid not null,
  -- Null once the person has deleted their data: the draw's record (rank, status, reason) stays.
  entry_id uuid null references public.calendar_entries (id) on delete set null,
  participant_id uuid null references public.calendar_participants (id) on delete set null,
  -- Position in the draw's ranking (1 = the lowest hash).
  rank integer not null check (rank >= 1),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_at timestamptz null,
  -- draw: among the first winners_count; replacement: drawn because a winner was rejected; more:
  -- added by draw_more_calendar_winners.
  added_as text not null default 'draw' check (added_as in ('draw', 'replacement', 'more')),
  -- Why the winner was rejected, as the member gave it.
  reason text null check (char_length(btrim(reason)) between 1 and 500),
  constraint calendar_draw_winners_rejected_with_reason check (status <> 'rejected' or reason is not null),
  created_at timestamptz not null default now(),
  constraint calendar_draw_winners_entry_key unique (draw_id, entry_id),
  constraint calendar_draw_winners_rank_key unique (draw_id, rank),
  constraint calendar_draw_winners_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete cascade
);

comment on table public.calendar_draw_winners is
  'The entries a draw picked, in ranking order; pending until an owner or admin approves or rejects with a reason (a rejection is replaced by the next in the ranking, added_as replacement). Append-only: rows stay while the calendar does. Approved winners are announced the next day.';

create index calendar_draw_winners_calendar_id_idx on public.calendar_draw_winners (calendar_id, organization_id);
create index calendar_draw_winners_organization_id_idx on public.calendar_draw_winners (organization_id);
create index calendar_draw_winners_entry_id_idx on public.calendar_draw_winners (entry_id);
create index calendar_draw_winners_participant_id_idx on public.calendar_draw_winners (participant_id);

-- Which calendar and door brought the lead in (the first, for a person who was already a lead). The
-- keys name the lead's own organization and the calendar's own door; deleting the calendar or door
-- clears only these columns.
alter table public.leads
  add column calendar_id uuid null,
  add column calendar_door_id uuid null,
  add constraint leads_calendar_fkey foreign key (calendar_id, organization_id)
    references public.calendars (id, organization_id) on delete set null (calendar_id),
  add constraint leads_calendar_door_fkey foreign key (calendar_door_id, calendar_id)
    references public.calendar_doors (id, calendar_id) on delete set null (calendar_door_id);

comment on column public.leads.calendar_id is 'The calendar the lead came from (source calendar), or null.';
comment on column public.leads.calendar_door_id is 'The door of that calendar the person first entered, or null.';

create index leads_calendar_id_idx on public.leads (calendar_id, organization_id);
create index leads_calendar_door_id_idx on public.leads (calendar_door_id, calendar_id);

create trigger calendars_set_updated_at before update on public.calendars
  for each row execute function private.set_updated_at();
create trigger calendar_doors_set_updated_at before update on public.calendar_doors
  for each row execute function private.set_updated_at();
create trigger calendar_door_secrets_set_updated_at before update on public.calendar_door_secrets
  for each row execute function private.set_updated_at();
create trigger calendar_prizes_set_updated_at before update on public.calendar_prizes
  for each row execute function private.set_updated_at();
create trigger calendar_participants_set_updated_at before update on public.calendar_participants
  for each row execute function private.set_updated_at();

-- Draws are the record of who won and why, so they are append-only: a committed draw, its winners
-- and its prize stay as long as the calendar does (deleting the whole calendar removes them, and
-- only owners and admins may). Otherwise deleting a prize or door would erase a redraw's trace.
create or replace function private.calendar_draws_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.calendars as c where c.id = old.calendar_id) then
    return old;
  end if;
  if tg_table_name = 'calendar_prizes' then
    if exists (select 1 from public.calendar_draws as d where d.prize_id = old.id) then
      raise exception using errcode = 'P0001', message = 'calendar-prize-drawn';
    end if;
    return old;
  end if;
  raise exception using errcode = 'P0001', message = 'calendar-draw-append-only';
end;
$$;

comment on function private.calendar_draws_append_only() is
  'Trigger: refuses deleting a draw or winner (calendar-draw-append-only) or a drawn prize (calendar-prize-drawn) while the calendar exists.';
revoke execute on function private.calendar_draws_append_only() from public, anon, authenticated;

create trigger calendar_prizes_keep_drawn before delete on public.calendar_prizes
  for each row execute function private.calendar_draws_append_only();
create trigger calendar_draws_append_only before delete on public.calendar_draws
  for each row execute function private.calendar_draws_append_only();
create trigger calendar_draw_winners_append_only before delete on public.calendar_draw_winners
  for each row execute function private.calendar_draws_append_only();

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
    select 1 from public.calendar_entries as e
    join public.calendar_doors as d on d.id = e.door_id
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
    when c.published_at is null then 'draft'
    when coalesce(min(d.opens_at), 'infinity') > private.campaign_now() then 'scheduled'
    when max(d.closes_at) <= private.campaign_now() then 'ended'
    else 'live'
  end
  from public.calendars as c
  left join public.calendar_doors as d on d.calendar_id = c.id
  where c.id = calendar.id
    and (c.published_at is not null or private.has_organization_role(c.organization_id))
  group by c.id, c.published_at;
$$;

comment on function public.calendar_status(public.calendars) is
  'Computed column of calendars (select=*,calendar_status): draft, scheduled, live or ended, by published_at and the doors'' moments against campaign_now(); null for another organization''s draft.';
revoke execute on function public.calendar_status(public.calendars) from public, anon, authenticated;
grant execute on function public.calendar_status(public.calendars) to anon, authenticated, service_role;

-- ============================================================================================
-- 4. Media usages and the lottery-law guard
-- ============================================================================================

-- A media item named in a calendar's design, if it is one of the calendar's organization's.
create or replace function private.calendar_design_media_id(calendar public.calendars)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when calendar.design ->> 'background_media_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (calendar.design ->> 'background_media_id')::uuid
  end;
$$;

comment on function private.calendar_design_media_id(public.calendars) is
  'The design''s background_media_id as a uuid, or null when absent or not a uuid.';
revoke execute on function private.calendar_design_media_id(public.calendars) from public, anon, authenticated;

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
    select new.media_id, new.organization_id, 'calendar-door', new.id, left(c.name, 180) || ' – luke ' || new.day_number,
      case when c.published_at is not null then new.opens_at end,
      case when not c.show_past_doors then new.closes_at end
    from public.calendars as c where c.id = new.calendar_id
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

-- The calendar's side of the same rows: publishing, unpublishing or show_past_doors moves its doors'
-- public windows; the design's background is a usage of its own (kind calendar-background), kept only
-- for an item of the calendar's own organization. Security definer: as above.
create or replace function private.calendars_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.media_usages as u where u.kind = 'calendar-background' and u.ref_id = coalesce(new.id, old.id);
  if tg_op = 'DELETE' then
    return null;
  end if;
  update public.media_usages as u
  set public_from = case when new.published_at is not null then d.opens_at end,
    public_until = case when not new.show_past_doors then d.closes_at end,
    label = left(new.name, 180) || ' – luke ' || d.day_number
  from public.calendar_doors as d
  where u.kind = 'calendar-door' and u.ref_id = d.id and d.calendar_id = new.id;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select m.id, m.organization_id, 'calendar-background', new.id, left(new.name, 180) || ' – bakgrunn',
    case when new.published_at is not null then '-infinity'::timestamptz end
  from public.organizations_media as m
  where m.id = private.calendar_design_media_id(new) and m.organization_id = new.organization_id;
  return null;
end;
$$;

comment on function private.calendars_record_media() is
  'Trigger: the public windows of a calendar''s door usages and its background''s media_usages row (kind calendar-background), after it is saved or deleted.';
revoke execute on function private.calendars_record_media() from public, anon, authenticated;

create trigger calendars_record_media
  after insert or delete or update of name, published_at, show_past_doors, design on public.calendars
  for each row execute function private.calendars_record_media();

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
    where c.id = calendar_check_lottery.calendar_id
      and c.published_at is not null
      and c.requires_purchase
      and exists (select 1 from public.calendar_prizes as p where p.calendar_id = c.id and p.drawn_by_chance)
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
  perform private.calendar_check_lottery(new.calendar_id);
  return null;
end;
$$;

comment on function private.calendar_lottery_guard() is
  'Trigger: the lottery-law check after a calendar is saved or a prize added or changed.';
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
  'Trigger: the lottery-law check after a calendar is published or saved while published.';
revoke execute on function private.calendars_lottery_guard() from public, anon, authenticated;

create trigger calendars_lottery_guard
  after insert or update on public.calendars
  for each row when (new.published_at is not null and new.requires_purchase)
  execute function private.calendars_lottery_guard();

create trigger calendar_prizes_lottery_guard
  after insert or update on public.calendar_prizes
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
    where c.id = calendar_door_is_public.calendar_id
      and c.published_at is not null
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
alter table public.calendar_prizes enable row level security;
alter table public.calendar_participants enable row level security;
alter table public.calendar_entries enable row level security;
alter table public.calendar_draws enable row level security;
alter table public.calendar_draw_winners enable row level security;

revoke all on public.calendars, public.calendar_doors, public.calendar_door_secrets, public.calendar_prizes,
  public.calendar_participants, public.calendar_entries, public.calendar_draws, public.calendar_draw_winners
  from anon, authenticated;

grant select on public.calendars, public.calendar_doors, public.calendar_prizes to anon;
grant select, insert, delete on public.calendars, public.calendar_doors, public.calendar_door_secrets,
  public.calendar_prizes to authenticated;
grant update (name, template, starts_on, ends_on, door_time, published_at, lock_past_doors, show_past_doors,
  requires_purchase, rules_text, consent_text, marketing_consent_text, reminder_time, design)
  on public.calendars to authenticated;
grant update (opens_on, title, body, media_id, link_url, link_label, quiz_kind, quiz_question, quiz_options, form_fields)
  on public.calendar_doors to authenticated;
grant update (quiz_answer, voucher_code) on public.calendar_door_secrets to authenticated;
grant update (door_id, name, description, value_ore, quantity, drawn_by_chance) on public.calendar_prizes to authenticated;
grant select on public.calendar_participants, public.calendar_entries, public.calendar_draws,
  public.calendar_draw_winners to authenticated;

-- Reading: one policy per role (the public's rule, and for signed-in users the members' rule too),
-- so no row is checked by two permissive policies.

-- calendars
create policy "Members can read their organization's calendars, anyone the published ones"
on public.calendars for select to authenticated
using (published_at is not null or private.has_organization_role(organization_id));

create policy "Visitors can read published calendars"
on public.calendars for select to anon
using (published_at is not null);

create policy "Members can create calendars for their organization"
on public.calendars for insert to authenticated
with check (private.has_organization_role(organization_id) and created_by is not distinct from (select auth.uid()));

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

-- calendar_prizes: the public sees the grand prizes and the prizes of the doors it can read.
-- Security definer: the prizes' anon policy calls it, and anon cannot read unpublished calendars or
-- unopened doors.
create or replace function private.calendar_prize_is_public(calendar_id uuid, door_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.calendars as c
    where c.id = calendar_prize_is_public.calendar_id and c.published_at is not null
  )
  and (
    calendar_prize_is_public.door_id is null
    or exists (
      select 1 from public.calendar_doors as d
      where d.id = calendar_prize_is_public.door_id
        and private.calendar_door_is_public(d.calendar_id, d.opens_at, d.closes_at)
    )
  );
$$;

comment on function private.calendar_prize_is_public(uuid, uuid) is
  'True for a published calendar''s grand prize and for the prize of a door the public can read.';
revoke execute on function private.calendar_prize_is_public(uuid, uuid) from public, anon, authenticated;
grant execute on function private.calendar_prize_is_public(uuid, uuid) to anon, authenticated, service_role;

create policy "Members can read their organization's calendar prizes, anyone the public ones"
on public.calendar_prizes for select to authenticated
using (private.has_organization_role(organization_id) or private.calendar_prize_is_public(calendar_id, door_id));

create policy "Visitors can read the grand prizes and opened doors' prizes of published calendars"
on public.calendar_prizes for select to anon
using (private.calendar_prize_is_public(calendar_id, door_id));

create policy "Members can add prizes to their organization's calendars"
on public.calendar_prizes for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's calendar prizes"
on public.calendar_prizes for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's calendar prizes"
on public.calendar_prizes for delete to authenticated
using (private.has_organization_role(organization_id));

-- Participants, entries, draws, winners: members read; only the checked functions write.
create policy "Members can read their organization's calendar participants"
on public.calendar_participants for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's calendar entries"
on public.calendar_entries for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's calendar draws"
on public.calendar_draws for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's calendar winners"
on public.calendar_draw_winners for select to authenticated
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
  join public.calendar_doors as d on d.calendar_id = c.id
  where c.id = input_calendar_id
    and (c.published_at is not null or private.has_organization_role(c.organization_id))
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
  from public.calendar_draw_winners as w
  join public.calendar_draws as dr on dr.id = w.draw_id
  join public.calendars as c on c.id = dr.calendar_id
  join public.calendar_prizes as p on p.id = dr.prize_id
  join public.calendar_participants as pa on pa.id = w.participant_id
  left join public.calendar_doors as d on d.id = dr.door_id
  cross join lateral (
    select case
      when d.id is not null then private.oslo_moment(d.opens_on + 1, c.door_time)
      else (select max(x.closes_at) from public.calendar_doors as x where x.calendar_id = c.id)
    end as announced_at
  ) as a
  where c.id = input_calendar_id
    and c.published_at is not null
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

-- The participant's lead: one per e-mail and organization. A person already in the leads keeps their
-- lead (missing name or phone filled in); a new one gets source calendar and the calendar and door.
-- The advisory lock serializes entries for the same e-mail across calendars, as no unique index on
-- leads (organization_id, email) exists (imports may hold duplicates).
create or replace function private.calendar_upsert_lead(participant public.calendar_participants, door_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  found_id uuid;
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('calendar-lead:' || participant.organization_id || ':' || participant.email, 0)
  );
  select l.id into found_id
  from public.leads as l
  where l.organization_id = participant.organization_id and l.email = participant.email
  order by l.created_at
  limit 1;
  if found_id is null then
    insert into public.leads (organization_id, source, name, email, phone, calendar_id, calendar_door_id)
    values (participant.organization_id, 'calendar', participant.name, participant.email, participant.phone,
            participant.calendar_id, door_id)
    returning id into found_id;
  else
    update public.leads as l
    set name = coalesce(l.name, participant.name), phone = coalesce(l.phone, participant.phone)
    where l.id = found_id
      and ((l.name is null and participant.name is not null) or (l.phone is null and participant.phone is not null));
  end if;
  return found_id;
end;
$$;

comment on function private.calendar_upsert_lead(public.calendar_participants, uuid) is
  'The one lead of a participant''s e-mail in the organization: found (missing name/phone filled in) or created with source calendar and the calendar and door.';
revoke execute on function private.calendar_upsert_lead(public.calendar_participants, uuid) from public, anon, authenticated;

-- The engine's checks of a public participant write (private.check_public_write, consent, the
-- e-mail and phone rules), and the participant it writes. Whoever types an address is not
-- necessarily its owner, so a known address's participant comes back exactly as it was: a public
-- write never changes a person's name, phone, marketing consent or reminders (the person's own link
-- does), and the caller learns nothing from it.
create or replace function private.calendar_upsert_participant(
  calendar public.calendars,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_honeypot text,
  input_name text,
  input_phone text,
  input_marketing_consent boolean,
  input_reminders_opt_in boolean
)
returns public.calendar_participants
language plpgsql
volatile
set search_path = ''
as $$
declare
  clean_email text;
  clean_phone text;
  withdrawn boolean;
  participant public.calendar_participants;
begin
  perform private.check_public_write(input_honeypot, input_form_shown_at, 'calendar-entry');
  if input_consent is not true then
    raise exception using errcode = 'P0001', message = 'participant-consent-required';
  end if;
  clean_email := private.participant_email(input_email);
  clean_phone := private.participant_phone(input_phone);

  -- Marketing the person withdrew for the whole organization stays withdrawn: a form cannot turn it,
  -- or the reminders, back on.
  withdrawn := exists (
    select 1 from public.leads as l
    where l.organization_id = calendar.organization_id and l.email = clean_email and l.marketing_withdrawn_at is not null
  );
  insert into public.calendar_participants
    (calendar_id, organization_id, email, name, phone, marketing_consent, reminders_opt_in)
  values (
    calendar.id, calendar.organization_id, clean_email, nullif(btrim(input_name), ''), clean_phone,
    coalesce(input_marketing_consent, false) and calendar.marketing_consent_text is not null and not withdrawn,
    coalesce(input_reminders_opt_in, false) and not withdrawn
  )
  on conflict (calendar_id, email) do nothing
  returning * into participant;
  if participant.id is null then
    select * into participant from public.calendar_participants as p
    where p.calendar_id = calendar.id and p.email = clean_email;
  end if;
  return participant;
end;
$$;

comment on function private.calendar_upsert_participant(public.calendars, text, boolean, timestamptz, text, text, text, boolean, boolean) is
  'The checks of a public participant write (check_public_write, consent, e-mail and phone rules) and the participant of this calendar and e-mail: created, or the existing one unchanged.';
revoke execute on function private.calendar_upsert_participant(public.calendars, text, boolean, timestamptz, text, text, text, boolean, boolean)
  from public, anon, authenticated;

-- A published calendar by id, or calendar-not-found (PT404).
create or replace function private.published_calendar(calendar_id uuid)
returns public.calendars
language plpgsql
stable
set search_path = ''
as $$
declare
  calendar public.calendars;
begin
  select * into calendar from public.calendars as c where c.id = calendar_id and c.published_at is not null;
  if not found then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
  return calendar;
end;
$$;

comment on function private.published_calendar(uuid) is
  'The published calendar with this id; raises calendar-not-found (PT404) for a draft or an unknown id.';
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
  calendar public.calendars := private.published_calendar(input_calendar_id);
  door public.calendar_doors;
  ip text := private.request_client_ip();
  correct boolean;
  participant public.calendar_participants;
  entry_id uuid;
begin
  select * into door from public.calendar_doors as d where d.calendar_id = calendar.id and d.day_number = input_day_number;
  if not found or door.opens_at > clock then
    -- A future door is as unknown as a missing one.
    raise exception using errcode = 'PT404', message = 'calendar-door-not-found';
  end if;
  if clock >= door.closes_at then
    raise exception using errcode = 'P0001', message = 'calendar-door-closed';
  end if;
  participant := private.calendar_upsert_participant(
    calendar, input_email, input_consent, input_form_shown_at, input_honeypot, input_name, input_phone,
    input_marketing_consent, input_reminders_opt_in
  );
  if input_form_answers is null or jsonb_typeof(input_form_answers) <> 'object' then
    raise exception using errcode = 'P0001', message = 'calendar-answer-invalid';
  end if;
  correct := private.calendar_answer_is_correct(door, input_answer);

  insert into public.calendar_entries (
    calendar_id, organization_id, door_id, participant_id, answer, is_correct, form_answers,
    consent_id, marketing_consent_id, ip_hash
  )
  values (
    calendar.id, calendar.organization_id, door.id, participant.id, nullif(btrim(input_answer), ''), correct,
    input_form_answers,
    private.record_consent(calendar.organization_id, participant.id, calendar.id, 'participation', calendar.consent_text),
    -- Marketing the person withdrew for the organization is not given again by a form.
    case when coalesce(input_marketing_consent, false) and calendar.marketing_consent_text is not null
      and not exists (
        select 1 from public.leads as l
        where l.organization_id = calendar.organization_id and l.email = participant.email
          and l.marketing_withdrawn_at is not null
      ) then
      private.record_consent(calendar.organization_id, participant.id, calendar.id, 'marketing', calendar.marketing_consent_text)
    end,
    case when ip <> 'unknown' then encode(sha256(convert_to(ip, 'UTF8')), 'hex') end
  )
  on conflict (participant_id, door_id) do nothing
  returning id into entry_id;

  -- A second entry for the door changes nothing and answers as the first did for a new address: this
  -- answer's result and the door's voucher (which any new address gets too), never the stored answer,
  -- so that the reply tells no one whether an address takes part or what it answered.
  if entry_id is not null and participant.lead_id is null then
    update public.calendar_participants as p
    set lead_id = private.calendar_upsert_lead(participant, door.id)
    where p.id = participant.id;
  end if;

  return query
  select 'entered'::text, correct, (select s.voucher_code from public.calendar_door_secrets as s where s.door_id = door.id);
end;
$$;

comment on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean) is
  'Enters a published calendar''s open door: consent, honeypot, time trap (form shown ≥ 3 s), 30 a minute per IP, e-mail and phone rules, quiz checked in the database; one entry per e-mail and door (a repeat changes nothing and answers alike); the participant becomes or keeps one lead. Returns the outcome (entered), whether this answer is right and the door''s voucher code.';
revoke execute on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.submit_calendar_entry(uuid, integer, text, boolean, timestamptz, text, text, text, text, jsonb, boolean, boolean)
  to anon, authenticated, service_role;

-- Pre-registration on the countdown page: the same checks as an entry, a participant and their lead,
-- no entry. Open while the calendar is published and has not ended. The consents given are recorded
-- (private.record_consent), as an entry's are.
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
  calendar public.calendars := private.published_calendar(input_calendar_id);
  participant public.calendar_participants;
begin
  if public.calendar_status(calendar) = 'ended' then
    raise exception using errcode = 'P0001', message = 'calendar-ended';
  end if;
  participant := private.calendar_upsert_participant(
    calendar, input_email, input_consent, input_form_shown_at, input_honeypot, input_name, input_phone,
    input_marketing_consent, input_reminders_opt_in
  );
  -- A known address answers as a new one does, and keeps its first consent and details.
  if participant.lead_id is not null then
    return 'registered';
  end if;
  update public.calendar_participants as p
  set lead_id = private.calendar_upsert_lead(participant, null)
  where p.id = participant.id;
  perform private.record_consent(calendar.organization_id, participant.id, calendar.id, 'participation', calendar.consent_text);
  if participant.marketing_consent then
    perform private.record_consent(calendar.organization_id, participant.id, calendar.id, 'marketing', calendar.marketing_consent_text);
  end if;
  return 'registered';
end;
$$;

comment on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean) is
  'Pre-registration before (or during) a published calendar: the entry''s checks, the participant with the consents given (record_consent), and their lead; registered (a known address too, unchanged); calendar-ended after the last door.';
revoke execute on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.register_calendar_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  to anon, authenticated, service_role;

-- The background of a published calendar's public pages, as calendar_public_door gives a door's item:
-- type, the object paths of its public renditions (signed by the page as anon, see
-- media_object_is_public: the web size or poster, the thumbnail, a video's MP4 and WebM), alt text and
-- size.
-- Security definer: the public cannot read the media library's rows.
create or replace function private.calendar_public_background(calendar public.calendars)
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
  where m.id = private.calendar_design_media_id(calendar)
    and m.organization_id = calendar.organization_id;
$$;

comment on function private.calendar_public_background(public.calendars) is
  'calendar_public''s background: the design''s background_media_id item of the same organization (type, path, alt text, size), or null.';
revoke execute on function private.calendar_public_background(public.calendars) from public, anon, authenticated;

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
  calendar public.calendars := private.published_calendar(input_calendar_id);
begin
  return jsonb_build_object(
    'id', calendar.id,
    'name', calendar.name,
    'template', calendar.template,
    'starts_on', calendar.starts_on,
    'ends_on', calendar.ends_on,
    'door_time', calendar.door_time,
    'status', public.calendar_status(calendar),
    'now', private.campaign_now(),
    'lock_past_doors', calendar.lock_past_doors,
    'show_past_doors', calendar.show_past_doors,
    'rules_text', calendar.rules_text,
    'consent_text', calendar.consent_text,
    'marketing_consent_text', calendar.marketing_consent_text,
    'design', calendar.design,
    'background', private.calendar_public_background(calendar),
    'doors', (select coalesce(jsonb_agg(to_jsonb(s) order by s.day_number), '[]')
              from public.calendar_door_slots(calendar.id) as s),
    'winners', (select coalesce(jsonb_agg(to_jsonb(w)), '[]')
                from public.calendar_public_winners(calendar.id) as w)
  );
end;
$$;

comment on function public.calendar_public(uuid) is
  'A published calendar for its public pages: public fields, status, the database clock, the door grid (calendar_door_slots) and announced winners; calendar-not-found (PT404) otherwise.';
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
  calendar public.calendars := private.published_calendar(input_calendar_id);
  door public.calendar_doors;
begin
  select * into door from public.calendar_doors as d
  where d.calendar_id = calendar.id and d.day_number = input_day_number;
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
               from public.calendar_prizes as p where p.door_id = door.id)
  );
end;
$$;

comment on function public.calendar_public_door(uuid, integer) is
  'One opened door of a published calendar for the public (never its answer or voucher); calendar-door-not-found (PT404) before it opens.';
revoke execute on function public.calendar_public_door(uuid, integer) from public, anon, authenticated;
grant execute on function public.calendar_public_door(uuid, integer) to anon, authenticated, service_role;

-- ============================================================================================
-- 8. Participants' own data (the participation page, by the token in their e-mail)
-- ============================================================================================

-- A new token for the participation link, for the e-mail that carries it (service role: the reminder
-- and confirmation jobs). Only its hash is kept, so an earlier link stops working.
create or replace function public.issue_calendar_participant_token(input_participant_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if not exists (select from public.calendar_participants as p where p.id = input_participant_id) then
    raise exception using errcode = 'PT404', message = 'participant-not-found';
  end if;
  delete from private.calendar_participant_tokens as t
  where t.participant_id = input_participant_id and t.expires_at <= now();
  insert into private.calendar_participant_tokens (token_hash, participant_id, expires_at)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), input_participant_id, now() + interval '180 days');
  return token;
end;
$$;

comment on function public.issue_calendar_participant_token(uuid) is
  'Service role: a fresh random token for a participant''s participation link, valid 180 days (only its SHA-256 is stored; earlier links keep working until they expire).';
revoke execute on function public.issue_calendar_participant_token(uuid) from public, anon, authenticated;
grant execute on function public.issue_calendar_participant_token(uuid) to service_role;

create or replace function private.calendar_participant_by_token(token text)
returns public.calendar_participants
language plpgsql
stable
set search_path = ''
as $$
declare
  participant public.calendar_participants;
begin
  select p.* into participant
  from private.calendar_participant_tokens as t
  join public.calendar_participants as p on p.id = t.participant_id
  where t.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
    and t.expires_at > now();
  if not found then
    raise exception using errcode = 'PT404', message = 'participant-not-found';
  end if;
  return participant;
end;
$$;

comment on function private.calendar_participant_by_token(text) is
  'The participant whose participation token this is; raises participant-not-found (PT404).';
revoke execute on function private.calendar_participant_by_token(text) from public, anon, authenticated;

-- Security definer: the public cannot read participants or entries; the token alone decides whose.
create or replace function public.calendar_participation(input_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  participant public.calendar_participants := private.calendar_participant_by_token(input_token);
begin
  return jsonb_build_object(
    'calendar_id', participant.calendar_id,
    'calendar_name', (select c.name from public.calendars as c where c.id = participant.calendar_id),
    'email', participant.email,
    'name', participant.name,
    'phone', participant.phone,
    'marketing_consent', participant.marketing_consent,
    'reminders_opt_in', participant.reminders_opt_in,
    'created_at', participant.created_at,
    'entries', coalesce((
      select jsonb_agg(jsonb_build_object(
        'day_number', d.day_number, 'answer', e.answer, 'is_correct', e.is_correct,
        'consent_text', ct.body, 'marketing_consent_text', mt.body,
        'created_at', e.created_at
      ) order by d.day_number)
      from public.calendar_entries as e
      join public.calendar_doors as d on d.id = e.door_id
      join public.consents as c on c.id = e.consent_id
      join public.consent_texts as ct on ct.organization_id = c.organization_id and ct.sha256 = c.text_sha256
      left join public.consents as m on m.id = e.marketing_consent_id
      left join public.consent_texts as mt on mt.organization_id = m.organization_id and mt.sha256 = m.text_sha256
      where e.participant_id = participant.id
    ), '[]')
  );
end;
$$;

comment on function public.calendar_participation(text) is
  'The participation page: the participant''s details and entries (day, answer, whether right, the consent texts), by their token.';
revoke execute on function public.calendar_participation(text) from public, anon, authenticated;
grant execute on function public.calendar_participation(text) to anon, authenticated, service_role;

-- Security definer: the public has no write access to participants; the token alone decides whose.
create or replace function public.unsubscribe_calendar_reminders(input_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  participant public.calendar_participants := private.calendar_participant_by_token(input_token);
begin
  update public.calendar_participants as p set reminders_opt_in = false, marketing_consent = false
  where p.id = participant.id;
  update public.consents as k set withdrawn_at = pg_catalog.now()
  where k.participant_id = participant.id and k.purpose = 'marketing' and k.withdrawn_at is null;
end;
$$;

comment on function public.unsubscribe_calendar_reminders(text) is
  'One-click unsubscribe by token: no more reminder or marketing e-mails from this calendar.';
revoke execute on function public.unsubscribe_calendar_reminders(text) from public, anon, authenticated;
grant execute on function public.unsubscribe_calendar_reminders(text) to anon, authenticated, service_role;

-- Deletes the participant of this one calendar, their entries and any win. The lead the calendar
-- created goes too when nothing else holds on to it: another calendar's participant of the same
-- person, a purchase or a listing keeps it. public.delete_participant erases the person across the
-- organization.
-- Security definer: the public has no delete access to participants or leads; the token alone
-- decides whose.
create or replace function public.delete_calendar_participant(input_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  participant public.calendar_participants := private.calendar_participant_by_token(input_token);
begin
  delete from public.calendar_participants as p where p.id = participant.id;
  begin
    delete from public.leads as l
    where l.id = participant.lead_id and l.source = 'calendar' and l.calendar_id = participant.calendar_id
      and not exists (select 1 from public.calendar_participants as p where p.lead_id = l.id);
  exception when foreign_key_violation then
    null;
  end;
end;
$$;

comment on function public.delete_calendar_participant(text) is
  'Delete my data in one calendar by token: the participant, their entries and wins, and the lead this calendar created unless another calendar''s participant, a purchase or a listing holds it.';
revoke execute on function public.delete_calendar_participant(text) from public, anon, authenticated;
grant execute on function public.delete_calendar_participant(text) to anon, authenticated, service_role;

-- ============================================================================================
-- 9. Draws
-- ============================================================================================

-- A member's draw (or, for the automatic draws, the service role's: private.campaign_may_draw), with
-- its calendar: raises calendar-draw-not-found (PT404) for anyone else.
create or replace function private.calendar_draw_for_member(draw_id uuid)
returns public.calendar_draws
language plpgsql
volatile
set search_path = ''
as $$
declare
  draw public.calendar_draws;
begin
  select * into draw from public.calendar_draws as d where d.id = draw_id for update;
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
returns public.calendar_draws
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  calendar public.calendars;
  ids uuid[];
  draw public.calendar_draws;
begin
  select * into calendar from public.calendars as c where c.id = input_calendar_id;
  if not found or not private.campaign_may_draw(calendar.organization_id) then
    raise exception using errcode = 'PT404', message = 'calendar-not-found';
  end if;
  if not exists (
    select 1 from public.calendar_prizes as p
    where p.id = input_prize_id and p.calendar_id = calendar.id and p.door_id is not distinct from input_door_id
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-prize-mismatch';
  end if;
  if exists (select 1 from public.calendar_draws as d where d.prize_id = input_prize_id) then
    raise exception using errcode = 'P0001', message = 'calendar-prize-already-drawn';
  end if;
  -- A door's list is complete only once it stops taking entries.
  if input_door_id is not null and exists (
    select 1 from public.calendar_doors as d where d.id = input_door_id and d.closes_at > private.campaign_now()
  ) then
    raise exception using errcode = 'P0001', message = 'calendar-door-still-open';
  end if;

  select coalesce(array_agg(e.id order by e.id::text), '{}') into ids
  from public.calendar_entries as e
  where e.calendar_id = calendar.id
    and (input_door_id is null or e.door_id = input_door_id)
    and (input_eligibility = 'all' or e.is_correct)
    and not (coalesce(input_exclude_previous_winners, false) and exists (
      select 1 from public.calendar_draw_winners as w
      where w.calendar_id = calendar.id and w.participant_id = e.participant_id and w.status <> 'rejected'
    ));
  if cardinality(ids) = 0 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-no-entries';
  end if;

  insert into public.calendar_draws (
    calendar_id, organization_id, door_id, prize_id, eligibility, exclude_previous_winners, winners_count,
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
create or replace function private.calendar_draw_next_winners(draw public.calendar_draws, how_many integer, added_as text)
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
  insert into public.calendar_draw_winners (draw_id, calendar_id, organization_id, entry_id, participant_id, rank, added_as)
  select draw.id, draw.calendar_id, draw.organization_id, r.entry_id, e.participant_id, r.rank, added_as
  from ranking as r
  join public.calendar_entries as e on e.id = r.entry_id
  where not exists (select 1 from public.calendar_draw_winners as w where w.draw_id = draw.id and w.entry_id = r.entry_id)
    and r.rank > coalesce((select max(w.rank) from public.calendar_draw_winners as w where w.draw_id = draw.id), 0)
  order by r.rank
  limit how_many;
  get diagnostics added = row_count;
  if added = 0 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-exhausted';
  end if;
  return added;
end;
$$;

comment on function private.calendar_draw_next_winners(public.calendar_draws, integer, text) is
  'Adds the next entries of a draw''s ranking (sha256(seed_hex || '':'' || entry_id) ascending) as pending winners; calendar-draw-exhausted when none is left.';
revoke execute on function private.calendar_draw_next_winners(public.calendar_draws, integer, text) from public, anon, authenticated;

-- Security definer: no role writes draws or winners directly; calendar_draw_for_member decides who
-- may.
create or replace function public.run_calendar_draw(input_draw_id uuid)
returns setof public.calendar_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  draw public.calendar_draws := private.calendar_draw_for_member(input_draw_id);
begin
  if draw.seed_hex is not null then
    raise exception using errcode = 'P0001', message = 'calendar-draw-already-run';
  end if;
  update public.calendar_draws as d
  set seed_hex = encode(extensions.gen_random_bytes(32), 'hex'), drawn_at = pg_catalog.clock_timestamp()
  where d.id = draw.id
  returning * into draw;
  perform private.calendar_draw_next_winners(draw, draw.winners_count, 'draw');
  return query select * from public.calendar_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.run_calendar_draw(uuid) is
  'Owners and admins: draws a committed draw once — a 32-byte random seed, entries ranked by sha256(seed_hex || '':'' || entry_id), the first winners_count become pending winners.';
revoke execute on function public.run_calendar_draw(uuid) from public, anon, authenticated;
grant execute on function public.run_calendar_draw(uuid) to authenticated, service_role;

-- Security definer: no role writes winners directly; calendar_draw_for_member decides who may.
create or replace function public.decide_calendar_winner(input_winner_id uuid, input_approve boolean, input_reason text default null)
returns setof public.calendar_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  winner public.calendar_draw_winners;
  draw public.calendar_draws;
begin
  select * into winner from public.calendar_draw_winners as w where w.id = input_winner_id;
  draw := private.calendar_draw_for_member(winner.draw_id);
  if winner.status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'calendar-winner-decided';
  end if;
  if not input_approve and coalesce(char_length(btrim(input_reason)), 0) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'calendar-winner-reason-required';
  end if;
  update public.calendar_draw_winners as w
  set status = case when input_approve then 'approved' else 'rejected' end, decided_at = pg_catalog.now(),
    reason = case when not input_approve then btrim(input_reason) end
  where w.id = winner.id;
  -- A rejected winner is replaced by the next in the ranking (a redraw), recorded as a replacement.
  if not input_approve then
    perform private.calendar_draw_next_winners(draw, 1, 'replacement');
  end if;
  return query select * from public.calendar_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.decide_calendar_winner(uuid, boolean, text) is
  'Owners and admins: approves a pending winner, or rejects them with a reason (calendar-winner-reason-required) and adds the next entry of the ranking (a replacement). Returns the draw''s winners.';
revoke execute on function public.decide_calendar_winner(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.decide_calendar_winner(uuid, boolean, text) to authenticated, service_role;

-- Security definer: no role writes winners directly; calendar_draw_for_member decides who may.
create or replace function public.draw_more_calendar_winners(input_draw_id uuid, input_count integer)
returns setof public.calendar_draw_winners
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  draw public.calendar_draws := private.calendar_draw_for_member(input_draw_id);
begin
  if draw.seed_hex is null then
    raise exception using errcode = 'P0001', message = 'calendar-draw-not-run';
  end if;
  if input_count is null or input_count not between 1 and 100 then
    raise exception using errcode = 'P0001', message = 'calendar-draw-count-invalid';
  end if;
  perform private.calendar_draw_next_winners(draw, input_count, 'more');
  return query select * from public.calendar_draw_winners as w where w.draw_id = draw.id order by w.rank;
end;
$$;

comment on function public.draw_more_calendar_winners(uuid, integer) is
  'Owners and admins: adds the next input_count entries of a run draw''s ranking as pending winners.';
revoke execute on function public.draw_more_calendar_winners(uuid, integer) from public, anon, authenticated;
grant execute on function public.draw_more_calendar_winners(uuid, integer) to authenticated, service_role;

-- Anyone can check a published calendar's draws: per draw, the committed list and its hash with the
-- commit time, the seed drawn after it, and every winner in ranking order with how they were added
-- and why a rejected one was rejected. With the recipe of docs/calendars.md «Draws», the ranking can
-- be recomputed; a second draw of a prize cannot exist (calendar_draws_prize_key), and a replacement
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
      from public.calendar_draw_winners as w where w.draw_id = dr.id
    ), '[]')
  from public.calendar_draws as dr
  join public.calendars as c on c.id = dr.calendar_id
  join public.calendar_prizes as p on p.id = dr.prize_id
  left join public.calendar_doors as d on d.id = dr.door_id
  where c.id = input_calendar_id and c.published_at is not null
  order by dr.committed_at;
$$;

comment on function public.calendar_draw_verification(uuid) is
  'Anyone: a published calendar''s draws for checking — committed entry ids, their SHA-256 and commit time, the seed and draw time, and the winners by rank with added_as (draw, replacement, more), status and rejection reason.';
revoke execute on function public.calendar_draw_verification(uuid) from public, anon, authenticated;
grant execute on function public.calendar_draw_verification(uuid) to anon, authenticated, service_role;
