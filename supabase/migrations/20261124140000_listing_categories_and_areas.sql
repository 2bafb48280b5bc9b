-- A listing's category and area come from lists (docs/lead-marketplace.md «Categories and areas»).
--
-- Free text split the marketplace's filters («Rørlegger» and «rørlegger» were two categories). Now:
-- - `public.areas`: Norway's counties (fylker) as of 2024, and «Hele landet»; one fixed list for every
--   marketplace, changed by a migration.
-- - `public.marketplace_categories`: each marketplace's own categories. A new marketplace starts with
--   a default list of trades (trigger); its owner may add, rename (listings follow: on update cascade)
--   and remove categories no listing uses.
-- - `advertised_leads.category` and `.area` are foreign keys into them (null = not given), so the
--   database refuses a spelling the lists do not hold, whoever writes it: 23503.
-- Existing listings are normalised first: a category or area matching a list entry but for case and
-- spaces takes the entry's spelling; another category becomes one of that marketplace's categories
-- (first letter upper-cased) so no listing loses it; an area that is no 2024 county is cleared.
-- Leads keep their free text (the seller's own records); the advertise form picks the matching entry.
--
-- Depends on 20261122100400_marketplaces.sql (current_user_owned_marketplace_ids),
-- 20261122100500_leads.sql.
--
-- Sections: 1. tables · 2. default categories · 3. normalise listings · 4. foreign keys ·
-- 5. row-level security · 6. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Tables
-- ---------------------------------------------------------------------------------------------------

create table public.areas (
  name text primary key check (char_length(name) between 2 and 100),
  position smallint not null unique
);

comment on table public.areas is
  'The areas a listing can have: Norway''s counties as of 2024 and «Hele landet» (fixed; changed by migration).';

insert into public.areas (name, position) values
  ('Hele landet', 0),
  ('Oslo', 1),
  ('Akershus', 2),
  ('Østfold', 3),
  ('Buskerud', 4),
  ('Innlandet', 5),
  ('Vestfold', 6),
  ('Telemark', 7),
  ('Agder', 8),
  ('Rogaland', 9),
  ('Vestland', 10),
  ('Møre og Romsdal', 11),
  ('Trøndelag', 12),
  ('Nordland', 13),
  ('Troms', 14),
  ('Finnmark', 15);

create table public.marketplace_categories (
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  name text not null check (name = btrim(name) and char_length(name) between 2 and 100),
  created_at timestamptz not null default now(),
  primary key (marketplace_id, name)
);

comment on table public.marketplace_categories is
  'The categories a listing on the marketplace can have. Seeded with a default list when the marketplace is created; its owner manages them.';

-- One spelling per category and marketplace: «Rørlegger» and «rørlegger» cannot both exist.
create unique index marketplace_categories_name_key
  on public.marketplace_categories (marketplace_id, lower(name));

-- ---------------------------------------------------------------------------------------------------
-- 2. Default categories
-- ---------------------------------------------------------------------------------------------------

create function private.default_marketplace_categories()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'Bad', 'Elbillader', 'Elektriker', 'Etterisolering', 'Flislegger', 'Graving og drenering', 'Kjøkken',
    'Maler', 'Murer', 'Rørlegger', 'Snekker', 'Solceller', 'Tak', 'Takrenner', 'Taktekking', 'Varmepumpe',
    'Vinduer og dører', 'Annet'
  ]
$$;

comment on function private.default_marketplace_categories() is
  'The categories a new marketplace starts with (its owner changes them afterwards).';

-- Security definer: the marketplace is created by support (service role) or a test as postgres, and
-- the categories are written whoever that is.
create function private.marketplaces_add_default_categories()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.marketplace_categories (marketplace_id, name)
  select new.id, c from unnest(private.default_marketplace_categories()) as c
  on conflict do nothing;
  return null;
end;
$$;

