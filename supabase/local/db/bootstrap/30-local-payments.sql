-- The local payment provider's store: what Stripe would keep (customers, setup intents, payment
-- methods, payment intents) for offline stacks and tests. supabase/functions/_shared/local-payments.ts
-- uses it when no Stripe key is set (or PAYMENTS_PROVIDER=local). It is development infrastructure, so
-- it lives in the embedded platform's bootstrap and never in supabase/migrations, which hosted Supabase
-- runs (docs/payments.md).
--
-- The objects sit in _platform, which the API does not expose; the edge functions reach them through
-- the three public.local_payment_object_* RPCs, security definer and executable by the service role
-- only. Runs before the migrations and needs none of their objects. Idempotent, on PGlite and
-- PostgreSQL 15: `if not exists`, `create or replace`, and grants that set the same state again.

create schema if not exists _platform;

create table if not exists _platform.local_payment_objects (
  id text primary key constraint local_payment_objects_id_length check (char_length(id) between 1 and 255),
  kind text not null constraint local_payment_objects_kind_valid
    check (kind in ('customer', 'setup_intent', 'payment_method', 'payment_intent')),
  organization_id uuid null,
  data jsonb not null default '{}',
  idempotency_key text null constraint local_payment_objects_idempotency_key_key unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table _platform.local_payment_objects is
  'The local payment provider''s objects (customers, setup intents, payment methods, payment intents) — what Stripe keeps, for offline stacks and tests only.';

create or replace function _platform.local_payment_object_json(object _platform.local_payment_objects)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', object.id, 'kind', object.kind, 'organization_id', object.organization_id,
    'data', object.data, 'created_at', object.created_at
  );
$$;

revoke execute on function _platform.local_payment_object_json(_platform.local_payment_objects) from public, anon, authenticated;

create or replace function public.local_payment_object_put(
  input_id text,
  input_kind text,
  input_organization_id uuid,
  input_data jsonb,
  input_idempotency_key text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  object _platform.local_payment_objects;
begin
  insert into _platform.local_payment_objects (id, kind, organization_id, data, idempotency_key)
  values (input_id, input_kind, input_organization_id, coalesce(input_data, '{}'), input_idempotency_key)
  on conflict do nothing
  returning * into object;

  if not found then
    -- A replayed idempotency key (or id): the first object stands.
    select o.* into object
    from _platform.local_payment_objects o
    where (input_idempotency_key is not null and o.idempotency_key = input_idempotency_key)
       or o.id = input_id
    order by (o.idempotency_key is not distinct from input_idempotency_key) desc
    limit 1;
  end if;
  return _platform.local_payment_object_json(object);
end;
$$;

comment on function public.local_payment_object_put(text, text, uuid, jsonb, text) is
  'Service role, local payment provider only: stores an object; a repeated idempotency key (or id) returns the first object instead.';
revoke execute on function public.local_payment_object_put(text, text, uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.local_payment_object_put(text, text, uuid, jsonb, text) to service_role;

create or replace function public.local_payment_object_get(input_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select _platform.local_payment_object_json(o) from _platform.local_payment_objects o where o.id = input_id;
$$;

comment on function public.local_payment_object_get(text) is
  'Service role, local payment provider only: the object by id, or null.';
revoke execute on function public.local_payment_object_get(text) from public, anon, authenticated;
grant execute on function public.local_payment_object_get(text) to service_role;

create or replace function public.local_payment_object_update(input_id text, input_data jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  object _platform.local_payment_objects;
begin
  update _platform.local_payment_objects o
  set data = o.data || coalesce(input_data, '{}'), updated_at = now()
  where o.id = input_id
  returning o.* into object;
  if not found then
    return null;
  end if;
  return _platform.local_payment_object_json(object);
end;
$$;

comment on function public.local_payment_object_update(text, jsonb) is
  'Service role, local payment provider only: merges data into the object (top-level keys); null when unknown.';
revoke execute on function public.local_payment_object_update(text, jsonb) from public, anon, authenticated;
grant execute on function public.local_payment_object_update(text, jsonb) to service_role;
