-- A lead is advertised only with consent to share it (docs/lead-marketplace.md «Consent»).
--
-- A buyer gets the lead's contact details, so a lead whose `consent` is false may be listed only when
-- the seller confirms, on the listing, that the person has agreed to it: `consent_confirmed_at` and
-- `consent_confirmed_by` record that confirmation. A client asks for it by inserting any
-- consent_confirmed_at; the trigger stores the database's time and the caller (clients cannot write
-- consent_confirmed_by), so the record says who confirmed and when, not what the browser claimed.
-- Without it a listing that opens (inserted, resumed, reopened) is refused: P0001
-- `lead-consent-required` (PostgREST: 400).
--
-- The trigger runs after advertised_leads_check_supply (triggers fire in name order), so a lead that
-- cannot be sold again says so first.
--
-- Depends on 20261122100500_leads.sql, 20261122101200_listing_notifications.sql (column grants),
-- 20261124110000_lead_supply.sql.
--
-- Sections: 1. columns · 2. trigger · 3. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Columns
-- ---------------------------------------------------------------------------------------------------

alter table public.advertised_leads
  add column consent_confirmed_at timestamptz null,
  add column consent_confirmed_by uuid null references auth.users (id) on delete set null;

comment on column public.advertised_leads.consent_confirmed_at is
  'When the seller confirmed that the person agreed to be shared (needed when leads.consent is false); the database''s time.';
comment on column public.advertised_leads.consent_confirmed_by is
  'Who confirmed the consent (the caller when it was stored; not client-writable).';

-- The foreign key (advisors: unindexed foreign keys); few rows have one.
create index advertised_leads_consent_confirmed_by_idx
  on public.advertised_leads (consent_confirmed_by) where consent_confirmed_by is not null;

-- ---------------------------------------------------------------------------------------------------
-- 2. Trigger
-- ---------------------------------------------------------------------------------------------------

-- Security definer: the lead's consent is read whoever writes the listing.
create function private.advertised_leads_require_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead_consent boolean;
begin
  if tg_op = 'INSERT' and new.consent_confirmed_at is not null then
    new.consent_confirmed_at := now();
    new.consent_confirmed_by := coalesce((select auth.uid()), new.consent_confirmed_by);
  end if;

  select l.consent into lead_consent
  from public.leads l
  where l.id = new.lead_id and l.organization_id = new.organization_id;
  -- Not the writer's lead: the foreign key refuses it. Row-level security refuses a client who may not
  -- list it after this trigger, so the lead's consent is not told to them either.
  if not found or (
    (select auth.uid()) is not null
    and not new.organization_id = any (
      (select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[]
    )
  ) then
    return new;
  end if;

  if not lead_consent and new.consent_confirmed_at is null then
    raise exception using errcode = 'P0001', message = 'lead-consent-required';
  end if;
  return new;
end;
$$;

comment on function private.advertised_leads_require_consent() is
  'Before a listing opens: a lead without consent needs consent_confirmed_at (else P0001 lead-consent-required); on insert stores now() and the caller as the confirmation.';

create trigger advertised_leads_require_consent
  before insert on public.advertised_leads
  for each row
  when (new.status in ('active', 'paused'))
  execute function private.advertised_leads_require_consent();

-- The same openings as advertised_leads_check_supply_on_update: a listing saved without a confirmation
-- while the lead had consent cannot be resumed or reopened once the consent is gone.
create trigger advertised_leads_require_consent_on_update
  before update of status on public.advertised_leads
  for each row
  when (
    new.status in ('active', 'paused')
    and old.status is distinct from new.status
    and not (old.status = 'sold_out' and new.buyers_count < old.buyers_count)
    and not (old.status = 'active' and new.status = 'paused')
  )
  execute function private.advertised_leads_require_consent();

-- ---------------------------------------------------------------------------------------------------
-- 3. Grants
-- ---------------------------------------------------------------------------------------------------

-- Clients insert listings column by column (20261122101200): consent_confirmed_at now too, never
-- consent_confirmed_by; neither is client-updatable (the update grant of 20261122100500 lists columns).
grant insert (consent_confirmed_at) on public.advertised_leads to authenticated;

revoke execute on function private.advertised_leads_require_consent() from public, anon, authenticated;
