import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import type { Block } from '../utils/blocks';
import { hasBlocks, type FunnelStep, type StepType } from '../utils/steps';
import { funnelKeys } from './keys';

/** After any write: the editor's read and the list (names, status, step counts). */
// The whole root: the list shows the name, status and step count the editor changes.
function useInvalidateFunnel() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: funnelKeys.all });
}

const HEADING_ONLY = (text: string): Block[] => [{ id: 'h1', type: 'heading', level: 1, text }];

/** Saves one step's settings, page and split test (its variants: removed, changed, added, in that order). */
export function useSaveStep(organizationId: string) {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async ({ step, removedVariantIds }: { step: FunnelStep; removedVariantIds: string[] }) => {
      unwrap(
        await supabase
          .from('funnel_steps')
          .update({
            name: step.name.trim(),
            offer_role: step.type === 'offer' ? (step.offerRole ?? 'upsell') : null,
            form_id: step.type === 'optin' ? step.formId : null,
            checkout_id: step.type === 'checkout' ? step.checkoutId : null,
            product_id: step.type === 'offer' ? step.productId : null,
            price_ore: step.type === 'offer' ? step.priceOre : null,
            content: step.content,
            next_step_id: step.nextStepId,
            decline_step_id: step.type === 'offer' ? step.declineStepId : null,
          })
          .eq('id', step.id)
          .select('id')
          .single(),
      );
      // Removals and lowered shares first: the database keeps the variants' sum at 99 % or less.
      if (removedVariantIds.length)
        unwrap(await supabase.from('funnel_step_variants').delete().in('id', removedVariantIds));
      const saved = step.variants.filter((variant) => variant.id);
      const added = step.variants.filter((variant) => !variant.id);
      for (const variant of [...saved].sort((a, b) => a.trafficPercent - b.trafficPercent)) {
        unwrap(
          await supabase
            .from('funnel_step_variants')
            .update({ content: variant.content, traffic_percent: variant.trafficPercent })
            .eq('id', variant.id),
        );
      }
      if (added.length)
        unwrap(
          await supabase.from('funnel_step_variants').insert(
            added.map((variant) => ({
              step_id: step.id,
              organization_id: organizationId,
              label: variant.label,
              content: variant.content,
              traffic_percent: variant.trafficPercent,
            })),
          ),
        );
    },
    onSuccess: () => invalidate(),
  });
}

/** A new step at the end; its page starts with a heading (the pre-launch check wants one first). */
export function useAddStep(funnelId: string, organizationId: string) {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async ({ type, name, position }: { type: StepType; name: string; position: number }) =>
      present(
        unwrap(
          await supabase
            .from('funnel_steps')
            .insert({
              funnel_id: funnelId,
              organization_id: organizationId,
              type,
              name,
              position,
              offer_role: type === 'offer' ? 'upsell' : null,
              content: hasBlocks(type) ? HEADING_ONLY(name) : [],
            })
            .select('id')
            .single(),
        ),
      ).id,
    onSuccess: () => invalidate(),
  });
}

/** Removes a step; the paths that led to it end there (the database clears them), the check says so. */
export function useRemoveStep() {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async (stepId: string) => {
      unwrap(await supabase.from('funnel_steps').delete().eq('id', stepId));
    },
    onSuccess: () => invalidate(),
  });
}

/** New positions for the steps, in the order given (moving one up or down swaps two). */
export function useReorderSteps() {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async (moves: { id: string; position: number }[]) => {
      for (const move of moves)
        unwrap(await supabase.from('funnel_steps').update({ position: move.position }).eq('id', move.id));
    },
    onSuccess: () => invalidate(),
  });
}

/** The funnel's name (on its campaign) and how long its offers stay payable. */
export function useSaveFunnelSettings(funnelId: string) {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async ({ name, offerMinutes }: { name: string; offerMinutes: number }) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ name: name.trim() })
          .eq('id', funnelId)
          .select('id')
          .single(),
      );
      unwrap(
        await supabase
          .from('funnels')
          .update({ offer_minutes: offerMinutes })
          .eq('id', funnelId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** Publishes (now) or unpublishes through the campaign; the database refuses a funnel with gaps. */
export function usePublishFunnel(funnelId: string) {
  const invalidate = useInvalidateFunnel();
  return useMutation({
    mutationFn: async (publishedAt: string | null) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ published_at: publishedAt })
          .eq('id', funnelId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}
