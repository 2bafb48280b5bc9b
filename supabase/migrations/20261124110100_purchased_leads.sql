-- What a buyer gets (docs/lead-marketplace.md «What a purchase contains»).
--
-- A purchase is the lead's contact details (name, e-mail, phone, company, postal code, city) and the
-- facts of the teaser it was bought through (title, description, category, area, marketplace), what
-- was paid and when. The seller's own record of the lead — notes, pipeline status, source, consent,
-- history (leads_events), timestamps — stays the seller's. Until now the leads policy let a buyer read
-- the whole row; now:
--   - `leads` (and through it leads_events, already owner-only) is read by the owner organization and
--     claims admins only;
--   - `purchased_leads` is the buyer's read: a security-invoker view over a security-definer function
--     that returns only the purchased fields, for the caller's organizations' completed purchases;
--   - `purchased_leads_notes` is the buyer's own status and notes on a purchase, read and written by
--     members of the buying organization only (the seller never sees them).
--
-- Depends on 20261122100500_leads.sql, 20261122100900_buy_lead.sql (state, completed_at).
--
-- Sections: 1. leads · 2. purchased_leads_notes · 3. purchased_leads · 4. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. leads: the owner organization's record
-- ---------------------------------------------------------------------------------------------------

drop policy "Members, buyers and claims admins can read leads" on public.leads;

create policy "Members and claims admins can read leads"
  on public.leads for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or (select private.is_claims_admin())
  );

comment on table public.leads is
  'A person or company who may buy something, owned by one organization, with contact details, notes, status and consent. Readable by members of the owner organization and claims admins; buyers read what they bought through purchased_leads.';

-- ---------------------------------------------------------------------------------------------------
-- 2. purchased_leads_notes: the buyer's own pipeline
-- ---------------------------------------------------------------------------------------------------

