-- Popups, a kind on the campaign engine (docs/popups.md «The database»):
--
-- Sections: 1. tables · 2. triggers (domains, deletion, media) · 3. row-level security · 4. status
-- · 5. the organizer · 6. the site check · 7. the public read · 8. the public writes · 9. figures
--
-- - A popup is a campaign of kind popup with its own row (same id), shown on the organization's
--   registered sites (popups_sites) by the site snippet, which decides in the visitor's browser.
-- - The public reads a site's active popups only through popup_site_config (never a discount code)
--   and writes only through record_popup_events and popup_signup, each checking that the request's
--   Origin is the site's domain.
-- - Every «is it active» test compares with private.campaign_now().

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

create table public.popup_sites (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- A host name: lower case, no scheme, port or path (private.popup_sites_domain checks it).
  domain text not null check (char_length(domain) between 1 and 253),
  include_subdomains boolean not null default false,
  -- The snippet's data-site: public in every page that carries the tag, so it names the site only.
  site_key uuid not null default gen_random_uuid() unique,
  max_per_session integer not null default 1 check (max_per_session between 1 and 10),
  max_per_day integer not null default 2 check (max_per_day between 1 and 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint popup_sites_domain_key unique (organization_id, domain),
  constraint popup_sites_id_organization_id_key unique (id, organization_id)
);

comment on table public.popup_sites is
  'A website of an organization where its popups may show (the snippet''s data-site is site_key). Members manage it; the public reads it only through popup_site_config.';
comment on column public.popup_sites.domain is 'The host name (lower case, no scheme, port or path) that a write''s Origin must name.';
comment on column public.popup_sites.include_subdomains is 'True: an Origin on any subdomain of domain is the site too.';
comment on column public.popup_sites.max_per_session is 'Popups the snippet shows a visitor in one session at most.';
comment on column public.popup_sites.max_per_day is 'Popups the snippet shows a visitor in one day at most.';

create index popup_sites_organization_id_idx on public.popup_sites (organization_id);

create table public.popups (
  id uuid primary key,
  organization_id uuid not null,
  -- Ties the row to a campaign of kind popup (popups_campaign_fkey).
  kind text not null default 'popup' check (kind = 'popup'),
  type text not null default 'modal' check (type in ('modal', 'slide_in', 'bar_top', 'bar_bottom', 'fullscreen')),
  priority integer not null default 10 check (priority between 0 and 100),
  -- Shapes checked on the top-level keys only: the snippet reads the rest and ignores what it does
  -- not know, so an older snippet never breaks on a newer popup.
  triggers jsonb not null default '[{"kind": "delay", "seconds": 8}]' check (
    jsonb_typeof(triggers) = 'array' and jsonb_array_length(triggers) <= 10 and pg_column_size(triggers) <= 8192
  ),
  targeting jsonb not null default '{}' check (
    jsonb_typeof(targeting) = 'object' and pg_column_size(targeting) <= 16384
    and targeting - '{urls,devices,referrer,utm,visitor,schedule}'::text[] = '{}'::jsonb
  ),
  frequency jsonb not null default '{"after_close_days": 30, "once_per_session": true}' check (
    jsonb_typeof(frequency) = 'object'
    and frequency - '{after_close_days,once_per_session}'::text[] = '{}'::jsonb
  ),
  paused_at timestamptz null,
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint popups_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint popups_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint popups_id_organization_id_key unique (id, organization_id)
);

comment on table public.popups is
  'A popup: the campaign (same id, kind popup) shown on the organization''s sites by the snippet. Members manage it; the public reads it through popup_site_config.';
comment on column public.popups.priority is 'The highest shows when two could (0–100); never two at once.';
comment on column public.popups.triggers is 'Any of them fires the popup: [{kind: delay|scroll|exit_intent|inactivity|click|page_views|sessions, …}].';
comment on column public.popups.targeting is 'All of them must hold: urls, devices, referrer, utm, visitor, schedule (Oslo wall clock).';
comment on column public.popups.frequency is 'after_close_days, once_per_session.';
comment on column public.popups.paused_at is 'Paused: not shown; published and figures unchanged.';
comment on column public.popups.archived_at is 'Archived: not shown and closed; the figures stay.';

create index popups_organization_id_idx on public.popups (organization_id);
create index popups_id_kind_idx on public.popups (id, kind);

create table public.popups_sites (
  popup_id uuid not null,
  site_id uuid not null,
  organization_id uuid not null,
  primary key (popup_id, site_id),
  foreign key (popup_id, organization_id) references public.popups (id, organization_id) on delete cascade,
  foreign key (site_id, organization_id) references public.popup_sites (id, organization_id) on delete cascade
);

comment on table public.popups_sites is 'Which of the organization''s sites a popup shows on.';

create index popups_sites_site_id_idx on public.popups_sites (site_id, organization_id);
create index popups_sites_organization_id_idx on public.popups_sites (organization_id);
create index popups_sites_popup_id_idx on public.popups_sites (popup_id, organization_id);

create table public.popup_variants (
  id uuid primary key default gen_random_uuid(),
  popup_id uuid not null,
  organization_id uuid not null,
  label text not null check (label in ('A', 'B', 'C', 'D')),
  weight integer not null default 100 check (weight between 1 and 100),
  content jsonb not null default '{}' check (jsonb_typeof(content) = 'object' and pg_column_size(content) <= 16384),
  -- The image of the library, recorded in media_usages (kind popup) and signed by public-media.
  image_media_id uuid null,
  -- Answered only by popup_signup, never in the public read.
  discount_code text null check (char_length(btrim(discount_code)) between 1 and 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint popup_variants_label_key unique (popup_id, label),
  constraint popup_variants_id_popup_id_key unique (id, popup_id),
  foreign key (popup_id, organization_id) references public.popups (id, organization_id) on delete cascade,
  foreign key (image_media_id, organization_id) references public.organizations_media (id, organization_id)
);

comment on table public.popup_variants is
  'A/B variants of a popup (A–D, weights summing to 100 for the popup to show): the content the snippet renders and the discount code a sign-up answers.';
comment on column public.popup_variants.content is
  'heading, text, image_alt, field (email | form), form_id, button, success_heading, success_text (the snippet''s format).';

create index popup_variants_organization_id_idx on public.popup_variants (organization_id);
create index popup_variants_popup_id_idx on public.popup_variants (popup_id, organization_id);
create index popup_variants_image_media_id_idx on public.popup_variants (image_media_id, organization_id);

create table public.popup_stats (
  popup_id uuid not null,
  variant_id uuid not null,
  organization_id uuid not null,
  day date not null,
  page text not null default '' check (char_length(page) <= 200),
  device text not null check (device in ('mobile', 'desktop')),
  source text not null default '' check (char_length(source) <= 100),
  views integer not null default 0 check (views >= 0),
  closes integer not null default 0 check (closes >= 0),
  conversions integer not null default 0 check (conversions >= 0),
  primary key (popup_id, day, variant_id, page, device, source),
  foreign key (popup_id, organization_id) references public.popups (id, organization_id) on delete cascade,
  foreign key (variant_id, popup_id) references public.popup_variants (id, popup_id) on delete cascade
);

comment on table public.popup_stats is
  'Counters per popup, variant, Oslo day, page path, device and source; written only by record_popup_events and popup_signup.';

create index popup_stats_organization_id_idx on public.popup_stats (organization_id);
create index popup_stats_variant_id_idx on public.popup_stats (variant_id, popup_id);
create index popup_stats_popup_id_idx on public.popup_stats (popup_id, organization_id);

create table public.popup_signups (
  id uuid primary key default gen_random_uuid(),
  popup_id uuid not null,
  variant_id uuid not null,
  organization_id uuid not null,
  participant_id uuid not null,
  page text null check (char_length(page) <= 200),
  source text null check (char_length(source) <= 100),
  created_at timestamptz not null default now(),
  constraint popup_signups_participant_key unique (popup_id, participant_id),
  foreign key (popup_id, organization_id) references public.popups (id, organization_id) on delete cascade,
  foreign key (variant_id, popup_id) references public.popup_variants (id, popup_id) on delete cascade,
  foreign key (participant_id, organization_id) references public.participants (id, organization_id) on delete cascade
);

comment on table public.popup_signups is
  'A participant''s first sign-up through a popup (page, source, variant): written only by popup_signup.';

create index popup_signups_organization_id_idx on public.popup_signups (organization_id);
create index popup_signups_participant_id_idx on public.popup_signups (participant_id, organization_id);
create index popup_signups_variant_id_idx on public.popup_signups (variant_id, popup_id);
create index popup_signups_popup_id_idx on public.popup_signups (popup_id, organization_id);

-- ============================================================================================
-- 2. Triggers
-- ============================================================================================

create trigger popup_sites_set_updated_at before update on public.popup_sites
  for each row execute function private.set_updated_at();
create trigger popups_set_updated_at before update on public.popups
  for each row execute function private.set_updated_at();
create trigger popup_variants_set_updated_at before update on public.popup_variants
  for each row execute function private.set_updated_at();

-- A site's domain is a host name: letters, digits and hyphens in dot-separated labels, stored in
-- lower case; anything else (a scheme, port, path, space) is popup-site-invalid.
create or replace function private.popup_sites_domain()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.domain := lower(btrim(new.domain));
  if new.domain is null or char_length(new.domain) > 253
    or new.domain !~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$' then
    raise exception using errcode = 'P0001', message = 'popup-site-invalid';
  end if;
  return new;
end;
$$;

comment on function private.popup_sites_domain() is 'Trigger: a site''s domain in lower case, or popup-site-invalid unless it is a host name.';
revoke execute on function private.popup_sites_domain() from public, anon, authenticated;

create trigger popup_sites_domain before insert or update of domain on public.popup_sites
  for each row execute function private.popup_sites_domain();

-- Deleting the popup deletes its campaign, with the same trigger function as the calendars'.
create trigger popups_delete_campaign after delete on public.popups
  for each row execute function private.calendars_delete_campaign();

-- The variants' images are recorded in media_usages (kind popup, one row per item and popup), so
-- the library refuses to delete them, public while the popup is published and not archived.
-- Security definer: members have no write access to media_usages.
create or replace function private.popup_record_media(popup_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.media_usages as u where u.kind = 'popup' and u.ref_id = popup_record_media.popup_id;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select distinct v.image_media_id, v.organization_id, 'popup', p.id, left(c.name, 180) || ' – popup',
    case when c.published_at is not null and p.archived_at is null then '-infinity'::timestamptz end
  from public.popup_variants as v
  join public.popups as p on p.id = v.popup_id
  join public.campaigns as c on c.id = p.id
  where v.popup_id = popup_record_media.popup_id and v.image_media_id is not null;
end;
$$;

comment on function private.popup_record_media(uuid) is
  'The media_usages rows (kind popup) of a popup''s variant images, public while the popup is published and not archived.';
revoke execute on function private.popup_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.popups_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'popup_variants' then
    perform private.popup_record_media(coalesce(new.popup_id, old.popup_id));
  else
    perform private.popup_record_media(coalesce(new.id, old.id));
  end if;
  return null;
end;
$$;

comment on function private.popups_record_media() is
  'Trigger of popup campaigns, popups and variants: private.popup_record_media after a change of name, publication, archiving or image.';
revoke execute on function private.popups_record_media() from public, anon, authenticated;

create trigger popup_campaigns_record_media
  after update of name, published_at on public.campaigns
  for each row when (new.kind = 'popup')
  execute function private.popups_record_media();
create trigger popups_record_media after update of archived_at or delete on public.popups
  for each row execute function private.popups_record_media();
create trigger popup_variants_record_media after insert or update of image_media_id or delete on public.popup_variants
  for each row execute function private.popups_record_media();

-- A popup is published only with variant weights summing to 100 (the snippet's A/B pick needs it);
-- a later edit that breaks the sum only hides the popup until it is mended (popup_active_on).
create or replace function private.popups_publish_weights()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce((select sum(v.weight) from public.popup_variants as v where v.popup_id = new.id), 0) <> 100 then
    raise exception using errcode = 'P0001', message = 'popup-weights-invalid';
  end if;
  return new;
end;
$$;

comment on function private.popups_publish_weights() is
  'Trigger: publishing a popup whose variant weights do not sum to 100 raises popup-weights-invalid.';
revoke execute on function private.popups_publish_weights() from public, anon, authenticated;

create trigger popup_campaigns_publish_weights
  before update of published_at on public.campaigns
  for each row when (new.kind = 'popup' and new.published_at is not null and old.published_at is null)
  execute function private.popups_publish_weights();

-- ============================================================================================
-- 3. Row-level security: members of the organization; the public only through the functions
-- ============================================================================================

alter table public.popup_sites enable row level security;
alter table public.popups enable row level security;
alter table public.popups_sites enable row level security;
alter table public.popup_variants enable row level security;
alter table public.popup_stats enable row level security;
alter table public.popup_signups enable row level security;

revoke all on public.popup_sites, public.popups, public.popups_sites, public.popup_variants,
  public.popup_stats, public.popup_signups from anon, authenticated;
grant select, insert, delete on public.popup_sites, public.popups, public.popups_sites, public.popup_variants
  to authenticated;
grant update (domain, include_subdomains, max_per_session, max_per_day) on public.popup_sites to authenticated;
grant update (type, priority, triggers, targeting, frequency, paused_at, archived_at) on public.popups to authenticated;
grant update (label, weight, content, image_media_id, discount_code) on public.popup_variants to authenticated;
grant select on public.popup_stats, public.popup_signups to authenticated;

create policy "Members can read their organization's popup sites"
on public.popup_sites for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can register sites for their organization"
on public.popup_sites for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's popup sites"
on public.popup_sites for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's popup sites"
on public.popup_sites for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's popups"
on public.popups for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create popups for their organization"
on public.popups for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's popups"
on public.popups for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's popups"
on public.popups for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read which sites their popups show on"
on public.popups_sites for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can put their popups on their sites"
on public.popups_sites for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can take their popups off their sites"
on public.popups_sites for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's popup variants"
on public.popup_variants for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add popup variants"
on public.popup_variants for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change popup variants"
on public.popup_variants for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete popup variants"
on public.popup_variants for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's popup figures"
on public.popup_stats for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's popup sign-ups"
on public.popup_signups for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 4. Status
-- ============================================================================================

-- An Oslo wall-clock moment of a schedule ("2026-12-01T00:00"), or null when absent or not one.
create or replace function private.popup_schedule_moment(wall_clock text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  if wall_clock is null or wall_clock !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$' then
    return null;
  end if;
  return wall_clock::timestamp at time zone 'Europe/Oslo';
exception when others then
  return null;
end;
$$;

comment on function private.popup_schedule_moment(text) is
  'A schedule''s Oslo wall-clock text (YYYY-MM-DDTHH:MM) as a moment; null when absent or malformed.';
revoke execute on function private.popup_schedule_moment(text) from public, anon, authenticated;

-- The status the list shows. Security definer: reads the campaign for the computed column and
-- answers null for another organization's popup.
create or replace function public.popup_status(popup public.popups)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p.archived_at is not null then 'archived'
    when c.published_at is null then 'draft'
    when p.paused_at is not null then 'paused'
    when private.popup_schedule_moment(p.targeting #>> '{schedule,until}') <= private.campaign_now() then 'ended'
    when private.popup_schedule_moment(p.targeting #>> '{schedule,from}') > private.campaign_now() then 'scheduled'
    else 'active'
  end
  from public.popups as p
  join public.campaigns as c on c.id = p.id
  where p.id = popup.id and private.has_organization_role(p.organization_id);
$$;

comment on function public.popup_status(public.popups) is
  'Computed column of popups: draft, scheduled, active, paused, ended (the schedule''s until passed) or archived against campaign_now(); null for another organization''s popup.';
revoke execute on function public.popup_status(public.popups) from public, anon, authenticated;
grant execute on function public.popup_status(public.popups) to authenticated, service_role;

-- ============================================================================================
-- 5. The organizer
-- ============================================================================================

-- A new draft popup: its campaign, its row and variant A (weight 100) in one transaction. Security
-- invoker: the tables' policies decide who may.
create or replace function public.create_popup(input_organization_id uuid, input_name text, input_type text)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  if input_type is null or input_type not in ('modal', 'slide_in', 'bar_top', 'bar_bottom', 'fullscreen') then
    raise exception using errcode = 'P0001', message = 'popup-invalid';
  end if;
  insert into public.campaigns (organization_id, kind, name)
  values (input_organization_id, 'popup', btrim(input_name))
  returning id into new_id;
  insert into public.popups (id, organization_id, type) values (new_id, input_organization_id, input_type);
  insert into public.popup_variants (popup_id, organization_id, label, weight)
  values (new_id, input_organization_id, 'A', 100);
  return new_id;
end;
$$;

comment on function public.create_popup(uuid, text, text) is
  'Members: creates a draft popup of the type (campaign, popup row and variant A with weight 100) and returns its id; popup-invalid for an unknown type.';
revoke execute on function public.create_popup(uuid, text, text) from public, anon, authenticated;
grant execute on function public.create_popup(uuid, text, text) to authenticated, service_role;

-- A popup of the caller's organization, or popup-not-found (PT404).
create or replace function private.member_popup(popup_id uuid)
returns public.popups
language plpgsql
stable
set search_path = ''
as $$
declare
  popup public.popups;
begin
  select * into popup from public.popups as p
  where p.id = member_popup.popup_id and private.has_organization_role(p.organization_id);
  if popup.id is null then
    raise exception using errcode = 'PT404', message = 'popup-not-found';
  end if;
  return popup;
end;
$$;

comment on function private.member_popup(uuid) is 'The popup when the caller is a member of its organization; popup-not-found (PT404) otherwise.';
revoke execute on function private.member_popup(uuid) from public, anon, authenticated;
grant execute on function private.member_popup(uuid) to authenticated, service_role;

-- A draft copy of a popup: campaign texts and design, settings, variants (with their codes) and
-- sites; not its figures or sign-ups. Security invoker.
create or replace function public.duplicate_popup(input_popup_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  source public.popups := private.member_popup(input_popup_id);
  new_id uuid;
begin
  insert into public.campaigns (organization_id, kind, name, rules_text, consent_text, marketing_consent_text,
    reminders_enabled, reminder_time, design)
  select c.organization_id, 'popup', left(c.name, 112) || ' (kopi)', c.rules_text, c.consent_text,
    c.marketing_consent_text, c.reminders_enabled, c.reminder_time, c.design
  from public.campaigns as c where c.id = source.id
  returning id into new_id;
  insert into public.popups (id, organization_id, type, priority, triggers, targeting, frequency)
  values (new_id, source.organization_id, source.type, source.priority, source.triggers, source.targeting,
    source.frequency);
  insert into public.popup_variants (popup_id, organization_id, label, weight, content, image_media_id, discount_code)
  select new_id, v.organization_id, v.label, v.weight, v.content, v.image_media_id, v.discount_code
  from public.popup_variants as v where v.popup_id = source.id;
  insert into public.popups_sites (popup_id, site_id, organization_id)
  select new_id, s.site_id, s.organization_id from public.popups_sites as s where s.popup_id = source.id;
  return new_id;
end;
$$;

comment on function public.duplicate_popup(uuid) is
  'Members: a draft copy of the popup (name + « (kopi)», texts, design, settings, variants, sites; no figures) and its id; popup-not-found otherwise.';
revoke execute on function public.duplicate_popup(uuid) from public, anon, authenticated;
grant execute on function public.duplicate_popup(uuid) to authenticated, service_role;

-- ============================================================================================
-- 6. The site check
-- ============================================================================================

-- Whether the request's Origin (PostgREST's request.headers) is the site: http(s):// and its domain,
-- or a subdomain with include_subdomains, any port. A browser sets Origin on every cross-site fetch
-- and scripts cannot forge it, so another site's page cannot write into this site's figures.
create or replace function private.popup_site_allows(site public.popup_sites, origin text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (select h.host = site.domain or (site.include_subdomains and h.host like '%.' || site.domain)
     from (select lower(substring(origin from '^https?://([^/:?#]+)(:[0-9]{1,5})?/?$')) as host) as h),
    false
  );
$$;

comment on function private.popup_site_allows(public.popup_sites, text) is
  'True when origin is http(s):// and the site''s domain (or a subdomain with include_subdomains), any port.';
revoke execute on function private.popup_site_allows(public.popup_sites, text) from public, anon, authenticated;

-- The site of a public write: the key's site when the request's Origin is its domain, else
-- popup-site-refused (403), the same for an unknown key.
create or replace function private.popup_checked_site(site_key uuid)
returns public.popup_sites
language plpgsql
stable
set search_path = ''
as $$
declare
  site public.popup_sites;
begin
  select * into site from public.popup_sites as s where s.site_key = popup_checked_site.site_key;
  if site.id is null or not private.popup_site_allows(
    site, nullif(current_setting('request.headers', true), '')::jsonb ->> 'origin'
  ) then
    raise exception using errcode = 'PT403', message = 'popup-site-refused';
  end if;
  return site;
end;
$$;

comment on function private.popup_checked_site(uuid) is
  'The site of the key when the request''s Origin header is its domain; popup-site-refused (PT403) otherwise.';
revoke execute on function private.popup_checked_site(uuid) from public, anon, authenticated;

-- The popups that may show on a site now: published, not paused or archived, the schedule not ended,
-- variant weights summing to 100.
create or replace function private.popup_active_on(site_id uuid)
returns setof public.popups
language sql
stable
set search_path = ''
as $$
  select p.*
  from public.popups_sites as ps
  join public.popups as p on p.id = ps.popup_id
  join public.campaigns as c on c.id = p.id
  where ps.site_id = popup_active_on.site_id
    and c.published_at is not null
    and p.paused_at is null and p.archived_at is null
    and coalesce(private.popup_schedule_moment(p.targeting #>> '{schedule,until}') > private.campaign_now(), true)
    and (select sum(v.weight) from public.popup_variants as v where v.popup_id = p.id) = 100;
$$;

comment on function private.popup_active_on(uuid) is
  'The popups that may show on the site now (published, not paused or archived, schedule not ended, weights summing to 100).';
revoke execute on function private.popup_active_on(uuid) from public, anon, authenticated;

-- ============================================================================================
-- 7. The public read
-- ============================================================================================

-- Security definer: anon has no grant on the tables. Never answers a discount code; an unknown key
-- answers like a site without popups' «site: null», so keys cannot be told apart by errors.
create or replace function public.popup_site_config(input_site_key uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  site public.popup_sites;
begin
  perform private.check_public_rate('popup-config', 600);
  select * into site from public.popup_sites as s where s.site_key = input_site_key;
  if site.id is null then
    return jsonb_build_object('site', null, 'now', private.campaign_now(), 'popups', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'site', jsonb_build_object('id', site.id, 'domain', site.domain,
      'max_per_session', site.max_per_session, 'max_per_day', site.max_per_day),
    'now', private.campaign_now(),
    'popups', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'type', p.type, 'priority', p.priority, 'triggers', p.triggers,
        'targeting', p.targeting, 'frequency', p.frequency,
        'variants', (
          select jsonb_agg(
            (v.content - '{image,image_alt,discount_code}'::text[]) || jsonb_build_object(
              'image', case when m.id is not null then jsonb_build_object(
                'path', m.storage_path, 'alt', coalesce(v.content ->> 'image_alt', m.alt_text, '')) end,
              'has_discount_code', v.discount_code is not null
            ) || jsonb_build_object('id', v.id, 'label', v.label, 'weight', v.weight)
            order by v.label)
          from public.popup_variants as v
          left join public.organizations_media as m
            on m.id = v.image_media_id and m.organization_id = v.organization_id
          where v.popup_id = p.id
        ),
        'design', c.design,
        'consent_text', c.consent_text,
        'marketing_consent_text', c.marketing_consent_text
      ) order by p.priority desc, p.id)
      from private.popup_active_on(site.id) as p
      join public.campaigns as c on c.id = p.id
    ), '[]'::jsonb)
  );
end;
$$;

comment on function public.popup_site_config(uuid) is
  'Anyone (600 a minute per address): the site''s settings and active popups with their variants (never a discount code), campaign texts and design; site null and no popups for an unknown key.';
revoke execute on function public.popup_site_config(uuid) from public, anon, authenticated;
grant execute on function public.popup_site_config(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 8. The public writes
-- ============================================================================================

-- A page path as stored: the path with its query, at most 200 characters ('' when absent).
create or replace function private.popup_page(page text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(coalesce(btrim(page), ''), 200);
$$;

comment on function private.popup_page(text) is 'A page path as the figures store it: trimmed, at most 200 characters, '''' when absent.';
revoke execute on function private.popup_page(text) from public, anon, authenticated;

-- Adds to one counter row of the figures.
create or replace function private.popup_count(
  popup public.popups, variant_id uuid, page text, device text, source text,
  add_views integer, add_closes integer, add_conversions integer
)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.popup_stats as s (popup_id, variant_id, organization_id, day, page, device, source,
    views, closes, conversions)
  values (popup.id, popup_count.variant_id, popup.organization_id,
    (private.campaign_now() at time zone 'Europe/Oslo')::date, private.popup_page(popup_count.page),
    case when popup_count.device = 'mobile' then 'mobile' else 'desktop' end,
    left(coalesce(btrim(popup_count.source), ''), 100), add_views, add_closes, add_conversions)
  on conflict (popup_id, day, variant_id, page, device, source) do update
  set views = s.views + excluded.views, closes = s.closes + excluded.closes,
    conversions = s.conversions + excluded.conversions;
$$;

comment on function private.popup_count(public.popups, uuid, text, text, text, integer, integer, integer) is
  'Adds views, closes and conversions to the popup_stats row of the Oslo day of campaign_now() (device other than mobile: desktop).';
revoke execute on function private.popup_count(public.popups, uuid, text, text, text, integer, integer, integer)
  from public, anon, authenticated;

-- Security definer: anon has no grant on the figures. Events of a popup not active on the site, of
-- another popup's variant or of an unknown type are ignored (a stale page may still send them); a
-- conversion counts only for a variant whose field is form (an e-mail sign-up counts its own).
create or replace function public.record_popup_events(input_site_key uuid, input_events jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  site public.popup_sites;
begin
  perform private.check_public_rate('popup-events', 120);
  site := private.popup_checked_site(input_site_key);
  if jsonb_typeof(input_events) is distinct from 'array' or jsonb_array_length(input_events) > 20 then
    raise exception using errcode = 'P0001', message = 'popup-invalid';
  end if;
  perform private.popup_count(p, v.id, e ->> 'page', e ->> 'device', e ->> 'source',
    (e ->> 'type' = 'view')::integer, (e ->> 'type' = 'close')::integer, (e ->> 'type' = 'conversion')::integer)
  from jsonb_array_elements(input_events) as e
  join private.popup_active_on(site.id) as p
    on p.id::text = e ->> 'popup_id'
  join public.popup_variants as v
    on v.popup_id = p.id and v.id::text = e ->> 'variant_id'
  where jsonb_typeof(e) = 'object'
    and (e ->> 'type' in ('view', 'close') or (e ->> 'type' = 'conversion' and v.content ->> 'field' = 'form'));
end;
$$;

comment on function public.record_popup_events(uuid, jsonb) is
  'Anyone from the site''s Origin (120 calls a minute per address): up to 20 events {popup_id, variant_id, type view|close|conversion (form variants only), page, device, source} added to popup_stats; events of popups not active there ignored.';
revoke execute on function public.record_popup_events(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.record_popup_events(uuid, jsonb) to anon, authenticated, service_role;

-- Security definer: the engine's private functions and tables are not granted to anon. Answers the
-- variant's discount code whether or not the address signed up before (no answer tells whether an
-- address took part); only the first sign-up is a popup_signups row and a conversion.
create or replace function public.popup_signup(
  input_site_key uuid,
  input_popup_id uuid,
  input_variant_id uuid,
  input_email text,
  input_name text default null,
  input_consent boolean default false,
  input_marketing_consent boolean default false,
  input_page text default null,
  input_source text default null,
  input_device text default null,
  input_honeypot text default null,
  input_shown_at timestamptz default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  site public.popup_sites := private.popup_checked_site(input_site_key);
  popup public.popups;
  variant public.popup_variants;
  campaign public.campaigns;
  participant public.participants;
  signup_id uuid;
begin
  select p.* into popup from private.popup_active_on(site.id) as p where p.id = input_popup_id;
  select v.* into variant from public.popup_variants as v
  where v.id = input_variant_id and v.popup_id = popup.id and coalesce(v.content ->> 'field', 'email') = 'email';
  if popup.id is null or variant.id is null then
    raise exception using errcode = 'PT404', message = 'popup-not-found';
  end if;
  select * into campaign from public.campaigns as c where c.id = popup.id;

  participant := private.upsert_participant(campaign, 'popup-signup', input_email, input_consent,
    input_shown_at, input_honeypot, input_name, null, false);
  perform private.record_entry_consents(campaign, participant, input_marketing_consent);
  perform private.upsert_lead_for(participant, campaign.id);

  insert into public.popup_signups (popup_id, variant_id, organization_id, participant_id, page, source)
  values (popup.id, variant.id, popup.organization_id, participant.id, nullif(private.popup_page(input_page), ''),
    nullif(left(btrim(input_source), 100), ''))
  on conflict (popup_id, participant_id) do nothing
  returning id into signup_id;
  if signup_id is not null then
    perform private.popup_count(popup, variant.id, input_page, input_device, input_source, 0, 0, 1);
  end if;

  return jsonb_build_object('discount_code', variant.discount_code);
end;
$$;

comment on function public.popup_signup(uuid, uuid, uuid, text, text, boolean, boolean, text, text, text, text, timestamptz) is
  'Anyone from the site''s Origin: signs an e-mail up through an active popup''s e-mail variant (the engine''s participant, consents and lead, source popup; the first sign-up a popup_signups row and a conversion) and answers {discount_code}, the same for a known address.';
revoke execute on function public.popup_signup(uuid, uuid, uuid, text, text, boolean, boolean, text, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.popup_signup(uuid, uuid, uuid, text, text, boolean, boolean, text, text, text, text, timestamptz)
  to anon, authenticated, service_role;

-- ============================================================================================
-- 9. Figures
-- ============================================================================================

-- Per popup of the organization: status, views, conversions, rate and the sites' domains. Security
-- definer with the membership checked once: the figures' row-level policy, evaluated per counter
-- row, made the sums about ten times slower at a year of figures.
create or replace function public.popup_summaries(input_organization_id uuid)
returns table (
  popup_id uuid, name text, type text, status text, views bigint, conversions bigint, rate numeric,
  sites text[], created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, c.name, p.type, public.popup_status(p),
    coalesce(t.views, 0), coalesce(t.conversions, 0),
    case when coalesce(t.views, 0) > 0 then round(t.conversions::numeric / t.views, 4) end,
    coalesce((
      select array_agg(s.domain order by s.domain)
      from public.popups_sites as ps join public.popup_sites as s on s.id = ps.site_id
      where ps.popup_id = p.id
    ), '{}'),
    p.created_at
  from public.popups as p
  join public.campaigns as c on c.id = p.id
  left join lateral (
    select sum(st.views) as views, sum(st.conversions) as conversions
    from public.popup_stats as st where st.popup_id = p.id
  ) as t on true
  where p.organization_id = input_organization_id and private.has_organization_role(input_organization_id)
  order by p.created_at desc;
$$;

comment on function public.popup_summaries(uuid) is
  'Members: per popup of the organization its name, type, status, views, conversions, rate (conversions / views, null without views) and sites, newest first.';
revoke execute on function public.popup_summaries(uuid) from public, anon, authenticated;
grant execute on function public.popup_summaries(uuid) to authenticated, service_role;

-- A popup's counters per Oslo day, variant, page, device and source between two days (inclusive).
-- Security definer after member_popup, for the same reason as popup_summaries.
create or replace function public.popup_results(input_popup_id uuid, input_from date, input_to date)
returns table (
  day date, variant_id uuid, label text, page text, device text, source text,
  views integer, closes integer, conversions integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.member_popup(input_popup_id);
  return query
  select s.day, s.variant_id, v.label, s.page, s.device, s.source, s.views, s.closes, s.conversions
  from public.popup_stats as s
  join public.popup_variants as v on v.id = s.variant_id
  where s.popup_id = input_popup_id and s.day between input_from and input_to
  order by s.day, v.label, s.page, s.device, s.source;
end;
$$;

comment on function public.popup_results(uuid, date, date) is
  'Members: the popup''s counters per Oslo day, variant, page, device and source from input_from to input_to; popup-not-found otherwise.';
revoke execute on function public.popup_results(uuid, date, date) from public, anon, authenticated;
grant execute on function public.popup_results(uuid, date, date) to authenticated, service_role;
