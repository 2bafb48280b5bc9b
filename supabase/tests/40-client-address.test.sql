-- The client address of a request (supabase/migrations/20261127120000_client_address_trust.sql): the
-- X-Forwarded-For entry our own proxies wrote, counted from the right by the database setting
-- leadtorget.trusted_proxy_hops, never an entry the client wrote itself.
begin;

select plan(12);

create function pg_temp.client_ip_for(forwarded_for text)
returns text
language sql
as $$
  select set_config('request.headers', json_build_object('x-forwarded-for', forwarded_for)::text, true);
  select private.request_client_ip();
$$;

create function pg_temp.set_database_hops(hops text)
returns void
language plpgsql
as $$
begin
  if hops is null then
    execute format('alter database %I reset leadtorget.trusted_proxy_hops', current_database());
  else
    execute format('alter database %I set leadtorget.trusted_proxy_hops = %L', current_database(), hops);
  end if;
end;
$$;

select pg_temp.set_database_hops(null);

-- One proxy (the gateway, the default): the rightmost entry, whatever the client put before it.
select is(private.trusted_proxy_hops(), 1, 'without the setting one hop is trusted');
select is(pg_temp.client_ip_for('203.0.113.9'), '203.0.113.9', 'the gateway''s entry is the client');
select is(pg_temp.client_ip_for('198.51.100.7, 203.0.113.9'), '203.0.113.9',
  'an address the client wrote in front of the gateway''s is not read');
select isnt(pg_temp.client_ip_for('192.0.2.55, 203.0.113.66'), pg_temp.client_ip_for('192.0.2.55'),
  'claiming another visitor''s address does not share their rate-limit key');

-- Two proxies (a CDN that appends the client, then the gateway that appends the CDN).
select pg_temp.set_database_hops('2');
select is(private.trusted_proxy_hops(), 2, 'the database setting says two hops');
select is(pg_temp.client_ip_for('1.1.1.1, 198.51.100.7, 203.0.113.9'), '198.51.100.7',
  'two hops: the entry the outer proxy wrote, not the client''s own');
select is(pg_temp.client_ip_for('203.0.113.9'), '203.0.113.9',
  'fewer entries than hops: the one the inner proxy wrote');
select is(pg_temp.client_ip_for(' 2001:DB8::7 , 10.0.0.1'), '2001:db8::7', 'trimmed and lower-cased');

-- Only the database's setting counts: a session cannot raise it.
select pg_temp.set_database_hops(null);
select set_config('leadtorget.trusted_proxy_hops', '2', true);
select is(private.trusted_proxy_hops(), 1, 'a session''s own setting is ignored');

-- Nonsense falls back to the safe default.
select pg_temp.set_database_hops('0');
select is(private.trusted_proxy_hops(), 1, 'zero hops is not a setting');
select pg_temp.set_database_hops('2; drop');
select is(private.trusted_proxy_hops(), 1, 'text that is not a number is not a setting');
select pg_temp.set_database_hops(null);

select set_config('request.headers', '', true);
select is(private.request_client_ip(), 'unknown', 'outside a request: unknown');

select * from finish();
rollback;
