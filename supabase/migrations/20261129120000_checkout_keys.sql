-- The checkout_products → checkouts key (checkout_id, organization_id) had no covering index (the
-- primary key starts with checkout_id but goes on with product_id): deleting or re-keying a checkout
-- scanned the table. The database advisor's unindexed_foreign_keys.
create index checkout_products_checkout_id_organization_id_idx
  on public.checkout_products (checkout_id, organization_id);

-- Only begin_checkout_order (security definer) takes order numbers: no grants, and a policy that
-- refuses every row should a grant ever appear (as private.rate_limits). The advisor's
-- rls_enabled_no_policy.
revoke all on private.order_numbers from public, anon, authenticated, service_role;
create policy "Only begin_checkout_order takes order numbers"
on private.order_numbers
as restrictive
for all
to public
using (false)
with check (false);
