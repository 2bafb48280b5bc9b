-- Sign-in requests and rate limits for the edge functions `request-magic-link` and `invite-member`
-- (docs/auth-onboarding.md «request-magic-link»).
--
-- 1. Rate limits: fixed windows per key, kept in the database so every function worker shares them.
--    `consume_rate_limit` takes one slot atomically (one upsert) and says whether it was allowed and,
--    when not, how many seconds until the window ends. Service role only.
-- 2. Sign-in requests: a magic link may be opened on another device, where the saved target
--    (sessionStorage) is missing, so the target travels server-side under a random id:
--    `create_sign_in_request` (service role, called by the function) stores e-mail + redirect_to for
--    an hour; `claim_sign_in_request` (authenticated, called by /auth/{temporaryId} after verifyOtp)
--    returns redirect_to only to the user whose confirmed auth.users e-mail requested it, before expiry.
-- 3. `marketplace_for_host`: the marketplace serving a host (marketplaces_urls), with its name for the
--    e-mail. Service role only.
--
-- Both tables live in `private` (not exposed through the API); only the functions here touch them.

-- ============================================================================================
-- 1. Rate limits
-- ============================================================================================

create table private.rate_limits (
  -- Hex SHA-256 of the caller's key (e.g. 'request-magic-link:email:ola@example.com'): no e-mail
  -- addresses or IP addresses are kept in clear text.
  key_hash text primary key check (key_hash ~ '^[0-9a-f]{64}$'),
  window_started_at timestamptz not null,
  window_seconds integer not null check (window_seconds > 0),
  hits integer not null check (hits >= 1)
);

comment on table private.rate_limits is
  'Fixed-window counters for private rate limits (consume_rate_limit). Keys are stored hashed.';

create index rate_limits_window_started_at_idx on private.rate_limits (window_started_at);

-- Only the security definer function below reads and writes it: no grants, and RLS with a policy
-- that refuses every row, should a grant ever appear.
alter table private.rate_limits enable row level security;
revoke all on private.rate_limits from public, anon, authenticated, service_role;
create policy "Only consume_rate_limit touches rate limits"
on private.rate_limits
as restrictive
for all
to public
using (false)
with check (false);

create or replace function public.consume_rate_limit(
  input_key text,
  input_window_seconds integer,
  input_max integer
)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  hashed text;
  row_started timestamptz;
  row_hits integer;
  now_at timestamptz := clock_timestamp();
begin
  if input_key is null or btrim(input_key) = '' then
    raise exception using errcode = '22004', message = 'rate-limit-key-required';
  end if;
  if input_window_seconds is null or input_window_seconds < 1 or input_max is null or input_max < 1 then
    raise exception using errcode = '22023', message = 'rate-limit-invalid-window';
  end if;
  hashed := encode(sha256(convert_to(input_key, 'UTF8')), 'hex');

  -- One statement: concurrent callers serialize on the row, none can pass the limit together.
  insert into private.rate_limits as r (key_hash, window_started_at, window_seconds, hits)
  values (hashed, now_at, input_window_seconds, 1)
  on conflict (key_hash) do update
  set
    window_started_at = case
      when r.window_started_at + make_interval(secs => r.window_seconds) <= now_at
        or r.window_seconds <> excluded.window_seconds
      then now_at else r.window_started_at end,
    window_seconds = excluded.window_seconds,
    hits = case
      when r.window_started_at + make_interval(secs => r.window_seconds) <= now_at
        or r.window_seconds <> excluded.window_seconds
      then 1 else r.hits + 1 end
  returning r.window_started_at, r.hits into row_started, row_hits;

  -- Now and then, forget windows that ended a day ago.
  if random() < 0.01 then
    delete from private.rate_limits as old
    where old.window_started_at < now_at - interval '1 day'
      and old.window_started_at + make_interval(secs => old.window_seconds) < now_at;
  end if;

  allowed := row_hits <= input_max;
  retry_after_seconds := case
    when allowed then 0
    else greatest(
      1,
      ceil(extract(epoch from (row_started + make_interval(secs => input_window_seconds) - now_at)))::integer
    )
  end;
  return next;
end;
$$;

comment on function public.consume_rate_limit(text, integer, integer) is
  'Takes one slot of the fixed window (input_window_seconds, at most input_max) of a key; returns allowed and, when refused, the seconds until the window ends. Service role only.';