create trigger marketplaces_add_default_categories
  after insert on public.marketplaces
  for each row execute function private.marketplaces_add_default_categories();

insert into public.marketplace_categories (marketplace_id, name)
select m.id, c
from public.marketplaces m
cross join unnest(private.default_marketplace_categories()) as c
on conflict do nothing;

-- ---------------------------------------------------------------------------------------------------
-- 3. Normalise the listings there are
-- ---------------------------------------------------------------------------------------------------

-- Spaces collapse, then categories no list entry matches become the marketplace's own.
update public.advertised_leads
set category = nullif(regexp_replace(btrim(category), '\s+', ' ', 'g'), ''),
    area = nullif(regexp_replace(btrim(area), '\s+', ' ', 'g'), '')
where category is distinct from nullif(regexp_replace(btrim(category), '\s+', ' ', 'g'), '')
   or area is distinct from nullif(regexp_replace(btrim(area), '\s+', ' ', 'g'), '');

insert into public.marketplace_categories (marketplace_id, name)
select distinct on (a.marketplace_id, lower(a.category))
  a.marketplace_id, upper(left(a.category, 1)) || substr(a.category, 2)
from public.advertised_leads a
where a.category is not null
  and char_length(a.category) >= 2
  and not exists (
    select 1 from public.marketplace_categories mc
    where mc.marketplace_id = a.marketplace_id and lower(mc.name) = lower(a.category)
  )
order by a.marketplace_id, lower(a.category), a.category
on conflict do nothing;

update public.advertised_leads a
set category = (
  select mc.name from public.marketplace_categories mc
  where mc.marketplace_id = a.marketplace_id and lower(mc.name) = lower(a.category)
)
where a.category is not null;

update public.advertised_leads a
set area = (select ar.name from public.areas ar where lower(ar.name) = lower(a.area))
where a.area is not null;

-- ---------------------------------------------------------------------------------------------------
-- 4. Foreign keys
-- ---------------------------------------------------------------------------------------------------

-- A null category or area passes (match simple): «not given».
alter table public.advertised_leads
  add constraint advertised_leads_category_fkey foreign key (marketplace_id, category)
    references public.marketplace_categories (marketplace_id, name) on update cascade,
  add constraint advertised_leads_area_fkey foreign key (area)
    references public.areas (name) on update cascade;

-- The foreign keys' lookups when a category or area changes, and the marketplace's filters.
create index advertised_leads_marketplace_id_category_idx
  on public.advertised_leads (marketplace_id, category) where category is not null;
create index advertised_leads_area_idx on public.advertised_leads (area) where area is not null;

-- ---------------------------------------------------------------------------------------------------
-- 5. Row-level security
-- ---------------------------------------------------------------------------------------------------

alter table public.areas enable row level security;
alter table public.marketplace_categories enable row level security;

-- Not secret: the public door (/bli-partner) may show them before sign-in.
create policy "Everyone can read the areas"
  on public.areas for select to anon, authenticated
  using (true);

create policy "Everyone can read marketplace categories"
  on public.marketplace_categories for select to anon, authenticated
  using (true);

create policy "Marketplace owners can add categories"
  on public.marketplace_categories for insert to authenticated
  with check (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

create policy "Marketplace owners can rename categories"
  on public.marketplace_categories for update to authenticated
  using (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]))
  with check (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

create policy "Marketplace owners can remove categories"
  on public.marketplace_categories for delete to authenticated
  using (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

-- ---------------------------------------------------------------------------------------------------
-- 6. Grants
-- ---------------------------------------------------------------------------------------------------

revoke insert, update, delete, truncate on public.areas from anon, authenticated;
revoke insert, update, delete, truncate on public.marketplace_categories from anon;
revoke update on public.marketplace_categories from authenticated;
grant update (name) on public.marketplace_categories to authenticated;

revoke execute on function
  private.default_marketplace_categories(),
  private.marketplaces_add_default_categories()
  from public, anon, authenticated;
