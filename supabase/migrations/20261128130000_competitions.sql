-- Team competitions («fyllopp»), the second kind on the campaign engine (docs/competitions.md):
--
-- Sections: 1. tables · 2. triggers (times, caps, codes, media) · 3. row-level security · 4. scoring
-- and freeze · 5. organizer functions · 6. public reads · 7. public writes · 8. by the participation
-- token
--
-- - A competition is a campaign of kind competition with its own row (same id); groups, teams,
--   memberships of the engine's participants and progress entries are its own tables.
-- - The public reads and writes only through the functions here; no table grants anon anything.
-- - Joining is race-proof: a trigger locks the team's row before counting its members, and a person
--   is in at most one team per competition by a unique constraint.
-- - Every «is it open» test compares with private.campaign_now().

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

-- Milestones as the editor saves them: at most 10 of { percent 1–100, label 1–120 characters }.
create or replace function private.competition_milestones_valid(milestones jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(milestones) = 'array'
    and jsonb_array_length(milestones) <= 10
    and not exists (
      select 1 from jsonb_array_elements(milestones) as m
      where jsonb_typeof(m) <> 'object'
        or jsonb_typeof(m -> 'percent') <> 'number'
        or (m ->> 'percent')::numeric not between 1 and 100
        or jsonb_typeof(m -> 'label') <> 'string'
        or char_length(btrim(m ->> 'label')) not between 1 and 120
    );
$$;

comment on function private.competition_milestones_valid(jsonb) is
  'True for a milestones list: at most 10 objects with percent (1–100) and label (1–120 characters).';
revoke execute on function private.competition_milestones_valid(jsonb) from public, anon, authenticated;
-- The table's check runs as whoever writes.
grant execute on function private.competition_milestones_valid(jsonb) to authenticated, service_role;

create table public.competitions (
  id uuid primary key,
  organization_id uuid not null,
  -- Ties the row to a campaign of kind competition (competitions_campaign_fkey).
  kind text not null default 'competition' check (kind = 'competition'),
  starts_on date not null,
  ends_on date not null,
  -- Computed from the Oslo dates (competitions_set_times): the first day's 00:00 and the day after the last's.
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  unit text not null check (char_length(btrim(unit)) between 1 and 20),
  goal numeric not null check (goal > 0 and goal < 1e12),
  team_goal numeric null check (team_goal > 0 and team_goal < 1e12),
  scoring text not null default 'total' check (scoring in ('total', 'average')),
  min_active_members integer not null default 1 check (min_active_members between 1 and 100),
  team_min integer not null default 1 check (team_min between 1 and 1000),
  team_max integer not null default 10 check (team_max between 1 and 1000),
  join_opens_at timestamptz null,
  lock_at timestamptz null,
  freeze_at timestamptz null,
  max_per_entry numeric null check (max_per_entry > 0),
  max_per_day numeric null check (max_per_day > 0),
  milestones jsonb not null default '[]' check (private.competition_milestones_valid(milestones)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint competitions_period check (ends_on >= starts_on and ends_on - starts_on <= 366),
  constraint competitions_team_size check (team_max >= team_min),
  constraint competitions_lock_in_period check (lock_at is null or lock_at <= ends_at),
  constraint competitions_join_before_lock check (join_opens_at is null or lock_at is null or join_opens_at < lock_at),
  constraint competitions_freeze_in_period check (freeze_at is null or (freeze_at >= starts_at and freeze_at < ends_at)),
  constraint competitions_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint competitions_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint competitions_id_organization_id_key unique (id, organization_id)
);

comment on table public.competitions is
  'A team competition («fyllopp»): the campaign (same id, kind competition) whose teams fill up a shared goal in unit from starts_on to ends_on (Oslo). Members manage it; the public reads it through the competition read functions once published.';
comment on column public.competitions.starts_at is 'Computed: 00:00 Europe/Oslo of starts_on.';
comment on column public.competitions.ends_at is 'Computed: 00:00 Europe/Oslo of the day after ends_on.';
comment on column public.competitions.unit is 'What progress is counted in: km, skritt, kr, liter, minutter or the organization''s own word.';
comment on column public.competitions.goal is 'The event''s shared goal (the fill-up bar), in unit.';
comment on column public.competitions.team_goal is 'Each team''s own goal in unit; null: none.';
comment on column public.competitions.scoring is 'total: a team''s score is its accepted progress; average: that divided by its active members, at least min_active_members.';
comment on column public.competitions.team_max is 'The cap of active members per team (held under concurrent joins).';
comment on column public.competitions.join_opens_at is 'Joining and creating teams open; null: at publication.';
comment on column public.competitions.lock_at is 'Joining, creating and leaving teams close; null: halfway through the period.';
comment on column public.competitions.freeze_at is 'From here until ends_at the public sees the standings as of this moment; null: no freeze.';
comment on column public.competitions.max_per_entry is 'The most one progress entry may carry; null: no limit.';
comment on column public.competitions.max_per_day is 'The most one participant may log per Oslo day; null: no limit.';
comment on column public.competitions.milestones is 'The shared bar''s markers: [{percent, label}], e.g. a sponsor prize at 50 %.';

create index competitions_organization_id_idx on public.competitions (organization_id);
create index competitions_id_kind_idx on public.competitions (id, kind);

-- Departments, classes or the like that hold teams; a cap on the teams of each.
create table public.competitions_groups (
  id uuid primary key default gen_random_uuid(),
  competition_id uuid not null,
  organization_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 80),
  position integer not null default 1 check (position between 1 and 1000),
  max_teams integer null check (max_teams between 1 and 10000),
  created_at timestamptz not null default now(),
  constraint competitions_groups_name_key unique (competition_id, name),
  -- Target of the teams' (group_id, competition_id) foreign key.
  constraint competitions_groups_id_competition_id_key unique (id, competition_id),
  constraint competitions_groups_competition_fkey foreign key (competition_id, organization_id)
    references public.competitions (id, organization_id) on delete cascade
);

comment on table public.competitions_groups is
  'A group of a competition''s teams (a department, a class) with an optional cap on its teams. Members manage them.';

create index competitions_groups_organization_id_idx on public.competitions_groups (organization_id);
create index competitions_groups_competition_id_idx on public.competitions_groups (competition_id, organization_id);

-- A random invite code: 10 characters of a–z and 0–9 (about 52 bits).
create or replace function private.competition_invite_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(substr('abcdefghijklmnopqrstuvwxyz0123456789', 1 + (get_byte(b, i) % 36), 1), '')
  from (select extensions.gen_random_bytes(10) as b) as r, generate_series(0, 9) as i;
$$;

comment on function private.competition_invite_code() is 'A fresh random team invite code (10 characters of a–z, 0–9).';
revoke execute on function private.competition_invite_code() from public, anon, authenticated;
grant execute on function private.competition_invite_code() to authenticated, service_role;

create table public.competitions_teams (
  id uuid primary key default gen_random_uuid(),
  competition_id uuid not null,
  organization_id uuid not null,
  -- Null when the competition has no groups.
  group_id uuid null,
  name text not null check (char_length(btrim(name)) between 1 and 60),
  motto text null check (char_length(motto) <= 200),
  media_id uuid null,
  invite_only boolean not null default false,
  invite_code text not null default private.competition_invite_code() check (invite_code ~ '^[a-z0-9]{10}$'),
  -- The participant who created the team from the public page; null when members made it.
  created_by uuid null references public.participants (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint competitions_teams_invite_code_key unique (invite_code),
  constraint competitions_teams_id_competition_id_key unique (id, competition_id),
  constraint competitions_teams_competition_fkey foreign key (competition_id, organization_id)
    references public.competitions (id, organization_id) on delete cascade,
  -- A group with teams cannot be deleted (23503): move or delete its teams first.
  constraint competitions_teams_group_fkey foreign key (group_id, competition_id)
    references public.competitions_groups (id, competition_id),
  constraint competitions_teams_media_fkey foreign key (media_id, organization_id)
    references public.organizations_media (id, organization_id)
);

comment on table public.competitions_teams is
  'A team of a competition: name, motto, photo (library item), open or invite-only, invite code. Members manage them; the public creates them through create_competition_team.';
comment on column public.competitions_teams.invite_code is 'The invite link''s code: joins the team even when invite_only. Renewed by the captain or members.';

create unique index competitions_teams_name_key on public.competitions_teams (competition_id, lower(btrim(name)));
create index competitions_teams_organization_id_idx on public.competitions_teams (organization_id);
create index competitions_teams_competition_id_idx on public.competitions_teams (competition_id, organization_id);
create index competitions_teams_group_id_idx on public.competitions_teams (group_id, competition_id);
create index competitions_teams_media_id_idx on public.competitions_teams (media_id, organization_id);
create index competitions_teams_created_by_idx on public.competitions_teams (created_by);

-- A participant in a team. unique (competition_id, participant_id): at most one team (or one pending
-- request) per person and competition.
create table public.competitions_members (
  id uuid primary key default gen_random_uuid(),
  competition_id uuid not null,
  team_id uuid not null,
  participant_id uuid not null,
  organization_id uuid not null,
  role text not null default 'member' check (role in ('captain', 'member')),
  status text not null default 'active' check (status in ('active', 'pending')),
  joined_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint competitions_members_one_team check (role = 'member' or status = 'active'),
  constraint competitions_members_participant_key unique (competition_id, participant_id),
  constraint competitions_members_team_fkey foreign key (team_id, competition_id)
    references public.competitions_teams (id, competition_id) on delete cascade,
  constraint competitions_members_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade,
  constraint competitions_members_competition_fkey foreign key (competition_id, organization_id)
    references public.competitions (id, organization_id) on delete cascade
);

comment on table public.competitions_members is
  'A participant''s place in a team: captain or member, active or pending (a join request to an invite-only team). One per person and competition. Written by the checked functions; members read, move and delete.';

create index competitions_members_team_id_idx on public.competitions_members (team_id, competition_id);
create index competitions_members_participant_id_idx on public.competitions_members (participant_id, organization_id);
create index competitions_members_organization_id_idx on public.competitions_members (organization_id);
create index competitions_members_competition_id_idx on public.competitions_members (competition_id, organization_id);

create table public.competitions_progress (
  id uuid primary key default gen_random_uuid(),
  competition_id uuid not null,
  organization_id uuid not null,
  participant_id uuid not null,
  -- The team the entry was logged for; it stays there when the person leaves or is moved.
  team_id uuid null references public.competitions_teams (id) on delete set null,
  amount numeric not null check (amount > 0 and amount < 1e9 and amount = round(amount, 3)),
  on_date date not null,
  note text null check (char_length(note) <= 500),
  rejected_at timestamptz null,
  rejected_reason text null check (char_length(btrim(rejected_reason)) between 1 and 500),
  created_at timestamptz not null default now(),
  constraint competitions_progress_rejection check ((rejected_at is null) = (rejected_reason is null)),
  constraint competitions_progress_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade,
  constraint competitions_progress_competition_fkey foreign key (competition_id, organization_id)
    references public.competitions (id, organization_id) on delete cascade
);

comment on table public.competitions_progress is
  'A progress entry: amount in the competition''s unit on an Oslo date, for the team the person was in; rejected by members with a reason (it stops counting). Written by log_competition_progress; members read.';

create index competitions_progress_competition_id_idx on public.competitions_progress (competition_id, organization_id, created_at);
create index competitions_progress_participant_day_idx on public.competitions_progress (participant_id, competition_id, on_date);
create index competitions_progress_team_id_idx on public.competitions_progress (team_id);
create index competitions_progress_participant_id_idx on public.competitions_progress (participant_id, organization_id);
create index competitions_progress_organization_id_idx on public.competitions_progress (organization_id);

-- ============================================================================================
-- 2. Triggers: times, deletion, caps, media
-- ============================================================================================

-- Security definer: the Oslo helpers are not granted to members.
create or replace function private.competitions_set_times()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.starts_at := private.oslo_day_start(new.starts_on);
  new.ends_at := private.oslo_day_start(new.ends_on + 1);
  return new;
end;
$$;

comment on function private.competitions_set_times() is 'Trigger: starts_at and ends_at from the Oslo dates.';
revoke execute on function private.competitions_set_times() from public, anon, authenticated;

create trigger competitions_set_times before insert or update of starts_on, ends_on on public.competitions
  for each row execute function private.competitions_set_times();
create trigger competitions_set_updated_at before update on public.competitions
  for each row execute function private.set_updated_at();
create trigger competitions_teams_set_updated_at before update on public.competitions_teams
  for each row execute function private.set_updated_at();

-- Deleting the competition deletes its campaign. Security definer: members may delete competitions
-- but not every engine row.
create or replace function private.competitions_delete_campaign()
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

comment on function private.competitions_delete_campaign() is 'Trigger: a deleted competition takes its campaign with it.';
revoke execute on function private.competitions_delete_campaign() from public, anon, authenticated;

create trigger competitions_delete_campaign after delete on public.competitions
  for each row execute function private.competitions_delete_campaign();

-- The cap. Whatever makes a membership active in a team (a join, a captain's approval, a move) first
-- locks the team's row, then counts: concurrent joins of one team queue on the lock, and each count
-- (a new snapshot per statement) includes every join committed before it. A full team:
-- competition-team-full (409). Security definer: counts every membership whoever writes.
create or replace function private.competitions_members_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  cap integer;
begin
  if new.status <> 'active'
    or (tg_op = 'UPDATE' and old.team_id = new.team_id and old.status = 'active') then
    return new;
  end if;
  perform 1 from public.competitions_teams as t where t.id = new.team_id for update;
  select c.team_max into cap from public.competitions as c where c.id = new.competition_id;
  if (select count(*) from public.competitions_members as m
      where m.team_id = new.team_id and m.status = 'active' and m.id <> new.id) >= cap then
    raise exception using errcode = 'PT409', message = 'competition-team-full';
  end if;
  return new;
end;
$$;

comment on function private.competitions_members_cap() is
  'Trigger: a membership becomes active only while its team has fewer than team_max active members, counted under a lock on the team''s row (competition-team-full).';
revoke execute on function private.competitions_members_cap() from public, anon, authenticated;

create trigger competitions_members_cap before insert or update of team_id, status on public.competitions_members
  for each row execute function private.competitions_members_cap();

-- A group's cap on teams, held the same way on the group's row (competition-group-full, 409).
-- Security definer: counts every team whoever writes.
create or replace function private.competitions_teams_group_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  cap integer;
begin
  if new.group_id is null or (tg_op = 'UPDATE' and old.group_id is not distinct from new.group_id) then
    return new;
  end if;
  select g.max_teams into cap from public.competitions_groups as g where g.id = new.group_id for update;
  if cap is not null and (select count(*) from public.competitions_teams as t
      where t.group_id = new.group_id and t.id <> new.id) >= cap then
    raise exception using errcode = 'PT409', message = 'competition-group-full';
  end if;
  return new;
end;
$$;

comment on function private.competitions_teams_group_cap() is
  'Trigger: a team joins a group only while the group has fewer than max_teams teams, counted under a lock on the group''s row (competition-group-full).';
revoke execute on function private.competitions_teams_group_cap() from public, anon, authenticated;

create trigger competitions_teams_group_cap before insert or update of group_id on public.competitions_teams
  for each row execute function private.competitions_teams_group_cap();

-- Every library item a competition shows is recorded in media_usages (so the library refuses to
-- delete it), public while the competition is published: each team's photo (kind competition-team)
-- and the design's background (kind competition-background). Security definer: members have no write
-- access to media_usages.
create or replace function private.competition_record_media(competition_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  campaign public.campaigns;
begin
  delete from public.media_usages as u
  where (u.kind = 'competition-background' and u.ref_id = competition_record_media.competition_id)
    or (u.kind = 'competition-team' and u.ref_id in (
      select t.id from public.competitions_teams as t where t.competition_id = competition_record_media.competition_id
    ));
  select * into campaign from public.campaigns as k
  where k.id = competition_record_media.competition_id and k.kind = 'competition';
  if campaign.id is null then
    return;
  end if;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select t.media_id, t.organization_id, 'competition-team', t.id, left(campaign.name, 120) || ' – ' || left(t.name, 60),
    case when campaign.published_at is not null then '-infinity'::timestamptz end
  from public.competitions_teams as t
  where t.competition_id = campaign.id and t.media_id is not null;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select m.id, m.organization_id, 'competition-background', campaign.id, left(campaign.name, 180) || ' – bakgrunn',
    case when campaign.published_at is not null then '-infinity'::timestamptz end
  from public.organizations_media as m
  where m.id = private.campaign_design_media_id(campaign) and m.organization_id = campaign.organization_id;
end;
$$;

comment on function private.competition_record_media(uuid) is
  'The media_usages rows of a competition: team photos (competition-team) and the background (competition-background), public while it is published.';
revoke execute on function private.competition_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.competitions_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A record's fields are resolved when read, so each table's trigger reads only its own.
  if tg_table_name = 'campaigns' then
    perform private.competition_record_media(new.id);
  elsif tg_op = 'DELETE' then
    delete from public.media_usages as u where u.kind = 'competition-team' and u.ref_id = old.id;
    perform private.competition_record_media(old.competition_id);
  else
    perform private.competition_record_media(new.competition_id);
  end if;
  return null;
end;
$$;

comment on function private.competitions_record_media() is
  'Trigger of competition teams and competition campaigns: private.competition_record_media after a change.';
revoke execute on function private.competitions_record_media() from public, anon, authenticated;

create trigger competitions_teams_record_media
  after insert or delete or update of media_id, name on public.competitions_teams
  for each row execute function private.competitions_record_media();

create trigger competition_campaigns_record_media
  after update of name, published_at, design on public.campaigns
  for each row when (new.kind = 'competition')
  execute function private.competitions_record_media();

-- ============================================================================================
-- 3. Row-level security: members of the organization; the public only through the functions
-- ============================================================================================

alter table public.competitions enable row level security;
alter table public.competitions_groups enable row level security;
alter table public.competitions_teams enable row level security;
alter table public.competitions_members enable row level security;
alter table public.competitions_progress enable row level security;

revoke all on public.competitions, public.competitions_groups, public.competitions_teams,
  public.competitions_members, public.competitions_progress from anon, authenticated;

grant select, insert, delete on public.competitions, public.competitions_groups, public.competitions_teams to authenticated;
grant select, delete on public.competitions_members to authenticated;
grant select on public.competitions_progress to authenticated;
grant update (starts_on, ends_on, unit, goal, team_goal, scoring, min_active_members, team_min, team_max,
  join_opens_at, lock_at, freeze_at, max_per_entry, max_per_day, milestones) on public.competitions to authenticated;
grant update (name, position, max_teams) on public.competitions_groups to authenticated;
grant update (group_id, name, motto, media_id, invite_only) on public.competitions_teams to authenticated;

create policy "Members can read their organization's competitions"
on public.competitions for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create competitions for their organization"
on public.competitions for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's competitions"
on public.competitions for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's competitions"
on public.competitions for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's competition groups"
on public.competitions_groups for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add competition groups"
on public.competitions_groups for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's competition groups"
on public.competitions_groups for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's competition groups"
on public.competitions_groups for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's competition teams"
on public.competitions_teams for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add competition teams"
on public.competitions_teams for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's competition teams"
on public.competitions_teams for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's competition teams"
on public.competitions_teams for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's team memberships"
on public.competitions_members for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can remove people from their organization's teams"
on public.competitions_members for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's progress entries"
on public.competitions_progress for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 4. Status, scoring and the freeze
-- ============================================================================================

-- The API's computed column (`select=*,competition_status`): draft, scheduled (published, before
-- starts_at), live, ended. Reads the stored rows, so a made-up row learns nothing (null for another
-- organization's draft).
create or replace function public.competition_status(competition public.competitions)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when k.published_at is null then 'draft'
    when private.campaign_now() < c.starts_at then 'scheduled'
    when private.campaign_now() >= c.ends_at then 'ended'
    else 'live'
  end
  from public.competitions as c
  join public.campaigns as k on k.id = c.id
  where c.id = competition.id
    and (k.published_at is not null or private.has_organization_role(c.organization_id));
$$;

comment on function public.competition_status(public.competitions) is
  'Computed column of competitions: draft, scheduled, live or ended against campaign_now(); null for another organization''s draft.';
revoke execute on function public.competition_status(public.competitions) from public, anon, authenticated;
grant execute on function public.competition_status(public.competitions) to anon, authenticated, service_role;

-- When joining, creating and leaving teams close: lock_at, or halfway through the period.
create or replace function private.competition_lock_at(competition public.competitions)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select coalesce(competition.lock_at, competition.starts_at + (competition.ends_at - competition.starts_at) / 2);
$$;

comment on function private.competition_lock_at(public.competitions) is 'The effective lock: lock_at, or halfway between starts_at and ends_at.';
revoke execute on function private.competition_lock_at(public.competitions) from public, anon, authenticated;

-- Which entries a reader may count: those created before the freeze while the scoreboard is frozen
-- for them (anyone but the organization's members, from freeze_at until ends_at), else all.
create or replace function private.competition_cutoff(competition public.competitions)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select case
    when competition.freeze_at is not null
      and private.campaign_now() >= competition.freeze_at
      and private.campaign_now() < competition.ends_at
      and not private.has_organization_role(competition.organization_id)
    then competition.freeze_at
    else 'infinity'::timestamptz
  end;
$$;

comment on function private.competition_cutoff(public.competitions) is
  'The moment before which entries count for the caller: freeze_at while frozen for a non-member, else infinity.';
revoke execute on function private.competition_cutoff(public.competitions) from public, anon, authenticated;

-- The one scoring rule every read shares: per team, the accepted entries logged for it and created
-- before cutoff (total), the people behind them (active_members), its active members now, and the
-- score — total, or with scoring average total divided by the active members but by at least
-- min_active_members, so a lone member cannot win on the average.
create or replace function private.competition_team_scores(competition_id uuid, cutoff timestamptz)
returns table (team_id uuid, group_id uuid, name text, total numeric, active_members integer, members integer, score numeric)
language sql
stable
set search_path = ''
as $$
  select t.id, t.group_id, t.name,
    coalesce(p.total, 0),
    coalesce(p.active, 0)::integer,
    (select count(*)::integer from public.competitions_members as m where m.team_id = t.id and m.status = 'active'),
    case when c.scoring = 'average'
      then round(coalesce(p.total, 0) / greatest(coalesce(p.active, 0), c.min_active_members, 1), 3)
      else coalesce(p.total, 0)
    end
  from public.competitions_teams as t
  join public.competitions as c on c.id = t.competition_id
  left join lateral (
    select sum(e.amount) as total, count(distinct e.participant_id) as active
    from public.competitions_progress as e
    where e.team_id = t.id and e.rejected_at is null and e.created_at < cutoff
  ) as p on true
  where t.competition_id = competition_team_scores.competition_id;
$$;

comment on function private.competition_team_scores(uuid, timestamptz) is
  'Per team of a competition: accepted progress created before cutoff (total), the people behind it, its active members and the score (total, or average per active member with min_active_members as the least divisor).';
revoke execute on function private.competition_team_scores(uuid, timestamptz) from public, anon, authenticated;

-- The leaderboard at a cutoff, overall or within one group: rank by score (ties share a rank),
-- and the rank at 00:00 Oslo today with the same cutoff for the rank change.
create or replace function private.competition_ranking(competition public.competitions, for_group uuid)
returns table (rank integer, previous_rank integer, team_id uuid, group_id uuid, name text, score numeric,
  total numeric, active_members integer, members integer)
language sql
stable
set search_path = ''
as $$
  with cut as (
    select private.competition_cutoff(competition) as now_cut,
      least(private.competition_cutoff(competition),
        private.oslo_day_start((private.campaign_now() at time zone 'Europe/Oslo')::date)) as day_cut
  ),
  current as (
    select s.*, rank() over (order by s.score desc)::integer as r
    from cut, private.competition_team_scores(competition.id, cut.now_cut) as s
    where for_group is null or s.group_id = for_group
  ),
  previous as (
    select s.team_id, rank() over (order by s.score desc)::integer as r
    from cut, private.competition_team_scores(competition.id, cut.day_cut) as s
    where (for_group is null or s.group_id = for_group) and s.total > 0
  )
  select c.r, p.r, c.team_id, c.group_id, c.name, c.score, c.total, c.active_members, c.members
  from current as c left join previous as p on p.team_id = c.team_id
  order by c.r, c.name;
$$;

comment on function private.competition_ranking(public.competitions, uuid) is
  'The leaderboard rows (rank, rank at 00:00 Oslo today, team, score, total, active members, members) for the caller''s cutoff, overall or within a group.';
revoke execute on function private.competition_ranking(public.competitions, uuid) from public, anon, authenticated;

-- A competition's accepted total for the caller's cutoff (the shared bar).
create or replace function private.competition_total(competition public.competitions)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(e.amount), 0)
  from public.competitions_progress as e
  where e.competition_id = competition.id and e.rejected_at is null
    and e.team_id is not null
    and e.created_at < private.competition_cutoff(competition);
$$;

comment on function private.competition_total(public.competitions) is
  'The accepted progress of all teams created before the caller''s cutoff: the shared fill-up bar.';
revoke execute on function private.competition_total(public.competitions) from public, anon, authenticated;

-- A library item as a public page shows it (paths for the public-media function to sign).
create or replace function private.competition_media_object(media_id uuid, organization_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'type', m.type, 'path', m.url, 'thumbnail_path', m.thumbnail_path, 'alt_text', m.alt_text,
    'width', m.width, 'height', m.height
  )
  from public.organizations_media as m
  where m.id = competition_media_object.media_id and m.organization_id = competition_media_object.organization_id;
$$;

comment on function private.competition_media_object(uuid, uuid) is 'A library item''s public fields (type, paths, alt text, size), or null.';
revoke execute on function private.competition_media_object(uuid, uuid) from public, anon, authenticated;

-- A competition by id with its campaign: published ones for anyone, drafts for the organization's
-- members (the preview); competition-not-found (404) otherwise.
create or replace function private.readable_competition(competition_id uuid, out competition public.competitions, out campaign public.campaigns)
language plpgsql
stable
set search_path = ''
as $$
begin
  select * into campaign from public.campaigns as k
  where k.id = readable_competition.competition_id and k.kind = 'competition'
    and (k.published_at is not null or private.has_organization_role(k.organization_id));
  select * into competition from public.competitions as c where c.id = campaign.id;
  if competition.id is null then
    raise exception using errcode = 'PT404', message = 'competition-not-found';
  end if;
end;
$$;

comment on function private.readable_competition(uuid) is
  'The competition and its campaign when published (or the caller is a member: the preview); competition-not-found (PT404).';
revoke execute on function private.readable_competition(uuid) from public, anon, authenticated;

-- ============================================================================================
-- 5. The organizer (members of the organization)
-- ============================================================================================

-- A new draft competition: its campaign and its own row in one transaction. Security invoker: the
-- tables' policies decide who may.
create or replace function public.create_competition(
  input_organization_id uuid,
  input_name text,
  input_starts_on date,
  input_ends_on date,
  input_unit text,
  input_goal numeric,
  input_scoring text default 'total',
  input_team_max integer default 10
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
  values (input_organization_id, 'competition', input_name)
  returning id into new_id;
  insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, scoring, team_max)
  values (new_id, input_organization_id, input_starts_on, input_ends_on, btrim(input_unit), input_goal,
          coalesce(input_scoring, 'total'), coalesce(input_team_max, 10));
  return new_id;
end;
$$;

comment on function public.create_competition(uuid, text, date, date, text, numeric, text, integer) is
  'Members: creates a draft competition (its campaign and competition row together) and returns its id.';
revoke execute on function public.create_competition(uuid, text, date, date, text, numeric, text, integer) from public, anon, authenticated;
grant execute on function public.create_competition(uuid, text, date, date, text, numeric, text, integer) to authenticated, service_role;

-- When a captain leaves or is moved, the longest-standing active member becomes captain.
create or replace function private.competition_promote_captain(team_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.competitions_members as m set role = 'captain'
  where m.id = (
    select x.id from public.competitions_members as x
    where x.team_id = competition_promote_captain.team_id and x.status = 'active'
    order by x.joined_at, x.id limit 1
  )
  and not exists (
    select 1 from public.competitions_members as c
    where c.team_id = competition_promote_captain.team_id and c.role = 'captain'
  );
$$;

comment on function private.competition_promote_captain(uuid) is
  'Makes the longest-standing active member captain of a team that has none.';
revoke execute on function private.competition_promote_captain(uuid) from public, anon, authenticated;

-- However a captain goes (leaving, removed by members, the person's erasure), the team keeps one.
-- Security definer: members may delete memberships but have no update grant on them.
create or replace function private.competitions_members_keep_captain()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.competition_promote_captain(old.team_id);
  return null;
end;
$$;

comment on function private.competitions_members_keep_captain() is
  'Trigger: after a captain''s membership is deleted, the longest-standing active member of the team becomes captain.';
revoke execute on function private.competitions_members_keep_captain() from public, anon, authenticated;

create trigger competitions_members_keep_captain after delete on public.competitions_members
  for each row when (old.role = 'captain')
  execute function private.competitions_members_keep_captain();

-- Moves a person to another team of the same competition (active, as a member); the cap holds (the
-- trigger). Security definer: members have no update grant on memberships, so this is the one way.
create or replace function public.move_competition_member(input_member_id uuid, input_team_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  membership public.competitions_members;
begin
  select * into membership from public.competitions_members as m where m.id = input_member_id for update;
  if membership.id is null or not private.has_organization_role(membership.organization_id) then
    raise exception using errcode = 'PT404', message = 'competition-member-not-found';
  end if;
  if not exists (select 1 from public.competitions_teams as t
                 where t.id = input_team_id and t.competition_id = membership.competition_id) then
    raise exception using errcode = 'PT404', message = 'competition-team-not-found';
  end if;
  if membership.team_id = input_team_id and membership.status = 'active' then
    return;
  end if;
  update public.competitions_members as m
  set team_id = input_team_id, status = 'active', role = 'member', joined_at = pg_catalog.now()
  where m.id = membership.id;
  perform private.competition_promote_captain(membership.team_id);
end;
$$;

comment on function public.move_competition_member(uuid, uuid) is
  'Members: moves a membership to another team of the competition (active, as member; the old team gets a captain if it lost one); competition-team-full when the target is full.';
revoke execute on function public.move_competition_member(uuid, uuid) from public, anon, authenticated;
grant execute on function public.move_competition_member(uuid, uuid) to authenticated, service_role;

-- Security definer: invite_code has no update grant (only a fresh random code may replace it).
create or replace function public.renew_competition_team_code(input_team_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  code text;
begin
  update public.competitions_teams as t set invite_code = private.competition_invite_code()
  where t.id = input_team_id and private.has_organization_role(t.organization_id)
  returning t.invite_code into code;
  if code is null then
    raise exception using errcode = 'PT404', message = 'competition-team-not-found';
  end if;
  return code;
end;
$$;

comment on function public.renew_competition_team_code(uuid) is
  'Members: a new invite code for a team (the old link stops working); returns it.';
revoke execute on function public.renew_competition_team_code(uuid) from public, anon, authenticated;
grant execute on function public.renew_competition_team_code(uuid) to authenticated, service_role;

-- Security definer: progress entries have no update grant; rejection is the only change.
create or replace function public.reject_competition_progress(input_entry_id uuid, input_reason text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if char_length(btrim(coalesce(input_reason, ''))) not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'competition-invalid';
  end if;
  update public.competitions_progress as e
  set rejected_at = pg_catalog.now(), rejected_reason = btrim(input_reason)
  where e.id = input_entry_id and private.has_organization_role(e.organization_id);
  if not found then
    raise exception using errcode = 'PT404', message = 'competition-entry-not-found';
  end if;
end;
$$;

comment on function public.reject_competition_progress(uuid, text) is
  'Members: rejects a progress entry with a reason (1–500 characters); it stops counting.';
revoke execute on function public.reject_competition_progress(uuid, text) from public, anon, authenticated;
grant execute on function public.reject_competition_progress(uuid, text) to authenticated, service_role;

-- Security definer: as reject_competition_progress.
create or replace function public.restore_competition_progress(input_entry_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.competitions_progress as e set rejected_at = null, rejected_reason = null
  where e.id = input_entry_id and private.has_organization_role(e.organization_id);
  if not found then
    raise exception using errcode = 'PT404', message = 'competition-entry-not-found';
  end if;
end;
$$;

comment on function public.restore_competition_progress(uuid) is 'Members: a rejected progress entry counts again.';
revoke execute on function public.restore_competition_progress(uuid) from public, anon, authenticated;
grant execute on function public.restore_competition_progress(uuid) to authenticated, service_role;

-- The list's figures. Security definer: membership is checked in the where clause, so the sums run
-- without the row policies on every row.
create or replace function public.competition_summaries(input_organization_id uuid)
returns table (competition_id uuid, status text, teams bigint, participants bigint, total numeric, goal numeric, percent numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id,
    public.competition_status(c),
    (select count(*) from public.competitions_teams as t where t.competition_id = c.id),
    (select count(*) from public.campaign_registrations as r
     where r.campaign_id = c.id and r.organization_id = c.organization_id),
    s.total,
    c.goal,
    round(s.total * 100 / c.goal, 1)
  from public.competitions as c
  join public.campaigns as k on k.id = c.id
  cross join lateral (select private.competition_total(c) as total) as s
  where c.organization_id = input_organization_id
    and private.has_organization_role(c.organization_id)
  order by k.created_at desc;
$$;

comment on function public.competition_summaries(uuid) is
  'Members: status, teams, participants (registrations), accepted total, goal and percent of each competition of the organization, newest first; no rows for anyone else.';
revoke execute on function public.competition_summaries(uuid) from public, anon, authenticated;
grant execute on function public.competition_summaries(uuid) to authenticated, service_role;

-- The editor's «Statistikk». Security definer: membership is checked once at the top.
create or replace function public.competition_statistics(input_competition_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  competition public.competitions;
  today date := (private.campaign_now() at time zone 'Europe/Oslo')::date;
  total numeric;
begin
  select * into competition from public.competitions as c where c.id = input_competition_id;
  if competition.id is null or not private.has_organization_role(competition.organization_id) then
    raise exception using errcode = 'PT404', message = 'competition-not-found';
  end if;
  total := private.competition_total(competition);
  return (
    with members as (
      select m.participant_id, exists (
          select 1 from public.competitions_progress as e
          where e.participant_id = m.participant_id and e.competition_id = competition.id and e.rejected_at is null
        ) as active
      from public.competitions_members as m
      where m.competition_id = competition.id and m.status = 'active'
    )
    select jsonb_build_object(
      'participants', (select count(*) from public.campaign_registrations as r
                       where r.campaign_id = competition.id and r.organization_id = competition.organization_id),
      'members', (select count(*) from members),
      'teams', (select count(*) from public.competitions_teams as t where t.competition_id = competition.id),
      'active_members', (select count(*) from members where active),
      'active_share', (select case when count(*) > 0 then round(count(*) filter (where active)::numeric / count(*), 4) end from members),
      'total', total,
      'goal', competition.goal,
      'percent', round(total * 100 / competition.goal, 1),
      'entries', (select count(*) from public.competitions_progress as e where e.competition_id = competition.id and e.rejected_at is null),
      'rejected_entries', (select count(*) from public.competitions_progress as e where e.competition_id = competition.id and e.rejected_at is not null),
      'days', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'date', g.day,
          'amount', coalesce((select sum(e.amount) from public.competitions_progress as e
                              where e.competition_id = competition.id and e.rejected_at is null and e.on_date = g.day), 0),
          'entries', (select count(*) from public.competitions_progress as e
                      where e.competition_id = competition.id and e.rejected_at is null and e.on_date = g.day)
        ) order by g.day), '[]')
        from (
          select s::date as day
          from generate_series(competition.starts_on, least(today, competition.ends_on), interval '1 day') as s
        ) as g
      )
    )
  );
end;
$$;

comment on function public.competition_statistics(uuid) is
  'Members: participants, members, teams, active members and share, accepted total, goal, percent, entries, rejected entries, and per Oslo date of the period so far the accepted amount and entries; competition-not-found for anyone else.';
revoke execute on function public.competition_statistics(uuid) from public, anon, authenticated;
grant execute on function public.competition_statistics(uuid) to authenticated, service_role;

-- One row per membership for the CSV. Security definer: membership is checked in the where clause.
create or replace function public.competition_export_rows(input_competition_id uuid)
returns table (team_name text, group_name text, role text, status text, name text, email text, phone text,
  joined_at timestamptz, total numeric, entries bigint, marketing_consent boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select t.name, g.name, m.role, m.status, p.name, p.email, p.phone, m.joined_at,
    coalesce((select sum(e.amount) from public.competitions_progress as e
              where e.participant_id = p.id and e.competition_id = c.id and e.rejected_at is null), 0),
    (select count(*) from public.competitions_progress as e
     where e.participant_id = p.id and e.competition_id = c.id and e.rejected_at is null),
    exists (select 1 from public.consents as k
            where k.participant_id = p.id and k.campaign_id = c.id and k.purpose = 'marketing' and k.withdrawn_at is null)
  from public.competitions as c
  join public.competitions_members as m on m.competition_id = c.id
  join public.competitions_teams as t on t.id = m.team_id
  left join public.competitions_groups as g on g.id = t.group_id
  join public.participants as p on p.id = m.participant_id
  where c.id = input_competition_id and private.has_organization_role(c.organization_id)
  order by g.position nulls first, g.name, t.name, m.role, p.name;
$$;

comment on function public.competition_export_rows(uuid) is
  'Members: one row per team membership (team, group, role, status, person, joined, accepted total and entries, marketing consent) for the CSV export.';
revoke execute on function public.competition_export_rows(uuid) from public, anon, authenticated;
grant execute on function public.competition_export_rows(uuid) to authenticated, service_role;

-- ============================================================================================
-- 6. Public reads (published competitions; members also their drafts, for the preview)
-- ============================================================================================

-- Security definer: the public reads only what these return, never the tables.
create or replace function public.competition_leaderboard(input_competition_id uuid, input_group_id uuid default null)
returns table (rank integer, previous_rank integer, team_id uuid, group_id uuid, name text, score numeric,
  total numeric, active_members integer, members integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  readable record := private.readable_competition(input_competition_id);
begin
  if input_group_id is not null and not exists (
    select 1 from public.competitions_groups as g where g.id = input_group_id and g.competition_id = (readable.competition).id
  ) then
    raise exception using errcode = 'PT404', message = 'competition-group-not-found';
  end if;
  return query select * from private.competition_ranking(readable.competition, input_group_id);
end;
$$;

comment on function public.competition_leaderboard(uuid, uuid) is
  'Public: the leaderboard overall or within a group (rank, rank at 00:00 Oslo today, team, score, total, active members, members), frozen for the public from freeze_at until the end.';
revoke execute on function public.competition_leaderboard(uuid, uuid) from public, anon, authenticated;
grant execute on function public.competition_leaderboard(uuid, uuid) to anon, authenticated, service_role;

-- Security definer: as competition_leaderboard.
create or replace function public.competition_public(input_competition_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  readable record := private.readable_competition(input_competition_id);
  competition public.competitions := readable.competition;
  campaign public.campaigns := readable.campaign;
  total numeric := private.competition_total(readable.competition);
  percent numeric := round(total * 100 / (readable.competition).goal, 1);
begin
  return jsonb_build_object(
    'id', competition.id,
    'name', campaign.name,
    'status', public.competition_status(competition),
    'now', private.campaign_now(),
    'unit', competition.unit,
    'goal', competition.goal,
    'team_goal', competition.team_goal,
    'scoring', competition.scoring,
    'min_active_members', competition.min_active_members,
    'team_min', competition.team_min,
    'team_max', competition.team_max,
    'starts_on', competition.starts_on,
    'ends_on', competition.ends_on,
    'starts_at', competition.starts_at,
    'ends_at', competition.ends_at,
    'join_opens_at', competition.join_opens_at,
    'lock_at', private.competition_lock_at(competition),
    'freeze_at', competition.freeze_at,
    'frozen', private.competition_cutoff(competition) < 'infinity'::timestamptz,
    'rules_text', campaign.rules_text,
    'consent_text', campaign.consent_text,
    'marketing_consent_text', campaign.marketing_consent_text,
    'reminders_enabled', campaign.reminders_enabled,
    'design', campaign.design,
    'background', private.campaign_public_background(campaign),
    'total', total,
    'percent', percent,
    'milestones', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'percent', (m ->> 'percent')::numeric, 'label', m ->> 'label', 'reached', percent >= (m ->> 'percent')::numeric
      ) order by (m ->> 'percent')::numeric), '[]')
      from jsonb_array_elements(competition.milestones) as m
    ),
    'participants', (select count(*) from public.competitions_members as m
                     where m.competition_id = competition.id and m.status = 'active'),
    'teams', (select count(*) from public.competitions_teams as t where t.competition_id = competition.id),
    'groups', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', g.id, 'name', g.name, 'max_teams', g.max_teams,
        'teams', (select count(*) from public.competitions_teams as t where t.group_id = g.id)
      ) order by g.position, g.name), '[]')
      from public.competitions_groups as g where g.competition_id = competition.id
    ),
    'top_teams', (
      select coalesce(jsonb_agg(to_jsonb(r)), '[]')
      from (select * from private.competition_ranking(competition, null) limit 5) as r
    )
  );
end;
$$;

comment on function public.competition_public(uuid) is
  'Public: a competition''s intro — public fields, status, the clock, the effective lock, whether frozen, the shared total and percent (frozen for the public), milestones with reached, active members, teams, groups with team counts, the top five teams; competition-not-found otherwise.';
revoke execute on function public.competition_public(uuid) from public, anon, authenticated;
grant execute on function public.competition_public(uuid) to anon, authenticated, service_role;

-- Security definer: as competition_leaderboard.
create or replace function public.competition_public_teams(input_competition_id uuid)
returns table (team_id uuid, group_id uuid, group_name text, name text, motto text, invite_only boolean,
  members integer, free_places integer, total numeric, score numeric, team_goal_percent numeric, rank integer, photo jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  readable record := private.readable_competition(input_competition_id);
begin
  return query
  select t.id, t.group_id, g.name, t.name, t.motto, t.invite_only, r.members,
    greatest((readable.competition).team_max - r.members, 0),
    r.total, r.score,
    case when (readable.competition).team_goal is not null then round(r.total * 100 / (readable.competition).team_goal, 1) end,
    r.rank,
    private.competition_media_object(t.media_id, t.organization_id)
  from public.competitions_teams as t
  join private.competition_ranking(readable.competition, null) as r on r.team_id = t.id
  left join public.competitions_groups as g on g.id = t.group_id
  where t.competition_id = (readable.competition).id
  order by g.position nulls first, g.name, t.name;
end;
$$;

comment on function public.competition_public_teams(uuid) is
  'Public: every team with its group, members, free places, total, score, percent of the team goal, overall rank and photo (frozen for the public).';
revoke execute on function public.competition_public_teams(uuid) from public, anon, authenticated;
grant execute on function public.competition_public_teams(uuid) to anon, authenticated, service_role;

-- Security definer: as competition_leaderboard.
create or replace function public.competition_public_team(input_competition_id uuid, input_team_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  readable record := private.readable_competition(input_competition_id);
  competition public.competitions := readable.competition;
  team public.competitions_teams;
  standing record;
begin
  select * into team from public.competitions_teams as t where t.id = input_team_id and t.competition_id = competition.id;
  if team.id is null then
    raise exception using errcode = 'PT404', message = 'competition-team-not-found';
  end if;
  select * into standing from private.competition_ranking(competition, null) as r where r.team_id = team.id;
  return jsonb_build_object(
    'team_id', team.id,
    'group_id', team.group_id,
    'group_name', (select g.name from public.competitions_groups as g where g.id = team.group_id),
    'name', team.name,
    'motto', team.motto,
    'invite_only', team.invite_only,
    'members', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'name', private.first_name_and_initial(p.name), 'role', m.role, 'joined_at', m.joined_at
      ) order by m.role, m.joined_at), '[]')
      from public.competitions_members as m join public.participants as p on p.id = m.participant_id
      where m.team_id = team.id and m.status = 'active'
    ),
    'free_places', greatest(competition.team_max - standing.members, 0),
    'total', standing.total,
    'score', standing.score,
    'team_goal', competition.team_goal,
    'team_goal_percent', case when competition.team_goal is not null then round(standing.total * 100 / competition.team_goal, 1) end,
    'rank', standing.rank,
    'photo', private.competition_media_object(team.media_id, team.organization_id),
    'activity', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'name', a.name, 'amount', a.amount, 'on_date', a.on_date, 'created_at', a.created_at
      ) order by a.created_at desc), '[]')
      from (
        select private.first_name_and_initial(p.name) as name, e.amount, e.on_date, e.created_at
        from public.competitions_progress as e join public.participants as p on p.id = e.participant_id
        where e.team_id = team.id and e.rejected_at is null and e.created_at < private.competition_cutoff(competition)
        order by e.created_at desc limit 20
      ) as a
    )
  );
