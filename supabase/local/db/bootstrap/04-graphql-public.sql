-- graphql_public.graphql() as a Supabase database has it while the pg_graphql extension is off: same
-- signature, answering with a GraphQL error. `supabase gen types` lists it, so types generated against
-- the embedded database match those generated against `supabase start`. Idempotent.

create or replace function graphql_public.graphql(
  "operationName" text default null,
  query text default null,
  variables jsonb default null,
  extensions jsonb default null
)
returns jsonb
language plpgsql
as $$
begin
  return jsonb_build_object(
    'errors', jsonb_build_array(jsonb_build_object('message', 'pg_graphql extension is not enabled.'))
  );
end;
$$;

grant execute on function graphql_public.graphql(text, text, jsonb, jsonb)
  to postgres, anon, authenticated, service_role;