revoke execute on function public.consume_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.consume_rate_limit(text, integer, integer) to service_role;

-- ============================================================================================
-- 2. Sign-in requests
-- ============================================================================================

create table private.sign_in_requests (
  -- The temporary id in the link: /auth/{id}?token_hash=…
  id uuid primary key default gen_random_uuid(),
  email text not null constraint sign_in_requests_email_valid check (private.is_valid_email(email)),
  redirect_to text not null check (char_length(redirect_to) <= 2048 and redirect_to ~ '^https?://'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour',
  -- First claim; claiming again (a reload) before expiry gives the same answer.
  claimed_at timestamptz null
);

comment on table private.sign_in_requests is
  'Magic-link sign-ins requested through request-magic-link: where to go after the link, for one hour.';

create index sign_in_requests_expires_at_idx on private.sign_in_requests (expires_at);

-- Only the security definer functions below touch it (as for rate_limits).
alter table private.sign_in_requests enable row level security;
revoke all on private.sign_in_requests from public, anon, authenticated, service_role;
create policy "Only the sign-in request functions touch sign-in requests"
on private.sign_in_requests
as restrictive
for all
to public
using (false)
with check (false);

create or replace function public.create_sign_in_request(input_email text, input_redirect_to text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  created_id uuid;
begin
  if input_email is null or input_redirect_to is null then
    raise exception using errcode = '22004', message = 'sign-in-request-input-required';
  end if;

  -- Requests are useless a day after they expired.
  delete from private.sign_in_requests where expires_at < now() - interval '1 day';

  insert into private.sign_in_requests (email, redirect_to)
  values (lower(btrim(input_email)), input_redirect_to)
  returning id into created_id;
  return created_id;
end;
$$;

comment on function public.create_sign_in_request(text, text) is
  'Stores a sign-in request (e-mail, redirect_to, 1 h) and returns its temporary id. Service role only (request-magic-link).';
revoke execute on function public.create_sign_in_request(text, text) from public, anon, authenticated;
grant execute on function public.create_sign_in_request(text, text) to service_role;

-- security definer: the table is private. The caller's e-mail comes from auth.users (not the JWT) and
-- must be confirmed — verifying the magic link confirms it.
-- An unknown id raises PT404, which PostgREST answers with HTTP 404 (20261124100100_not_found_is_404.sql).
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

comment on function public.claim_sign_in_request(uuid) is
  'Returns the redirect_to of a sign-in request to the user whose confirmed e-mail requested it, before it expires. Raises not-authenticated, sign-in-request-not-found, sign-in-request-email-mismatch, sign-in-request-expired.';
revoke execute on function public.claim_sign_in_request(uuid) from public, anon, authenticated;
grant execute on function public.claim_sign_in_request(uuid) to authenticated;

-- ============================================================================================
-- 3. Marketplace of a host; membership by e-mail (for the functions)
-- ============================================================================================

create or replace function public.marketplace_for_host(input_host text)
returns table (marketplace_id uuid, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, m.name
  from public.marketplaces_urls as u
  join public.marketplaces as m on m.id = u.marketplace_id
  where u.url = lower(btrim(input_host));
$$;

comment on function public.marketplace_for_host(text) is
  'The marketplace (id, name) served on a host name from marketplaces_urls; no rows when none. Service role only (request-magic-link).';
revoke execute on function public.marketplace_for_host(text) from public, anon, authenticated;
grant execute on function public.marketplace_for_host(text) to service_role;

-- security definer: e-mail addresses live in auth.users. Used by invite-member after it has checked
-- that the caller is an owner or admin of the organization.
create or replace function public.organization_has_member_email(input_organization_id uuid, input_email text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.organizations_members as m
    join auth.users as u on u.id = m.member_id
    where m.organization_id = input_organization_id
      and lower(u.email) = lower(btrim(input_email))
  );
$$;

comment on function public.organization_has_member_email(uuid, text) is
  'True when a user with this e-mail is a member of the organization. Service role only (invite-member).';
revoke execute on function public.organization_has_member_email(uuid, text) from public, anon, authenticated;
grant execute on function public.organization_has_member_email(uuid, text) to service_role;
