import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { parseBlocks, showableBlocks, type Block } from '../utils/blocks';
import { isStepType, type FunnelStep, type OfferRole } from '../utils/steps';
import { funnelKeys } from './keys';

export interface FunnelEditorData {
  id: string;
  organizationId: string;
  name: string;
  publishedAt: string | null;
  archivedAt: string | null;
  offerMinutes: number;
  steps: FunnelStep[];
}

const STEP_COLUMNS =
  'id, position, type, offer_role, name, form_id, checkout_id, product_id, price_ore, content, next_step_id, decline_step_id, variants:funnel_step_variants(id, label, content, traffic_percent)';

/** What the editor keeps of stored blocks: all of them when they read, else what can be shown. */
const blocksOf = (value: unknown): Block[] => {
  const parsed = parseBlocks(value);
  return parsed.ok ? parsed.blocks : showableBlocks(value);
};

const roleOf = (value: string | null): OfferRole | null =>
  value === 'upsell' || value === 'downsell' ? value : null;

/** One funnel for the editor: the campaign's name and publication, the settings, the steps with their variants. */
export const funnelQueryOptions = (funnelId: string) =>
  queryOptions({
    queryKey: funnelKeys.funnel(funnelId),
    queryFn: async (): Promise<FunnelEditorData> => {
      const [campaign, funnel, steps] = await Promise.all([
        supabase
          .from('campaigns')
          .select('name, published_at')
          .eq('id', funnelId)
          .eq('kind', 'funnel')
          .single(),
        supabase
          .from('funnels')
          .select('id, organization_id, offer_minutes, archived_at')
          .eq('id', funnelId)
          .single(),
        supabase.from('funnel_steps').select(STEP_COLUMNS).eq('funnel_id', funnelId).order('position'),
      ]);
      const { name, published_at } = present(unwrap(campaign));
      const row = present(unwrap(funnel));
      return {
        id: row.id,
        organizationId: row.organization_id,
        name,
        publishedAt: published_at,
        archivedAt: row.archived_at,
        offerMinutes: row.offer_minutes,
        steps: (unwrap(steps) ?? []).flatMap((step) =>
          isStepType(step.type)
            ? [
                {
                  id: step.id,
                  position: step.position,
                  type: step.type,
                  offerRole: roleOf(step.offer_role),
                  name: step.name,
                  formId: step.form_id,
                  checkoutId: step.checkout_id,
                  productId: step.product_id,
                  priceOre: step.price_ore,
                  content: blocksOf(step.content),
                  nextStepId: step.next_step_id,
                  declineStepId: step.decline_step_id,
                  variants: [...step.variants]
                    .sort((a, b) => a.label.localeCompare(b.label))
                    .map((variant) => ({
                      id: variant.id,
                      label: variant.label,
                      content: blocksOf(variant.content),
                      trafficPercent: variant.traffic_percent,
                    })),
                },
              ]
            : [],
        ),
      };
    },
  });