end;
$$;

comment on function public.competition_public_team(uuid, uuid) is
  'Public: one team — group, name, motto, active members (first name and initial, role), free places, total, score, team goal and percent, rank, photo and the latest 20 accepted entries (all frozen for the public); competition-team-not-found.';
revoke execute on function public.competition_public_team(uuid, uuid) from public, anon, authenticated;
grant execute on function public.competition_public_team(uuid, uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 7. Public writes: join, create a team, pre-register
-- ============================================================================================

-- A published competition by id with its campaign, or competition-not-found (404): what the public
-- writes to (a member's preview of a draft takes no writes).
create or replace function private.published_competition(competition_id uuid, out competition public.competitions, out campaign public.campaigns)
language plpgsql
stable
set search_path = ''
as $$
begin
  select * into campaign from public.campaigns as k
  where k.id = published_competition.competition_id and k.kind = 'competition' and k.published_at is not null;
  select * into competition from public.competitions as c where c.id = campaign.id;
  if competition.id is null then
    raise exception using errcode = 'PT404', message = 'competition-not-found';
  end if;
end;
$$;

comment on function private.published_competition(uuid) is
  'The published competition with this id and its campaign; competition-not-found (PT404) otherwise.';
revoke execute on function private.published_competition(uuid) from public, anon, authenticated;

-- Joining and creating teams: from join_opens_at (null: publication) until the effective lock, and
-- never after the end.
create or replace function private.competition_check_join_window(competition public.competitions)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if competition.join_opens_at is not null and private.campaign_now() < competition.join_opens_at then
    raise exception using errcode = 'P0001', message = 'competition-join-not-open';
  end if;
  if private.campaign_now() >= least(private.competition_lock_at(competition), competition.ends_at) then
    raise exception using errcode = 'P0001', message = 'competition-join-closed';
  end if;
end;
$$;

comment on function private.competition_check_join_window(public.competitions) is
  'Raises competition-join-not-open before join_opens_at and competition-join-closed from the effective lock (or the end).';
revoke execute on function private.competition_check_join_window(public.competitions) from public, anon, authenticated;

-- The one way into a team from the public. Exactly one of a team id, its invite code (joins an
-- invite-only team too) or a group («plasser meg»: that group's open team with most free places).
-- The cap is the membership trigger's (a lock on the team's row); a person is in one team by the
-- unique constraint. A known address already in the competition changes nothing and gets the answer
-- a first join would get — the team full as well — so the reply tells nobody whether it takes part.
-- Security definer: the public has no write access to participants or memberships.
create or replace function public.join_competition_team(
  input_competition_id uuid,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_team_id uuid default null,
  input_invite_code text default null,
  input_group_id uuid default null,
  input_honeypot text default null,
  input_name text default null,
  input_phone text default null,
  input_marketing_consent boolean default false,
  input_reminders_opt_in boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  published record := private.published_competition(input_competition_id);
  competition public.competitions := published.competition;
  campaign public.campaigns := published.campaign;
  code text := lower(nullif(btrim(input_invite_code), ''));
  team public.competitions_teams;
  participant public.participants;
  outcome text;
begin
  if num_nonnulls(input_team_id, code, input_group_id) <> 1 then
    raise exception using errcode = 'P0001', message = 'competition-invalid';
  end if;
  perform private.competition_check_join_window(competition);
  participant := private.upsert_participant(
    campaign, 'competition-join', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, input_reminders_opt_in
  );

  if input_group_id is not null then
    -- Place-me calls of one group queue here, so two of them never pick the same last place.
    perform 1 from public.competitions_groups as g
    where g.id = input_group_id and g.competition_id = competition.id for update;
    if not found then
      raise exception using errcode = 'PT404', message = 'competition-group-not-found';
    end if;
    select t.* into team
    from public.competitions_teams as t
    cross join lateral (select count(*) as members from public.competitions_members as m
                        where m.team_id = t.id and m.status = 'active') as n
    where t.group_id = input_group_id and not t.invite_only and n.members < competition.team_max
    order by competition.team_max - n.members desc, t.created_at, t.id
    limit 1;
    if team.id is null then
      raise exception using errcode = 'PT409', message = 'competition-no-open-team';
    end if;
  elsif code is not null then
    select * into team from public.competitions_teams as t where t.invite_code = code and t.competition_id = competition.id;
  else
    select * into team from public.competitions_teams as t where t.id = input_team_id and t.competition_id = competition.id;
  end if;
  if team.id is null then
    raise exception using errcode = 'PT404', message = 'competition-team-not-found';
  end if;

  outcome := case when team.invite_only and code is null then 'requested' else 'joined' end;
  -- The cap trigger runs before the conflict check, so a known person meets a full team as anyone would.
  insert into public.competitions_members (competition_id, team_id, participant_id, organization_id, status)
  values (competition.id, team.id, participant.id, competition.organization_id,
          case outcome when 'requested' then 'pending' else 'active' end)
  on conflict (competition_id, participant_id) do nothing;

  perform private.record_entry_consents(campaign, participant, input_marketing_consent);
  perform private.upsert_lead_for(participant, campaign.id);
  return jsonb_build_object('outcome', outcome, 'team_id', team.id, 'team_name', team.name);
end;
$$;

comment on function public.join_competition_team(uuid, text, boolean, timestamptz, uuid, text, uuid, text, text, text, boolean, boolean) is
  'Public: joins a team by id, invite code or place-me (a group''s open team with most room): the engine''s participant write, consents and lead; joined, or requested for an invite-only team without its code. competition-team-full under any race; a known address changes nothing and answers alike.';
revoke execute on function public.join_competition_team(uuid, text, boolean, timestamptz, uuid, text, uuid, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.join_competition_team(uuid, text, boolean, timestamptz, uuid, text, uuid, text, text, text, boolean, boolean)
  to anon, authenticated, service_role;

-- A new team from the public page; its creator becomes captain. The answer carries no team id: a
-- known address already in a team gets the same answer and no team, and an id would tell.
-- Security definer: the public has no write access to teams or memberships.
create or replace function public.create_competition_team(
  input_competition_id uuid,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_team_name text,
  input_group_id uuid default null,
  input_motto text default null,
  input_invite_only boolean default false,
  input_honeypot text default null,
  input_name text default null,
  input_phone text default null,
  input_marketing_consent boolean default false,
  input_reminders_opt_in boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  published record := private.published_competition(input_competition_id);
  competition public.competitions := published.competition;
  campaign public.campaigns := published.campaign;
  team_name text := btrim(input_team_name);
  motto text := nullif(btrim(input_motto), '');
  has_groups boolean;
  participant public.participants;
  new_team_id uuid;
  member_id uuid;
begin
  perform private.competition_check_join_window(competition);
  if coalesce(char_length(team_name), 0) not between 1 and 60 or coalesce(char_length(motto), 0) > 200 then
    raise exception using errcode = 'P0001', message = 'competition-team-invalid';
  end if;
  has_groups := exists (select 1 from public.competitions_groups as g where g.competition_id = competition.id);
  if (input_group_id is null) = has_groups
    or (input_group_id is not null and not exists (
      select 1 from public.competitions_groups as g where g.id = input_group_id and g.competition_id = competition.id
    )) then
    raise exception using errcode = 'PT404', message = 'competition-group-not-found';
  end if;
  participant := private.upsert_participant(
    campaign, 'competition-join', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, input_reminders_opt_in
  );
  perform private.record_entry_consents(campaign, participant, input_marketing_consent);
  perform private.upsert_lead_for(participant, campaign.id);

  begin
    insert into public.competitions_teams (competition_id, organization_id, group_id, name, motto, invite_only, created_by)
    values (competition.id, competition.organization_id, input_group_id, team_name, motto,
            coalesce(input_invite_only, false), participant.id)
    returning id into new_team_id;
  exception when unique_violation then
    raise exception using errcode = 'PT409', message = 'competition-team-name-taken';
  end;
  insert into public.competitions_members (competition_id, team_id, participant_id, organization_id, role)
  values (competition.id, new_team_id, participant.id, competition.organization_id, 'captain')
  on conflict (competition_id, participant_id) do nothing
  returning id into member_id;
  if member_id is null then
    -- Already in a team of this competition: the team is not made, and the answer is the same.
    delete from public.competitions_teams as t where t.id = new_team_id;
  end if;
  return jsonb_build_object('outcome', 'created', 'team_name', team_name);
end;
$$;

comment on function public.create_competition_team(uuid, text, boolean, timestamptz, text, uuid, text, boolean, text, text, text, boolean, boolean) is
  'Public: creates a team (in a group when the competition has groups; the group''s cap holds) with its creator as captain, through the engine''s participant write, consents and lead. Returns {outcome: created, team_name}; a known address already in a team makes nothing and gets the same answer.';
revoke execute on function public.create_competition_team(uuid, text, boolean, timestamptz, text, uuid, text, boolean, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.create_competition_team(uuid, text, boolean, timestamptz, text, uuid, text, boolean, text, text, text, boolean, boolean)
  to anon, authenticated, service_role;

-- Pre-registration (the countdown page): the participant, registration, consents and lead, no team.
-- Security definer: the public has no write access to participants or leads.
create or replace function public.register_competition_participant(
  input_competition_id uuid,
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
  published record := private.published_competition(input_competition_id);
  campaign public.campaigns := published.campaign;
  participant public.participants;
begin
  if private.campaign_now() >= (published.competition).ends_at then
    raise exception using errcode = 'P0001', message = 'competition-ended';
  end if;
  participant := private.upsert_participant(
    campaign, 'competition-join', input_email, input_consent, input_form_shown_at, input_honeypot, input_name,
    input_phone, input_reminders_opt_in
  );
  perform private.record_entry_consents(campaign, participant, input_marketing_consent);
  perform private.upsert_lead_for(participant, campaign.id);
  -- A known address answers as a new one does.
  return 'registered';
end;
$$;

comment on function public.register_competition_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean) is
  'Public: pre-registration for a published competition (the engine''s participant write, consents, lead); registered, a known address too; competition-ended after the end.';
revoke execute on function public.register_competition_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.register_competition_participant(uuid, text, boolean, timestamptz, text, text, text, boolean, boolean)
  to anon, authenticated, service_role;

-- ============================================================================================
-- 8. By the participation token: the person's page, progress, leaving, captain actions
-- ============================================================================================

-- The person of a token and a competition of their organization; participant-not-found (404) for a
-- wrong or expired token, competition-not-found for a competition of another organization.
create or replace function private.competition_for_token(
  token text, competition_id uuid,
  out person public.participants, out competition public.competitions, out campaign public.campaigns
)
language plpgsql
stable
set search_path = ''
as $$
begin
  person := private.participant_by_token(token);
  select * into campaign from public.campaigns as k
  where k.id = competition_for_token.competition_id and k.kind = 'competition'
    and k.organization_id = person.organization_id;
  select * into competition from public.competitions as c where c.id = campaign.id;
  if competition.id is null then
    raise exception using errcode = 'PT404', message = 'competition-not-found';
  end if;
end;
$$;

comment on function private.competition_for_token(text, uuid) is
  'The participant of a participation token and a competition of their organization; participant-not-found / competition-not-found (PT404).';
revoke execute on function private.competition_for_token(text, uuid) from public, anon, authenticated;

-- The caller's active captaincy in a competition, locked; competition-not-captain (403) otherwise.
create or replace function private.competition_captain(token text, competition_id uuid)
returns public.competitions_members
language plpgsql
volatile
set search_path = ''
as $$
declare
  context record := private.competition_for_token(token, competition_id);
  captain public.competitions_members;
begin
  select * into captain from public.competitions_members as m
  where m.competition_id = (context.competition).id and m.participant_id = (context.person).id
    and m.role = 'captain' and m.status = 'active'
  for update;
  if captain.id is null then
    raise exception using errcode = 'PT403', message = 'competition-not-captain';
  end if;
  return captain;
end;
$$;

comment on function private.competition_captain(text, uuid) is
  'The token''s person''s captain membership in the competition (locked); competition-not-captain (PT403) otherwise.';
revoke execute on function private.competition_captain(text, uuid) from public, anon, authenticated;

-- The person's competition page in one call. Their own entries are live; the team's rank follows the
-- public freeze. Security definer: the token alone decides whose data it reaches.
create or replace function public.competition_participation(input_token text, input_competition_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context record := private.competition_for_token(input_token, input_competition_id);
  person public.participants := context.person;
  competition public.competitions := context.competition;
  membership public.competitions_members;
  team public.competitions_teams;
  standing record;
  is_captain boolean;
  total numeric := private.competition_total(context.competition);
  today date := (private.campaign_now() at time zone 'Europe/Oslo')::date;
begin
  select * into membership from public.competitions_members as m
  where m.competition_id = competition.id and m.participant_id = person.id;
  select * into team from public.competitions_teams as t where t.id = membership.team_id;
  select * into standing from private.competition_ranking(competition, null) as r where r.team_id = team.id;
  is_captain := membership.role = 'captain';
  return jsonb_build_object(
    'competition', jsonb_build_object(
      'id', competition.id, 'name', (context.campaign).name, 'status', public.competition_status(competition),
      'now', private.campaign_now(), 'unit', competition.unit, 'goal', competition.goal,
      'team_goal', competition.team_goal, 'scoring', competition.scoring,
      'starts_on', competition.starts_on, 'ends_on', competition.ends_on,
      'starts_at', competition.starts_at, 'ends_at', competition.ends_at,
      'lock_at', private.competition_lock_at(competition),
      'max_per_entry', competition.max_per_entry, 'max_per_day', competition.max_per_day,
      'total', total, 'percent', round(total * 100 / competition.goal, 1)
    ),
    'membership', case when membership.id is not null then jsonb_build_object(
      'member_id', membership.id, 'team_id', membership.team_id, 'role', membership.role,
      'status', membership.status, 'joined_at', membership.joined_at
    ) end,
    'team', case when team.id is not null then jsonb_build_object(
      'team_id', team.id,
      'group_id', team.group_id,
      'group_name', (select g.name from public.competitions_groups as g where g.id = team.group_id),
      'name', team.name,
      'motto', team.motto,
      'invite_only', team.invite_only,
      'invite_code', case when is_captain then team.invite_code end,
      'members', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'member_id', m.id, 'name', private.first_name_and_initial(p.name), 'role', m.role, 'joined_at', m.joined_at
        ) order by m.role, m.joined_at), '[]')
        from public.competitions_members as m join public.participants as p on p.id = m.participant_id
        where m.team_id = team.id and m.status = 'active'
      ),
      'requests', case when is_captain then (
        select coalesce(jsonb_agg(jsonb_build_object(
          'member_id', m.id, 'name', private.first_name_and_initial(p.name), 'requested_at', m.created_at
        ) order by m.created_at), '[]')
        from public.competitions_members as m join public.participants as p on p.id = m.participant_id
        where m.team_id = team.id and m.status = 'pending'
      ) else '[]'::jsonb end,
      'free_places', greatest(competition.team_max - standing.members, 0),
      'total', standing.total,
      'score', standing.score,
      'team_goal_percent', case when competition.team_goal is not null then round(standing.total * 100 / competition.team_goal, 1) end,
      'rank', standing.rank
    ) end,
    'entries', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', e.id, 'amount', e.amount, 'on_date', e.on_date, 'note', e.note, 'created_at', e.created_at,
        'rejected_at', e.rejected_at, 'rejected_reason', e.rejected_reason, 'team_id', e.team_id
      ) order by e.on_date desc, e.created_at desc), '[]')
      from public.competitions_progress as e
      where e.participant_id = person.id and e.competition_id = competition.id
    ),
    'today_total', (
      select coalesce(sum(e.amount), 0) from public.competitions_progress as e
      where e.participant_id = person.id and e.competition_id = competition.id and e.on_date = today and e.rejected_at is null
    )
  );
