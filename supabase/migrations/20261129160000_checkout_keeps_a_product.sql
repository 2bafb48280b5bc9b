-- A published checkout keeps a product (docs/checkouts.md «The builder»): publishing already needs an
-- unarchived main product (checkout-no-products); this keeps it from losing its last one afterwards,
-- whether a member takes the product off the checkout, makes it the bump, or deletes the product.
-- Deleting or archiving the checkout itself still takes its products with it.

create or replace function private.checkout_products_keep_one()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.role = 'main' and exists (
    select 1 from public.checkouts as k
    join public.campaigns as c on c.id = k.id
    where k.id = old.checkout_id and c.published_at is not null and k.archived_at is null
  ) and not exists (
    select 1 from public.checkout_products as cp
    join public.products as p on p.id = cp.product_id
    where cp.checkout_id = old.checkout_id and cp.role = 'main' and p.archived_at is null
  ) then
    raise exception using errcode = 'P0001', message = 'checkout-no-products';
  end if;
  return null;
end;
$$;

comment on function private.checkout_products_keep_one() is
  'Trigger: a published, unarchived checkout left without an unarchived main product raises checkout-no-products.';
revoke execute on function private.checkout_products_keep_one() from public, anon, authenticated;

-- Judged on what is left after the statement (a save adds the new product before the old one goes).
create trigger checkout_products_keep_one
  after delete or update of role on public.checkout_products
  for each row execute function private.checkout_products_keep_one();
