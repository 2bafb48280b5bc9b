-- Keyset pagination of /leads (the goal: pagination that stays fast at 100,000 leads;
-- docs/lead-marketplace.md «Lead screens», src/features/leads/list-query.ts).
--
-- The list reads a page after a cursor (sort value, id) as index range scans:
--   ties:  organization_id = $org and <col> = $value and id > $id  order by id
--   past:  organization_id = $org and <col> > $value               order by <col>, id
-- (and the mirror images for descending order and «Forrige», read backwards through the same index).
-- created_at already has (organization_id, created_at desc, id desc) from 20261122100500_leads.sql; the
-- other sortable columns get (organization_id, <col>, id). name and company are nullable: the list
-- reads their values (`<col> is not null`) and their nulls (`<col> is null order by id`) as two
-- segments, both served by the same index. The existing (organization_id, status|source,
-- created_at desc, id desc) indexes keep serving a status or source filter with the default sort.

create index leads_organization_id_name_id_idx on public.leads (organization_id, name, id);
create index leads_organization_id_company_id_idx on public.leads (organization_id, company, id);
create index leads_organization_id_status_id_idx on public.leads (organization_id, status, id);
create index leads_organization_id_source_id_idx on public.leads (organization_id, source, id);
