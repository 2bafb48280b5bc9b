-- The competitions' e-mail jobs (supabase/functions/campaign-jobs, docs/competitions.md «E-post og
-- jobber»): the join confirmation, the captains' notices, the weekly standings and the final results,
-- each claimed here at most once, and the team page's share image read.
--
-- The confirmation claim is the engine's, for any kind of campaign: the calendars' claim now calls
-- it, and the release and reminder release are shared the same way (the calendar's names stay, as
-- wrappers, for what calls them).

-- ============================================================================================
-- 1. Confirmations of any kind of campaign
-- ============================================================================================

-- Claims up to input_limit registrations of published campaigns of input_kind whose confirmation
-- e-mail has not gone out, marks them sent and issues each a fresh participation token. Rows another
-- run holds are skipped, so concurrent runs never claim the same one; a failed e-mail is handed back
-- with release_campaign_confirmation.
create or replace function private.claim_campaign_confirmations(input_kind text, input_limit integer)
returns table (
  participant_id uuid, email text, name text, campaign_id uuid, campaign_name text, organization_name text, token text
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
    select r.participant_id as person_id, r.campaign_id as kid, p.email, p.name, k.name as k_name,
      o.name as org_name
    from public.campaign_registrations as r
    join public.campaigns as k on k.id = r.campaign_id and k.kind = input_kind
    join public.participants as p on p.id = r.participant_id
    join public.organizations as o on o.id = k.organization_id
    where r.confirmation_sent_at is null and k.published_at is not null
    order by r.created_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of r skip locked
  loop
    update public.campaign_registrations as x set confirmation_sent_at = pg_catalog.now()
    where x.campaign_id = due.kid and x.participant_id = due.person_id;
    participant_id := due.person_id;
    email := due.email;
    name := due.name;
    campaign_id := due.kid;
    campaign_name := due.k_name;
    organization_name := due.org_name;
    token := public.issue_participant_token(due.person_id, due.kid);
    return next;
  end loop;
end;
$$;

comment on function private.claim_campaign_confirmations(text, integer) is
  'The confirmation jobs'' claim: registrations of published campaigns of a kind without a confirmation e-mail, marked sent, each with a fresh participation token.';
revoke execute on function private.claim_campaign_confirmations(text, integer) from public, anon, authenticated;

-- Security definer: claims through the engine's claim, which writes registrations and tokens.
create or replace function public.claim_calendar_confirmations(input_limit integer default 100)
returns table (
  participant_id uuid, email text, name text, calendar_id uuid, calendar_name text, organization_name text, token text
)
language sql
volatile
security definer
set search_path = ''
as $$
  select c.participant_id, c.email, c.name, c.campaign_id, c.campaign_name, c.organization_name, c.token
  from private.claim_campaign_confirmations('calendar', input_limit) as c;
$$;

-- Security definer: the service role's job writes a registration column no grant covers.
create or replace function public.release_campaign_confirmation(input_participant_id uuid, input_campaign_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.campaign_registrations set confirmation_sent_at = null
  where participant_id = input_participant_id and campaign_id = input_campaign_id;
$$;

comment on function public.release_campaign_confirmation(uuid, uuid) is
  'Service role: a campaign''s confirmation e-mail could not be sent; the next run tries again.';
revoke execute on function public.release_campaign_confirmation(uuid, uuid) from public, anon, authenticated;
grant execute on function public.release_campaign_confirmation(uuid, uuid) to service_role;

create or replace function public.release_calendar_confirmation(input_participant_id uuid, input_calendar_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select public.release_campaign_confirmation(input_participant_id, input_calendar_id);
$$;

-- Security definer: the service role's job writes a registration column no grant covers.
create or replace function public.release_campaign_reminder(input_participant_id uuid, input_campaign_id uuid, input_reminded_on date)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.campaign_registrations set last_reminded_on = null
  where participant_id = input_participant_id and campaign_id = input_campaign_id
    and last_reminded_on = input_reminded_on;
$$;

comment on function public.release_campaign_reminder(uuid, uuid, date) is
  'Service role: a campaign''s reminder (a calendar''s door, a competition''s weekly standings) of that day could not be sent; the next run tries again.';
revoke execute on function public.release_campaign_reminder(uuid, uuid, date) from public, anon, authenticated;
grant execute on function public.release_campaign_reminder(uuid, uuid, date) to service_role;

create or replace function public.release_calendar_reminder(input_participant_id uuid, input_calendar_id uuid, input_reminded_on date)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select public.release_campaign_reminder(input_participant_id, input_calendar_id, input_reminded_on);
$$;

-- ============================================================================================
-- 2. The competitions' join confirmation
-- ============================================================================================

-- The engine's claim for kind competition, with where the person stands: joined (or captain of the
-- team they made), requested (waiting for the captain) or registered (pre-registered, no team).
-- Security definer: claims through the engine's claim, which writes registrations and tokens.
create or replace function public.claim_competition_confirmations(input_limit integer default 100)
returns table (
  participant_id uuid, email text, name text, competition_id uuid, competition_name text, organization_name text,
  token text, outcome text, team_id uuid, team_name text
)
language sql
volatile
security definer
set search_path = ''
as $$
  select c.participant_id, c.email, c.name, c.campaign_id, c.campaign_name, c.organization_name, c.token,
    case
      when m.id is null then 'registered'
      when m.status = 'pending' then 'requested'
      when m.role = 'captain' then 'captain'
      else 'joined'
    end,
    t.id, t.name
  from private.claim_campaign_confirmations('competition', input_limit) as c
  left join public.competitions_members as m on m.competition_id = c.campaign_id and m.participant_id = c.participant_id
  left join public.competitions_teams as t on t.id = m.team_id;
$$;

comment on function public.claim_competition_confirmations(integer) is
  'Service role (competition-confirmations job): claims competition registrations without a confirmation e-mail, marks them sent and returns each with a fresh participation token and the outcome (joined, captain, requested, registered) and team.';
revoke execute on function public.claim_competition_confirmations(integer) from public, anon, authenticated;
grant execute on function public.claim_competition_confirmations(integer) to service_role;

-- ============================================================================================
-- 3. The captains' notices: a join request, a full team
-- ============================================================================================

alter table public.competitions_members
  add column request_noticed_at timestamptz null,
  add column results_sent_at timestamptz null;
alter table public.competitions_teams
  add column full_noticed_at timestamptz null;

comment on column public.competitions_members.request_noticed_at is
  'When the captain was told of this join request (competition-captain-notices job); null: not yet.';
comment on column public.competitions_members.results_sent_at is
  'When the final results e-mail was claimed for this member (competition-results job).';
comment on column public.competitions_teams.full_noticed_at is
  'When the captain was told the team is full, at most once (competition-captain-notices job).';

create index competitions_members_unnoticed_idx on public.competitions_members (team_id)
  where status = 'pending' and request_noticed_at is null;

-- Claims, for up to input_limit teams of live or coming competitions, what their captain has not
-- been told: the join requests waiting (pending, not yet noticed) and the team having become full
-- (its active members at the cap, once per team ever). Marks them told and returns one row per team
-- for its longest-standing captain, with the requests' names and a fresh participation token (the
-- page where the captain decides). Teams another run holds are skipped. A failed e-mail is handed
-- back with release_competition_captain_notice.
-- Security definer: reads memberships and writes the marks and tokens for the service role's job.
create or replace function public.claim_competition_captain_notices(input_limit integer default 100)
returns table (
  participant_id uuid, email text, name text, competition_id uuid, competition_name text, organization_name text,
  team_id uuid, team_name text, team_max integer, requests jsonb, request_ids uuid[], became_full boolean, token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
  waiting record;
  full_now boolean;
begin
  for due in
    select t.id as t_id, t.name as t_name, c.id as c_id, c.team_max as cap, k.name as k_name, o.name as org_name,
      captain.participant_id as captain_id, p.email as captain_email, p.name as captain_name, t.full_noticed_at
    from public.competitions_teams as t
    join public.competitions as c on c.id = t.competition_id
    join public.campaigns as k on k.id = c.id
    join public.organizations as o on o.id = c.organization_id
    join lateral (
      select m.participant_id from public.competitions_members as m
      join public.campaign_registrations as r on r.campaign_id = m.competition_id and r.participant_id = m.participant_id
      where m.team_id = t.id and m.role = 'captain' and m.status = 'active'
      order by m.joined_at, m.id limit 1
    ) as captain on true
    join public.participants as p on p.id = captain.participant_id
    where k.published_at is not null
      and private.campaign_now() < c.ends_at
      and (
        exists (
          select 1 from public.competitions_members as m
          where m.team_id = t.id and m.status = 'pending' and m.request_noticed_at is null
        )
        or (
          t.full_noticed_at is null
          and (select count(*) from public.competitions_members as m where m.team_id = t.id and m.status = 'active') >= c.team_max
        )
      )
    order by t.created_at, t.id
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of t skip locked
  loop
    select coalesce(jsonb_agg(jsonb_build_object('name', coalesce(rp.name, ''), 'requested_at', m.created_at)
        order by m.created_at, m.id), '[]'::jsonb) as list,
      coalesce(array_agg(m.id order by m.created_at, m.id), '{}') as ids
    into waiting
    from public.competitions_members as m
    join public.participants as rp on rp.id = m.participant_id
    where m.team_id = due.t_id and m.status = 'pending' and m.request_noticed_at is null;
    full_now := due.full_noticed_at is null and (
      select count(*) from public.competitions_members as m where m.team_id = due.t_id and m.status = 'active'
    ) >= due.cap;
    update public.competitions_members as m set request_noticed_at = pg_catalog.now() where m.id = any(waiting.ids);
    if full_now then
      update public.competitions_teams as x set full_noticed_at = pg_catalog.now() where x.id = due.t_id;
    end if;
    participant_id := due.captain_id;
    email := due.captain_email;
    name := due.captain_name;
    competition_id := due.c_id;
    competition_name := due.k_name;
    organization_name := due.org_name;
    team_id := due.t_id;
    team_name := due.t_name;
    team_max := due.cap;
    requests := waiting.list;
    request_ids := waiting.ids;
    became_full := full_now;
    token := public.issue_participant_token(due.captain_id, due.c_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_competition_captain_notices(integer) is
  'Service role (competition-captain-notices job): per team of a live or coming competition, the join requests its captain has not been told of and whether it became full (once per team), marked told; one row per team for its captain with a fresh participation token.';
revoke execute on function public.claim_competition_captain_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_competition_captain_notices(integer) to service_role;

-- Security definer: the service role's job writes marks no grant covers.
create or replace function public.release_competition_captain_notice(input_team_id uuid, input_request_ids uuid[], input_became_full boolean)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.competitions_members set request_noticed_at = null
  where team_id = input_team_id and id = any(input_request_ids);
  update public.competitions_teams set full_noticed_at = null
  where id = input_team_id and input_became_full;
$$;

comment on function public.release_competition_captain_notice(uuid, uuid[], boolean) is
  'Service role: a captain''s notice could not be sent; its requests (and the full mark) are told again next run.';
revoke execute on function public.release_competition_captain_notice(uuid, uuid[], boolean) from public, anon, authenticated;
grant execute on function public.release_competition_captain_notice(uuid, uuid[], boolean) to service_role;

-- ============================================================================================
-- 4. Weekly standings and final results
-- ============================================================================================

-- The figures an e-mail may show at a moment, as the public sees them: entries created before
-- freeze_at while the board is frozen, all of them otherwise. Per team: rank overall (ties share
-- one), the teams' count, total, score and percent of the team goal; the shared bar's total and
-- percent.
create or replace function private.competition_standing_figures(competition public.competitions, clock timestamptz)
returns table (
  team_id uuid, rank integer, teams integer, total numeric, score numeric, team_goal_percent numeric,
  shared_total numeric, shared_percent numeric, frozen boolean
)
language sql
stable
set search_path = ''
as $$
  with cut as (
    select case
      when competition.freeze_at is not null and clock >= competition.freeze_at and clock < competition.ends_at
      then competition.freeze_at else 'infinity'::timestamptz
    end as moment
  ),
  scores as (
    select s.*, rank() over (order by s.score desc)::integer as r, count(*) over ()::integer as n
    from cut, private.competition_team_scores(competition.id, cut.moment) as s
  ),
  shared as (
    select coalesce(sum(e.amount), 0) as total
    from cut, public.competitions_progress as e
    where e.competition_id = competition.id and e.rejected_at is null and e.team_id is not null and e.created_at < cut.moment
  )
  select s.team_id, s.r, s.n, s.total, s.score,
    case when competition.team_goal is null then null else round(s.total / competition.team_goal * 100, 1) end,
    shared.total, round(shared.total / competition.goal * 100, 1),
    cut.moment <> 'infinity'::timestamptz
  from scores as s, shared, cut;
$$;

comment on function private.competition_standing_figures(public.competitions, timestamptz) is
  'Per team at a moment, as the public sees it (the freeze respected): rank, number of teams, total, score, team-goal percent, the shared total and percent, and whether frozen.';
revoke execute on function private.competition_standing_figures(public.competitions, timestamptz) from public, anon, authenticated;

-- Claims up to input_limit weekly standings due at input_now (default: the campaigns' clock): on a
-- Monday (Oslo) once the campaign's reminder_time has passed, to every active member of a team in a
-- published competition with reminders on that is live and started before today, who opted in to
-- reminders and has not withdrawn marketing from the organization — at most once a week (the
-- registration's last_reminded_on, which the calendars use the same way). Marks them and returns each
-- with their team's figures as the public sees them (frozen ones while the board is frozen) and a
-- fresh participation token for the unsubscribe link.
-- Security definer: reads scores and writes registrations and tokens for the service role's job.
create or replace function public.claim_competition_standings(input_now timestamptz default null, input_limit integer default 200)
returns table (
  participant_id uuid, email text, name text, competition_id uuid, competition_name text, organization_name text,
  unit text, scoring text, goal numeric, team_goal numeric, ends_on date, team_id uuid, team_name text,
  rank integer, teams integer, team_total numeric, team_score numeric, team_goal_percent numeric,
  shared_total numeric, shared_percent numeric, frozen boolean, reminded_on date, token text
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
  if extract(isodow from today) <> 1 then
    return;
  end if;
  for due in
    select m.participant_id as person_id, p.email as p_email, p.name as p_name, c as comp, k.name as k_name,
      o.name as org_name, t.id as t_id, t.name as t_name
    from public.competitions as c
    join public.campaigns as k on k.id = c.id
    join public.organizations as o on o.id = c.organization_id
    join public.competitions_members as m on m.competition_id = c.id and m.status = 'active'
    join public.competitions_teams as t on t.id = m.team_id
    join public.campaign_registrations as r on r.campaign_id = c.id and r.participant_id = m.participant_id
    join public.participants as p on p.id = m.participant_id
    where k.published_at is not null
      and k.reminders_enabled
      and c.starts_on < today
      and clock < c.ends_at
      and private.oslo_moment(today, k.reminder_time) <= clock
      and r.reminders_opt_in
      -- Marketing withdrawn for the whole organization stops reminders from every campaign of it.
      and not exists (select 1 from public.leads as l where l.id = p.lead_id and l.marketing_withdrawn_at is not null)
      and (r.last_reminded_on is null or r.last_reminded_on < today)
    order by c.id, m.team_id, m.joined_at
    limit least(greatest(coalesce(input_limit, 200), 1), 1000)
    for update of r skip locked
  loop
    update public.campaign_registrations as x set last_reminded_on = today
    where x.campaign_id = (due.comp).id and x.participant_id = due.person_id;
    select f.rank, f.teams, f.total, f.score, f.team_goal_percent, f.shared_total, f.shared_percent, f.frozen
    into rank, teams, team_total, team_score, team_goal_percent, shared_total, shared_percent, frozen
    from private.competition_standing_figures(due.comp, clock) as f where f.team_id = due.t_id;
    participant_id := due.person_id;
    email := due.p_email;
    name := due.p_name;
    competition_id := (due.comp).id;
    competition_name := due.k_name;
    organization_name := due.org_name;
    unit := (due.comp).unit;
    scoring := (due.comp).scoring;
    goal := (due.comp).goal;
    team_goal := (due.comp).team_goal;
    ends_on := (due.comp).ends_on;
    team_id := due.t_id;
    team_name := due.t_name;
    reminded_on := today;
    token := public.issue_participant_token(due.person_id, (due.comp).id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_competition_standings(timestamptz, integer) is
  'Service role (competition-standings job): on Mondays after the reminder time (Oslo), the weekly standings of live competitions to active members who opted in to reminders, once a week; the figures as the public sees them (frozen while frozen), each with a fresh participation token.';
revoke execute on function public.claim_competition_standings(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_competition_standings(timestamptz, integer) to service_role;

-- Claims up to input_limit final results due at input_now (default: the campaigns' clock): every
-- active member of a team in a published competition that ended (the freeze is over then) within the
-- last 14 days — so a job switched on late does not write about old competitions — once per member.
-- The result is what they signed up for, so it goes to every member, like the confirmation. Returns
-- each with their team's final figures, the top five teams and the milestones reached, and a fresh
-- participation token.
-- Security definer: reads scores and writes the marks and tokens for the service role's job.
create or replace function public.claim_competition_results(input_now timestamptz default null, input_limit integer default 200)
returns table (
  member_id uuid, participant_id uuid, email text, name text, competition_id uuid, competition_name text,
  organization_name text, unit text, scoring text, goal numeric, team_id uuid, team_name text, rank integer,
  teams integer, team_total numeric, team_score numeric, shared_total numeric, shared_percent numeric,
  top_teams jsonb, milestones jsonb, token text
)
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
    select m.id as m_id, m.participant_id as person_id, p.email as p_email, p.name as p_name, c as comp,
      k.name as k_name, o.name as org_name, t.id as t_id, t.name as t_name
    from public.competitions as c
    join public.campaigns as k on k.id = c.id
    join public.organizations as o on o.id = c.organization_id
    join public.competitions_members as m on m.competition_id = c.id and m.status = 'active'
    join public.competitions_teams as t on t.id = m.team_id
    join public.campaign_registrations as r on r.campaign_id = c.id and r.participant_id = m.participant_id
    join public.participants as p on p.id = m.participant_id
    where k.published_at is not null
      and c.ends_at <= clock and clock < c.ends_at + interval '14 days'
      and m.results_sent_at is null
    order by c.id, m.team_id, m.joined_at
    limit least(greatest(coalesce(input_limit, 200), 1), 1000)
    for update of m skip locked
  loop
    update public.competitions_members as x set results_sent_at = pg_catalog.now() where x.id = due.m_id;
    select f.rank, f.teams, f.total, f.score, f.shared_total, f.shared_percent
    into rank, teams, team_total, team_score, shared_total, shared_percent
    from private.competition_standing_figures(due.comp, clock) as f where f.team_id = due.t_id;
    select coalesce(jsonb_agg(jsonb_build_object('rank', x.rank, 'name', x.name, 'score', x.score)
      order by x.rank, x.name), '[]'::jsonb)
    into top_teams
    from (
      select f.rank, s.name, f.score
      from private.competition_standing_figures(due.comp, clock) as f
      join public.competitions_teams as s on s.id = f.team_id
      order by f.rank, s.name limit 5
    ) as x;
    select coalesce(jsonb_agg(jsonb_build_object('percent', (x ->> 'percent')::numeric, 'label', x ->> 'label')
      order by (x ->> 'percent')::numeric), '[]'::jsonb)
    into milestones
    from jsonb_array_elements((due.comp).milestones) as x
    where (x ->> 'percent')::numeric <= shared_percent;
    member_id := due.m_id;
    participant_id := due.person_id;
    email := due.p_email;
    name := due.p_name;
    competition_id := (due.comp).id;
    competition_name := due.k_name;
    organization_name := due.org_name;
    unit := (due.comp).unit;
    scoring := (due.comp).scoring;
    goal := (due.comp).goal;
    team_id := due.t_id;
    team_name := due.t_name;
    token := public.issue_participant_token(due.person_id, (due.comp).id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_competition_results(timestamptz, integer) is
  'Service role (competition-results job): the final results of competitions that ended within 14 days to each active member once — their team''s rank and figures, the top five, the milestones reached — with a fresh participation token.';
revoke execute on function public.claim_competition_results(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_competition_results(timestamptz, integer) to service_role;

-- Security definer: the service role's job writes a mark no grant covers.
create or replace function public.release_competition_result(input_member_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.competitions_members set results_sent_at = null where id = input_member_id;
$$;

comment on function public.release_competition_result(uuid) is
  'Service role: a member''s final results e-mail could not be sent; the next run tries again.';
revoke execute on function public.release_competition_result(uuid) from public, anon, authenticated;
grant execute on function public.release_competition_result(uuid) to service_role;

-- ============================================================================================
-- 5. The team page's share image (the competition-og function)
-- ============================================================================================

-- What the share image of a team shows, to anyone, for published competitions only: the team's and
-- the competition's names, the team's progress (toward the team goal, else its share of the shared
-- goal) as the public sees it (frozen figures while frozen), the unit and the design's colour
-- (#rrggbb or null). competition-team-not-found (PT404) for an unknown team or an unpublished
-- competition, alike.
-- Security definer: anon reads team, competition and scores through this function only.
create or replace function public.competition_team_share(input_team_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found record;
  figures record;
begin
  select t.id, t.name as t_name, k.name as k_name, c as comp,
    case when (k.design ->> 'primary_color') ~ '^#[0-9A-Fa-f]{6}$' then k.design ->> 'primary_color' end as color
  into found
  from public.competitions_teams as t
  join public.competitions as c on c.id = t.competition_id
  join public.campaigns as k on k.id = c.id
  where t.id = input_team_id and k.published_at is not null;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'competition-team-not-found';
  end if;
  select * into figures
  from private.competition_standing_figures(found.comp, private.campaign_now()) as f where f.team_id = found.id;
  return jsonb_build_object(
    'team_name', found.t_name,
    'competition_name', found.k_name,
    'unit', (found.comp).unit,
    'total', figures.total,
    'goal', coalesce((found.comp).team_goal, (found.comp).goal),
    'percent', round(figures.total / coalesce((found.comp).team_goal, (found.comp).goal) * 100, 1),
    'frozen', figures.frozen,
    'color', found.color
  );
end;
$$;

comment on function public.competition_team_share(uuid) is
  'Public (the competition-og share image): a published team''s name, its competition''s name, its progress toward the team goal (else the shared goal) as the public sees it, the unit and the design colour; competition-team-not-found otherwise.';
revoke execute on function public.competition_team_share(uuid) from public, anon, authenticated;
grant execute on function public.competition_team_share(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 6. The jobs (five-field cron, UTC), both runners read them (20261126090000_scheduled_jobs.sql)
-- ============================================================================================

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('competition-confirmations', '* * * * *', 'campaign-jobs', '{}',
   'Competitions: the confirmation e-mail with the participation link to everyone who joins, makes a team or pre-registers.'),
  ('competition-captain-notices', '*/5 * * * *', 'campaign-jobs', '{}',
   'Competitions: tells captains of new join requests and of their team becoming full, once each.'),
  ('competition-standings', '*/15 * * * 1', 'campaign-jobs', '{}',
   'Competitions: the weekly standings on Mondays after the reminder time (Oslo) to members who opted in.'),
  ('competition-results', '*/15 * * * *', 'campaign-jobs', '{}',
   'Competitions: the final results to every member once the competition has ended.');
