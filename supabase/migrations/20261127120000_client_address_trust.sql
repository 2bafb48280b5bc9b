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

-- A custom setting of the database itself (`alter database … set name = value`), or null: read from
-- pg_db_role_setting, not the session, because any session may set a custom setting for itself but
-- only the database's owner can alter the database, and a change reaches sessions already open
-- (PostgREST's pool, the embedded platform's one session) without a reconnect.
create or replace function private.database_setting(setting_name text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select substr(setting, length(setting_name) + 2)
  from pg_catalog.pg_db_role_setting as s
  join pg_catalog.pg_database as d on d.oid = s.setdatabase
  cross join lateral unnest(s.setconfig) as setting
  where d.datname = pg_catalog.current_database()
    and s.setrole = 0
    and left(setting, length(setting_name) + 1) = setting_name || '=';
$$;

comment on function private.database_setting(text) is
  'A custom setting the database itself carries (alter database … set), never the session''s: only the database''s owner can change it. Null when unset.';
revoke execute on function private.database_setting(text) from public, anon, authenticated;

-- Anything but a whole number from 1 to 10 counts as unset, so a typo falls back to the safe default
-- instead of trusting client text.
create or replace function private.trusted_proxy_hops()
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    substring(private.database_setting('leadtorget.trusted_proxy_hops') from '^([1-9]|10)$')::integer,
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
