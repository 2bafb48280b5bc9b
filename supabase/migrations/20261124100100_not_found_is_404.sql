-- «Not found» is a 404, not a 500 (attack run, finding 3).
--
-- accept_organization_invitation (invitation-not-found, 20261122100100), claim_sign_in_request
-- (sign-in-request-not-found, 20261122100600), organizations_payments_email_insert
-- (organization-not-found, 20261122100200) and private.change_balance (organization-not-found,
-- 20261122100200 / 20261122101600) raised SQLSTATE P0002 (no_data_found). PostgREST answers every P0
-- code but P0001 with HTTP 500, so a caller's wrong token or id looked like a server failure. They
-- now raise PT404, which PostgREST answers with HTTP 404 (RAISE SQLSTATE 'PTxyz' → status xyz), the
-- same message and the same code in the error JSON (`code: "PT404"`).
--
-- Each function is re-created from its latest definition with only that errcode changed: same
-- signature, body, volatility, security and search_path, so the generated types do not change, and
-- create or replace keeps its owner, grants and comment. change_balance is private (not exposed); its
-- organization-not-found reaches the API only through the functions that call it.
--
-- organizations_payments_email_insert's too-many-receipt-emails raised 54000 (program_limit_exceeded),
-- also a PostgREST 500 for what is the caller's doing: it is now PT409 (409 Conflict, the list is full).

-- ============================================================================================
-- 1. accept_organization_invitation: an unknown token (20261122100100).
-- ============================================================================================

create or replace function public.accept_organization_invitation(input_token text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller_id uuid := (select auth.uid());
  caller_email text;
  caller_confirmed_at timestamptz;
  invitation public.organizations_invitations;
begin
  if caller_id is null then
    raise exception using errcode = '42501', message = 'not-authenticated';
  end if;
  if input_token is null or btrim(input_token) = '' then
    raise exception using errcode = '22004', message = 'invitation-token-required';
  end if;

  select *
  into invitation
  from public.organizations_invitations as i
  where i.token_hash = encode(sha256(convert_to(input_token, 'UTF8')), 'hex')
  for update;

  if not found then
    raise exception using errcode = 'PT404', message = 'invitation-not-found';
  end if;
  if invitation.accepted_at is not null then
    raise exception using errcode = 'P0001', message = 'invitation-already-accepted';
  end if;
  if invitation.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'invitation-expired';
  end if;

  select lower(u.email), u.email_confirmed_at
  into caller_email, caller_confirmed_at
  from auth.users as u
  where u.id = caller_id;

  if caller_email is distinct from invitation.email or caller_confirmed_at is null then
    raise exception using errcode = '42501', message = 'invitation-email-mismatch';
  end if;

  -- Already a member: keep the existing role (never a downgrade, never an owner change).
  insert into public.organizations_members (organization_id, member_id, role)
  values (invitation.organization_id, caller_id, invitation.role)
  on conflict (organization_id, member_id) do nothing;

  update public.organizations_invitations
  set accepted_at = now()
  where id = invitation.id;

  return invitation.organization_id;
end;
$$;

-- ============================================================================================
-- 2. claim_sign_in_request: an unknown temporary id (20261122100600).
-- ============================================================================================

create or replace function public.claim_sign_in_request(input_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller_id uuid := (select auth.uid());
  caller_email text;
  caller_confirmed_at timestamptz;
  request private.sign_in_requests;
begin
  if caller_id is null then
    raise exception using errcode = '42501', message = 'not-authenticated';
  end if;
  if input_id is null then
    raise exception using errcode = '22004', message = 'sign-in-request-id-required';
  end if;

  select * into request from private.sign_in_requests as r where r.id = input_id for update;
  if not found then
    raise exception using errcode = 'PT404', message = 'sign-in-request-not-found';
  end if;

  select lower(u.email), u.email_confirmed_at
  into caller_email, caller_confirmed_at
  from auth.users as u
  where u.id = caller_id;

  if caller_email is distinct from request.email or caller_confirmed_at is null then
    raise exception using errcode = '42501', message = 'sign-in-request-email-mismatch';
  end if;
  if request.expires_at <= now() then
    raise exception using errcode = 'P0001', message = 'sign-in-request-expired';
  end if;

  if request.claimed_at is null then
    update private.sign_in_requests set claimed_at = now() where id = request.id;
  end if;
  return request.redirect_to;
end;
$$;

-- ============================================================================================
-- 3. organizations_payments_email_insert: no payments config row for the organization (20261122100200).
-- ============================================================================================

create or replace function public.organizations_payments_email_insert(input_organization_id uuid, input_email text)
returns text[]
language plpgsql
volatile
set search_path = ''
as $$
declare
  email text := lower(btrim(input_email));
  emails text[];
begin
  if input_organization_id is null then
    raise exception using errcode = '22004', message = 'organization-id-required';
  end if;
  if input_email is null or not coalesce(private.is_valid_email(email), false) then
    raise exception using errcode = '22023', message = 'invalid-email';
  end if;
  if not private.has_organization_role(input_organization_id, '{owner,admin}') then
    raise exception using errcode = '42501', message = 'not-organization-admin';
  end if;

  select c.receipt_emails into emails
  from public.organizations_payments_config as c
  where c.id = input_organization_id
  for update;

  if not found then
    raise exception using errcode = 'PT404', message = 'organization-not-found';
  end if;
  if email = any (emails) then
    raise exception using errcode = '23505', message = 'receipt-email-exists';
  end if;
  if cardinality(emails) >= 10 then
    raise exception using errcode = 'PT409', message = 'too-many-receipt-emails';
  end if;

  update public.organizations_payments_config as c
  set receipt_emails = array_append(c.receipt_emails, email)
  where c.id = input_organization_id
  returning c.receipt_emails into emails;

  return emails;
end;
$$;

-- ============================================================================================
-- 4. private.change_balance: no balance row for the organization (20261122101600's version).
-- ============================================================================================

create or replace function private.change_balance(
  organization_id uuid,
  tickets_delta integer,
  credits_delta integer,
  kind text,
  amount_ore integer default 0,
  reference text default null
)
returns public.organizations_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  balance public.organizations_payments;
begin
  if organization_id is null or tickets_delta is null or credits_delta is null or amount_ore is null then
    raise exception using errcode = '22004', message = 'balance-change-incomplete';
  end if;

  -- Guarded update: no read-then-write; concurrent changes serialise on the row and re-check the guard.
  update public.organizations_payments as p
  set tickets = p.tickets + tickets_delta,
      credits = p.credits + credits_delta,
      updated_at = now()
  where p.id = organization_id
    and p.tickets + tickets_delta >= 0
    and p.credits + credits_delta >= 0
  returning p.* into balance;

  if not found then
    select p.* into balance from public.organizations_payments as p where p.id = organization_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'organization-not-found';
    elsif balance.tickets + tickets_delta < 0 then
      raise exception using errcode = 'P0001', message = 'insufficient-tickets';
    else
      raise exception using errcode = 'P0001', message = 'insufficient-credits';
    end if;
  end if;

  insert into public.organizations_payments_ledger
    (organization_id, kind, tickets_delta, credits_delta, amount_ore, reference, created_by)
  values
    (organization_id, kind, tickets_delta, credits_delta, amount_ore, reference, (select auth.uid()));

  return balance;
end;
$$;