create table public.purchased_leads_notes (
  purchase_id uuid primary key references public.leads_purchases (id) on delete cascade,
  -- the buying organization (the purchase's); checked by the policies, kept here for them and the index
  organization_id uuid not null references public.organizations (id) on delete cascade,
  status text not null default 'new' check (status in ('new', 'contacted', 'quoted', 'won', 'lost')),
  notes text null check (char_length(notes) <= 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.purchased_leads_notes is
  'The buying organization''s own status and notes on a lead it bought (one row per completed purchase, made on the first save). Members of the buying organization only; the seller never reads them.';

-- The policies' organization check and the foreign key.
create index purchased_leads_notes_organization_id_idx on public.purchased_leads_notes (organization_id);

create trigger purchased_leads_notes_set_updated_at
  before update on public.purchased_leads_notes
  for each row
  when (new.updated_at is distinct from now())
  execute function private.set_updated_at();

alter table public.purchased_leads_notes enable row level security;

create policy "Members of the buying organization can read their notes on purchases"
  on public.purchased_leads_notes for select to authenticated
  using (organization_id = any ((select private.current_user_organization_ids())::uuid[]));

create policy "Members of the buying organization can add notes to its completed purchases"
  on public.purchased_leads_notes for insert to authenticated
  with check (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    and exists (
      select 1
      from public.leads_purchases p
      where p.id = purchased_leads_notes.purchase_id
        and p.organization_id = purchased_leads_notes.organization_id
        and p.state = 'completed'
    )
  );

create policy "Members of the buying organization can change their notes on purchases"
  on public.purchased_leads_notes for update to authenticated
  using (organization_id = any ((select private.current_user_organization_ids())::uuid[]))
  with check (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    and exists (
      select 1
      from public.leads_purchases p
      where p.id = purchased_leads_notes.purchase_id
        and p.organization_id = purchased_leads_notes.organization_id
        and p.state = 'completed'
    )
  );

-- No delete policy: notes are emptied, not removed; the row goes with its purchase or organization.

-- ---------------------------------------------------------------------------------------------------
-- 3. purchased_leads: what the buyer bought
-- ---------------------------------------------------------------------------------------------------

-- When the person behind a purchased lead asked the seller to erase their data: the buyer's copy is
-- marked and the buyer is told (GDPR art. 19), as the seller may not delete what it sold.
alter table public.leads_purchases add column erasure_requested_at timestamptz null;

comment on column public.leads_purchases.erasure_requested_at is
  'When the person asked the seller to erase their data (public.delete_participant); the buyer sees it in purchased_leads and gets a notice.';

-- Security definer: the buyer may not read `leads`; this returns only the purchased fields of the
-- caller's organizations' completed purchases. Column names follow `leads` where they mean the same,
-- so the lead list pages both with one query builder: `id` is the lead's id, `created_at` when the
-- purchase completed (when the lead became the buyer's), `status` / `notes` the buyer's own, `source`
-- always 'marketplace'.
-- PL/pgSQL, not SQL: a set-returning SQL function that cannot be inlined (security definer) is planned
-- again on every call, and the plan of this five-table join is a fifth of its time at 2,000
-- purchases; PL/pgSQL keeps the plan for the connection (8 ms instead of 12–18 ms per request).
create function private.purchased_leads()
returns table (
  id uuid,
  organization_id uuid,
  purchase_id uuid,
  advertised_lead_id uuid,
  marketplace_id uuid,
  marketplace_name text,
  name text,
  email text,
  phone text,
  company text,
  postal_code text,
  city text,
  title text,
  description text,
  category text,
  area text,
  source text,
  status text,
  notes text,
  paid_with text,
  price_tickets integer,
  price_credits integer,
  amount_ore integer,
  created_at timestamptz,
  updated_at timestamptz,
  erasure_requested_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select
      l.id, p.organization_id, p.id, p.advertised_lead_id, a.marketplace_id, m.name,
      l.name, l.email, l.phone, l.company, l.postal_code, l.city,
      a.title, a.description, a.category, a.area,
      'marketplace'::text, coalesce(n.status, 'new'), n.notes,
      p.paid_with, p.price_tickets, p.price_credits, p.amount_ore,
      p.completed_at, greatest(p.completed_at, n.updated_at), p.erasure_requested_at
    from public.leads_purchases p
    join public.leads l on l.id = p.lead_id
    join public.advertised_leads a on a.id = p.advertised_lead_id
    join public.marketplaces m on m.id = a.marketplace_id
    left join public.purchased_leads_notes n on n.purchase_id = p.id
    where p.state = 'completed'
      and p.organization_id = any ((select private.current_user_organization_ids())::uuid[]);
end;
$$;

comment on function private.purchased_leads() is
  'The purchased fields of the caller''s organizations'' completed purchases (contact details, teaser, payment, the buyer''s own status and notes, when the person asked for erasure); behind the view public.purchased_leads.';

-- Security invoker (the advisors' rule for views): the caller's own rights apply, and the function
-- above decides what they see.
create view public.purchased_leads with (security_invoker = true) as
  select * from private.purchased_leads();

comment on view public.purchased_leads is
  'Leads the caller''s organizations bought: contact details, the teaser''s facts, what was paid and when (created_at), the buyer''s own status and notes, and erasure_requested_at when the person asked the seller to erase their data (the buyer must then erase its copy too). Never the seller''s notes, status, history or consent.';

-- ---------------------------------------------------------------------------------------------------
-- 4. Grants
-- ---------------------------------------------------------------------------------------------------

revoke all on public.purchased_leads_notes from anon;
revoke insert, update, delete, truncate on public.purchased_leads_notes from authenticated;
grant insert (purchase_id, organization_id, status, notes) on public.purchased_leads_notes to authenticated;
-- An upsert sets every column it was given (purchase and organization too); the update policy keeps
-- the row on the organization's own completed purchase.
grant update (purchase_id, organization_id, status, notes) on public.purchased_leads_notes to authenticated;

revoke all on public.purchased_leads from anon, authenticated;
grant select on public.purchased_leads to authenticated, service_role;

revoke execute on function private.purchased_leads() from public, anon;
grant execute on function private.purchased_leads() to authenticated, service_role;
