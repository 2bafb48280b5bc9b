-- Lead history: the events of a lead that its rows do not keep — pipeline status changes and
-- note changes, who made them and when. The lead-info page (/leads/lead/{leadId}) shows them with the
-- events it derives from other rows: created / imported (leads.created_at, source), advertised
-- (advertised_leads.created_at), bought (leads_purchases, state 'completed').
--
-- Written only by a row trigger on `leads` (update of status or notes); the import's inserts and the
-- buy-lead path never fire it. Readable by members of the owner organization and claims admins (a
-- buyer's view of the seller's pipeline is none of the buyer's business).
--
-- Depends on 20261122100500_leads.sql and 20261122100900_buy_lead.sql (status is text).
--
-- Sections: 1. table · 2. trigger · 3. row-level security · 4. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Table
-- ---------------------------------------------------------------------------------------------------

create table public.leads_events (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null check (kind in ('status_changed', 'note_changed')),
  from_status text null,
  to_status text null,
  actor_id uuid null references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint leads_events_status_check check (
    kind <> 'status_changed' or (from_status is not null and to_status is not null)
  ),
  -- the event's organization is always the lead's owner
  constraint leads_events_lead_fkey foreign key (lead_id, organization_id)
    references public.leads (id, organization_id) on delete cascade
);

comment on table public.leads_events is
  'History of a lead that its rows do not keep: status changes (from_status → to_status) and note changes, with who and when. Written by a trigger on leads; read by the owner organization''s members.';

-- The lead-info query (a lead's events, newest first) and the composite foreign key.
create index leads_events_lead_id_organization_id_created_at_idx
  on public.leads_events (lead_id, organization_id, created_at desc);
create index leads_events_organization_id_idx on public.leads_events (organization_id);
create index leads_events_actor_id_idx on public.leads_events (actor_id);

-- ---------------------------------------------------------------------------------------------------
-- 2. Trigger
-- ---------------------------------------------------------------------------------------------------

-- Security definer: clients have no insert on leads_events.
create function private.leads_record_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if new.status is distinct from old.status then
    insert into public.leads_events (lead_id, organization_id, kind, from_status, to_status, actor_id)
    values (new.id, new.organization_id, 'status_changed', old.status::text, new.status::text, actor);
  end if;
  if new.notes is distinct from old.notes then
    insert into public.leads_events (lead_id, organization_id, kind, actor_id)
    values (new.id, new.organization_id, 'note_changed', actor);
  end if;
  return null;
end;
$$;

comment on function private.leads_record_event() is
  'Records status and note changes of a lead in leads_events (after update trigger on leads).';

create trigger leads_record_event
  after update of status, notes on public.leads
  for each row
  when (old.status is distinct from new.status or old.notes is distinct from new.notes)
  execute function private.leads_record_event();

-- ---------------------------------------------------------------------------------------------------
-- 3. Row-level security
-- ---------------------------------------------------------------------------------------------------

alter table public.leads_events enable row level security;

create policy "Members and claims admins can read lead history"
  on public.leads_events for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or (select private.is_claims_admin())
  );

-- ---------------------------------------------------------------------------------------------------
-- 4. Grants
-- ---------------------------------------------------------------------------------------------------

revoke insert, update, delete, truncate on public.leads_events from anon, authenticated;

revoke execute on function private.leads_record_event() from public, anon, authenticated;
