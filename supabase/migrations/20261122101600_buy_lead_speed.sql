-- buy_lead throughput (goal: ≥ 5,000 purchases/s at 32 buyers; docs/lead-marketplace.md «Benchmark»).
-- Same behaviour, a little less work per purchase; nothing here changes what a purchase checks, locks
-- or writes, or the value any column ends up with.
--
-- Profile of one purchase (auto_explain with nested statements and triggers, PostgreSQL 15): the
-- guarded listing update, the purchase insert with its four foreign-key checks, change_balance (balance
-- update + ledger insert with one foreign-key check), and on each of the two hot rows (the listing and
-- the buyer's balance) a BEFORE UPDATE trigger calling the PL/pgSQL function private.set_updated_at().
--
-- 1. The updated_at triggers of advertised_leads and organizations_payments fire only when the
--    statement did not already set updated_at to now() (a WHEN clause, evaluated without calling
--    PL/pgSQL). A statement that leaves updated_at alone, or sets it to anything else, still gets
--    now(), so the column's value is the same as before in every case.
-- 2. buy_lead (20261122100900_buy_lead.sql) and private.change_balance (20261122100200_payments.sql)
--    set `updated_at = now()` in their updates, so a purchase runs no trigger function on either row.
--    That change was first made here by re-creating both functions whole; it now lives in their one
--    definition (a function is written in one migration only: docs/database.md).
--
-- Tried and not kept (no gain measurable on the shared 2-vCPU machine): fillfactor 80 on both tables
-- for more HOT updates (the listing update was already HOT 99 % of the time), and taking the balance
-- row lock before the purchase insert (it also changed which error wins when two apply).

drop trigger advertised_leads_set_updated_at on public.advertised_leads;
create trigger advertised_leads_set_updated_at
  before update on public.advertised_leads
  for each row
  when (new.updated_at is distinct from now())
  execute function private.set_updated_at();

drop trigger organizations_payments_set_updated_at on public.organizations_payments;
create trigger organizations_payments_set_updated_at
  before update on public.organizations_payments
  for each row
  when (new.updated_at is distinct from now())
  execute function private.set_updated_at();
