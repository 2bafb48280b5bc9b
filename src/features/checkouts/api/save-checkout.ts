import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignPatch, checkoutPatch, productRows, type CheckoutDraft } from '../utils/checkout-draft';
import type { CheckoutEditorData } from './get-checkout-editor';
import { checkoutKeys } from './keys';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes what changed between the saved draft and the edited one, each table under RLS: the campaign
 * (name, texts, recovery, design), the checkout's own columns, then its products. New and changed
 * product rows are written before the removed ones go out, so a published checkout never has no main
 * product between two requests; a changed bump leaves first (one bump per checkout). The texts are
 * whole values and the products are compared with what the server holds, so a save that failed
 * halfway is simply sent again.
 */
async function saveCheckout(data: CheckoutEditorData, saved: CheckoutDraft, next: CheckoutDraft) {
  const campaign = campaignPatch(next, data.storedDesign);
  if (!same(campaignPatch(saved, data.storedDesign), campaign))
    unwrap(await supabase.from('campaigns').update(campaign).eq('id', data.id));

  const own = checkoutPatch(next);
  if (!same(checkoutPatch(saved), own))
    unwrap(await supabase.from('checkouts').update(own).eq('id', data.id));

  const after = productRows(next);
  if (same(productRows(saved), after)) return;
  // Against the rows the server holds now, so a save that failed halfway can be sent again.
  const before = (
    unwrap(
      await supabase
        .from('checkout_products')
        .select('product_id, role, position, quantity_editable')
        .eq('checkout_id', data.id),
    ) ?? []
  ).map((row) => ({ ...row, role: row.role === 'bump' ? ('bump' as const) : ('main' as const) }));
  const found = before.find((row) => row.role === 'bump');
  const oldBump = found && found.product_id !== next.bumpId ? found : undefined;
  if (oldBump)
    unwrap(
      await supabase
        .from('checkout_products')
        .delete()
        .eq('checkout_id', data.id)
        .eq('product_id', oldBump.product_id),
    );
  // Inserts and per-row updates: members may update only a row's role, position and quantity setting.
  const added = after.filter(
    (row) => !before.some((old) => old.product_id === row.product_id && old !== oldBump),
  );
  if (added.length > 0)
    unwrap(
      await supabase
        .from('checkout_products')
        .insert(added.map((row) => ({ ...row, checkout_id: data.id, organization_id: data.organizationId }))),
    );
  for (const row of after) {
    const old = before.find((candidate) => candidate.product_id === row.product_id);
    if (!old || old === oldBump || same(old, row)) continue;
    const { role, position, quantity_editable } = row;
    unwrap(
      await supabase
        .from('checkout_products')
        .update({ role, position, quantity_editable })
        .eq('checkout_id', data.id)
        .eq('product_id', row.product_id),
    );
  }
  const gone = before
    .filter((row) => row.role === 'main' && !after.some((kept) => kept.product_id === row.product_id))
    .map((row) => row.product_id);
  if (gone.length > 0)
    unwrap(
      await supabase.from('checkout_products').delete().eq('checkout_id', data.id).in('product_id', gone),
    );
}

/** Saves the editor's draft; the checkout's reads (heading, list, preview, editor) follow. */
export function useSaveCheckout(data: CheckoutEditorData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saved, next }: { saved: CheckoutDraft; next: CheckoutDraft }) =>
      saveCheckout(data, saved, next),
    // After a refusal too: what was written before it is what the server now holds.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(data.id) }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.lists(data.organizationId) }),
      ]),
  });
}

/** Publishes (now) or unpublishes the checkout; the database refuses one without a main product. */
export function usePublishCheckout(data: CheckoutEditorData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publishedAt: string | null) =>
      unwrap(await supabase.from('campaigns').update({ published_at: publishedAt }).eq('id', data.id)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(data.id) }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.lists(data.organizationId) }),
      ]),
  });
}