end;
$$;

comment on function public.competition_participation(text, uuid) is
  'By participation token: the person''s competition page — the competition, their membership and team (invite code and join requests for the captain), their entries and today''s total.';
revoke execute on function public.competition_participation(text, uuid) from public, anon, authenticated;
grant execute on function public.competition_participation(text, uuid) to anon, authenticated, service_role;

-- Logs progress. The person's membership row is locked first, so two quick entries cannot pass the
-- day's limit together. Security definer: the public has no write access to progress.
create or replace function public.log_competition_progress(
  input_token text,
  input_competition_id uuid,
  input_amount numeric,
  input_on_date date,
  input_note text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  context record := private.competition_for_token(input_token, input_competition_id);
  competition public.competitions := context.competition;
  clock timestamptz := private.campaign_now();
  today date := (private.campaign_now() at time zone 'Europe/Oslo')::date;
  membership public.competitions_members;
  logged numeric;
  entry_id uuid;
begin
  perform private.check_public_rate('competition-progress', 60);
  select * into membership from public.competitions_members as m
  where m.competition_id = competition.id and m.participant_id = (context.person).id and m.status = 'active'
  for update;
  if membership.id is null then
    raise exception using errcode = 'P0001', message = 'competition-no-team';
  end if;
  if clock < competition.starts_at then
    raise exception using errcode = 'P0001', message = 'competition-not-started';
  end if;
  if clock >= competition.ends_at then
    raise exception using errcode = 'P0001', message = 'competition-ended';
  end if;
  if input_on_date is null or input_on_date < competition.starts_on or input_on_date > least(today, competition.ends_on) then
    raise exception using errcode = 'P0001', message = 'competition-date-invalid';
  end if;
  if input_amount is null or input_amount <= 0 or input_amount >= 1e9 or input_amount <> round(input_amount, 3) then
    raise exception using errcode = 'P0001', message = 'competition-amount-invalid';
  end if;
  if competition.max_per_entry is not null and input_amount > competition.max_per_entry then
    raise exception using errcode = 'P0001', message = 'competition-entry-limit';
  end if;
  if competition.max_per_day is not null then
    select coalesce(sum(e.amount), 0) into logged from public.competitions_progress as e
    where e.participant_id = membership.participant_id and e.competition_id = competition.id
      and e.on_date = input_on_date and e.rejected_at is null;
    if logged + input_amount > competition.max_per_day then
      raise exception using errcode = 'P0001', message = 'competition-day-limit';
    end if;
  end if;
  if char_length(input_note) > 500 then
    raise exception using errcode = 'P0001', message = 'competition-invalid';
  end if;
  -- created_at by the campaigns' clock, which the freeze compares with.
  insert into public.competitions_progress (competition_id, organization_id, participant_id, team_id, amount, on_date, note, created_at)
  values (competition.id, competition.organization_id, membership.participant_id, membership.team_id, input_amount,
          input_on_date, nullif(btrim(input_note), ''), clock)
  returning id into entry_id;
  return entry_id;
end;
$$;

comment on function public.log_competition_progress(text, uuid, numeric, date, text) is
  'By participation token: logs progress for the person''s team (amount > 0 with at most 3 decimals, an Oslo date of the period up to today, per-entry and per-day limits, 60 a minute per IP); returns the entry id.';
revoke execute on function public.log_competition_progress(text, uuid, numeric, date, text) from public, anon, authenticated;
grant execute on function public.log_competition_progress(text, uuid, numeric, date, text) to anon, authenticated, service_role;

-- Security definer: the public has no write access to progress.
create or replace function public.delete_competition_progress(input_token text, input_entry_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  person public.participants := private.participant_by_token(input_token);
  entry public.competitions_progress;
begin
  select * into entry from public.competitions_progress as e
  where e.id = input_entry_id and e.participant_id = person.id for update;
  if entry.id is null then
    raise exception using errcode = 'PT404', message = 'competition-entry-not-found';
  end if;
  if private.campaign_now() >= (select c.ends_at from public.competitions as c where c.id = entry.competition_id) then
    raise exception using errcode = 'P0001', message = 'competition-ended';
  end if;
  delete from public.competitions_progress as e where e.id = entry.id;
end;
$$;

comment on function public.delete_competition_progress(text, uuid) is
  'By participation token: deletes one of the person''s own progress entries before the end.';
revoke execute on function public.delete_competition_progress(text, uuid) from public, anon, authenticated;
grant execute on function public.delete_competition_progress(text, uuid) to anon, authenticated, service_role;

-- Leaving (or withdrawing a join request) until the lock; a leaving captain's team gets the
-- longest-standing member as captain. Security definer: the public has no write access to memberships.
create or replace function public.leave_competition_team(input_token text, input_competition_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  context record := private.competition_for_token(input_token, input_competition_id);
  membership public.competitions_members;
begin
  select * into membership from public.competitions_members as m
  where m.competition_id = (context.competition).id and m.participant_id = (context.person).id
  for update;
  if membership.id is null then
    raise exception using errcode = 'P0001', message = 'competition-no-team';
  end if;
  if private.campaign_now() >= least(private.competition_lock_at(context.competition), (context.competition).ends_at) then
    raise exception using errcode = 'P0001', message = 'competition-join-closed';
  end if;
  delete from public.competitions_members as m where m.id = membership.id;
end;
$$;

comment on function public.leave_competition_team(text, uuid) is
  'By participation token: leaves the team (or withdraws a request) before the lock; a captain''s team gets a new captain.';
revoke execute on function public.leave_competition_team(text, uuid) from public, anon, authenticated;
grant execute on function public.leave_competition_team(text, uuid) to anon, authenticated, service_role;

-- Captain actions. Security definer: the public has no write access to teams or memberships, and the
-- captain check is the token's.
create or replace function public.decide_competition_join_request(
  input_token text, input_competition_id uuid, input_member_id uuid, input_approve boolean
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  captain public.competitions_members := private.competition_captain(input_token, input_competition_id);
  competition public.competitions;
begin
  perform 1 from public.competitions_members as m
  where m.id = input_member_id and m.team_id = captain.team_id and m.status = 'pending' for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'competition-member-not-found';
  end if;
  if input_approve then
    select * into competition from public.competitions as c where c.id = captain.competition_id;
    perform private.competition_check_join_window(competition);
    update public.competitions_members as m set status = 'active', joined_at = pg_catalog.now() where m.id = input_member_id;
  else
    delete from public.competitions_members as m where m.id = input_member_id;
  end if;
end;
$$;

comment on function public.decide_competition_join_request(text, uuid, uuid, boolean) is
  'By a captain''s token: approves (within the join window; competition-team-full when full) or declines a join request to their team.';
revoke execute on function public.decide_competition_join_request(text, uuid, uuid, boolean) from public, anon, authenticated;
grant execute on function public.decide_competition_join_request(text, uuid, uuid, boolean) to anon, authenticated, service_role;

-- Security definer: as decide_competition_join_request.
create or replace function public.remove_competition_member(input_token text, input_competition_id uuid, input_member_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  captain public.competitions_members := private.competition_captain(input_token, input_competition_id);
begin
  delete from public.competitions_members as m
  where m.id = input_member_id and m.team_id = captain.team_id and m.id <> captain.id;
  if not found then
    raise exception using errcode = 'PT404', message = 'competition-member-not-found';
  end if;
end;
$$;

comment on function public.remove_competition_member(text, uuid, uuid) is
  'By a captain''s token: removes another member (or request) from their team.';
revoke execute on function public.remove_competition_member(text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.remove_competition_member(text, uuid, uuid) to anon, authenticated, service_role;

-- Security definer: as decide_competition_join_request.
create or replace function public.hand_over_competition_captaincy(input_token text, input_competition_id uuid, input_member_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  captain public.competitions_members := private.competition_captain(input_token, input_competition_id);
begin
  update public.competitions_members as m set role = 'captain'
  where m.id = input_member_id and m.team_id = captain.team_id and m.status = 'active' and m.id <> captain.id;
  if not found then
    raise exception using errcode = 'PT404', message = 'competition-member-not-found';
  end if;
  update public.competitions_members as m set role = 'member' where m.id = captain.id;
end;
$$;

comment on function public.hand_over_competition_captaincy(text, uuid, uuid) is
  'By a captain''s token: makes another active member of their team captain; the caller becomes a member.';
revoke execute on function public.hand_over_competition_captaincy(text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.hand_over_competition_captaincy(text, uuid, uuid) to anon, authenticated, service_role;

-- Security definer: as decide_competition_join_request.
create or replace function public.update_competition_team(
  input_token text, input_competition_id uuid, input_name text, input_motto text, input_invite_only boolean
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  captain public.competitions_members := private.competition_captain(input_token, input_competition_id);
  team_name text := btrim(input_name);
  motto text := nullif(btrim(input_motto), '');
begin
  if coalesce(char_length(team_name), 0) not between 1 and 60 or coalesce(char_length(motto), 0) > 200
    or input_invite_only is null then
    raise exception using errcode = 'P0001', message = 'competition-team-invalid';
  end if;
  update public.competitions_teams as t
  set name = team_name, motto = update_competition_team.motto, invite_only = input_invite_only
  where t.id = captain.team_id;
exception when unique_violation then
  raise exception using errcode = 'PT409', message = 'competition-team-name-taken';
end;
$$;

comment on function public.update_competition_team(text, uuid, text, text, boolean) is
  'By a captain''s token: their team''s name (1–60), motto (≤ 200) and open or invite-only.';
revoke execute on function public.update_competition_team(text, uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function public.update_competition_team(text, uuid, text, text, boolean) to anon, authenticated, service_role;

-- Security definer: as decide_competition_join_request.
create or replace function public.renew_competition_invite_code(input_token text, input_competition_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  captain public.competitions_members := private.competition_captain(input_token, input_competition_id);
  code text;
begin
  update public.competitions_teams as t set invite_code = private.competition_invite_code()
  where t.id = captain.team_id
  returning t.invite_code into code;
  return code;
end;
$$;

comment on function public.renew_competition_invite_code(text, uuid) is
  'By a captain''s token: a new invite code for their team (the old link stops working); returns it.';
revoke execute on function public.renew_competition_invite_code(text, uuid) from public, anon, authenticated;
grant execute on function public.renew_competition_invite_code(text, uuid) to anon, authenticated, service_role;
