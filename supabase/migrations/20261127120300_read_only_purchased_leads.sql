-- public.purchased_leads is the buyer's read (20261124110100_purchased_leads.sql); the buyer writes
-- their status and notes in purchased_leads_notes. The view is over a function, so Postgres cannot
-- write through it, and it said so with «cannot insert into view» (55000) before it looked at
-- privileges: an error PostgREST answers with 500. Now a write is refused as a missing privilege
-- (42501), which PostgREST answers with 401 for anon and 403 for everyone else.
--
-- - No role holds insert, update, delete or truncate on the view (Supabase's default privileges
--   had given them to service_role).
-- - An INSTEAD OF trigger takes the rewriter's place, so the executor's privilege check runs; the
--   trigger refuses whoever still gets past it (the owner) the same way.

create or replace function private.refuse_view_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = '42501',
    message = format('%I.%I is read-only', tg_table_schema, tg_table_name),
    hint = 'Write the buyer''s status and notes in purchased_leads_notes.';
end;
$$;

comment on function private.refuse_view_write() is
  'INSTEAD OF trigger of read-only views: refuses every write as insufficient privilege (42501, a 4xx through PostgREST).';
revoke execute on function private.refuse_view_write() from public, anon, authenticated;

revoke insert, update, delete, truncate on public.purchased_leads from anon, authenticated, service_role;

create trigger purchased_leads_read_only
  instead of insert or update or delete on public.purchased_leads
  for each row
  execute function private.refuse_view_write();
