-- Which address a public request comes from, for the per-IP rate limits (entries, visit events,
-- pre-registration): the X-Forwarded-For entry written by the proxy the deployment trusts, never one
-- the client wrote (docs/database.md «The client's address»).
--
-- X-Forwarded-For is a list the client starts; each proxy on the way appends the address it received
-- the request from. Counted from the right, the first N entries were written by our own proxies, and
-- the Nth is the address the outermost of them saw: the client. N is the database's setting
-- leadtorget.trusted_proxy_hops (`alter database postgres set leadtorget.trusted_proxy_hops = '2'`),
-- default 1: the gateway in front of PostgREST alone, as the embedded platform and Kong append one
-- entry. A higher number than the deployment really has would let clients choose their address, so
-- it is raised only after counting the hops of the deployment.
--
-- Sections: 1. the trusted hops · 2. the request's client address

-- ============================================================================================
-- 1. The trusted hops
-- ============================================================================================

-- Read from the database's own settings (pg_db_role_setting), not the session: only the database's
-- owner can alter the database, and a change applies to sessions already open (PostgREST's pool,
-- the embedded platform's one session) without a reconnect. Anything but a whole number from 1 to 10
-- counts as unset, so a typo falls back to the safe default instead of trusting client text.
create or replace function private.trusted_proxy_hops()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (
      select substring(setting from '^leadtorget\.trusted_proxy_hops=([1-9]|10)$')::integer
      from pg_catalog.pg_db_role_setting as s
      join pg_catalog.pg_database as d on d.oid = s.setdatabase
      cross join lateral unnest(s.setconfig) as setting
      where d.datname = pg_catalog.current_database()
        and s.setrole = 0
        and setting like 'leadtorget.trusted\_proxy\_hops=%'
    ),
    1
  );
$$;

comment on function private.trusted_proxy_hops() is
  'How many X-Forwarded-For entries, counted from the right, our own proxies wrote: the database setting leadtorget.trusted_proxy_hops (1 to 10), else 1.';
revoke execute on function private.trusted_proxy_hops() from public, anon, authenticated;

-- ============================================================================================
-- 2. The request's client address
-- ============================================================================================

-- The entry trusted_proxy_hops() from the right; with fewer entries (a request that skipped the outer
-- proxies), the leftmost, which the innermost proxy wrote. 'unknown' outside an API request.
create or replace function private.request_client_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(lower(btrim(entries[greatest(1, cardinality(entries) - private.trusted_proxy_hops() + 1)])), ''),
    'unknown'
  )
  from (
    select regexp_split_to_array(
      coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''), ','
    ) as entries
  ) as h;
$$;

comment on function private.request_client_ip() is
  'The client address of the current PostgREST request: the X-Forwarded-For entry private.trusted_proxy_hops() from the right (the one our outermost proxy wrote), or unknown.';
revoke execute on function private.request_client_ip() from public, anon, authenticated;
