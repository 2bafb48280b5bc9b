import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { funnelKeys } from './keys';

export type FunnelStatus = 'draft' | 'live' | 'archived';

export interface FunnelListItem {
  id: string;
  name: string;
  status: FunnelStatus;
  steps: number;
  visitors: number;
  orders: number;
  revenueOre: number;
}

/** The organization's funnels with the last 30 days' figures: one request (funnel_summaries). */
export const funnelsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: funnelKeys.lists(organizationId),
    queryFn: async (): Promise<FunnelListItem[]> => {
      const rows =
        unwrap(await supabase.rpc('funnel_summaries', { input_organization_id: organizationId })) ?? [];
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.archived_at ? 'archived' : row.published_at ? 'live' : 'draft',
        steps: Number(row.steps),
        visitors: Number(row.visitors),
        orders: Number(row.orders),
        revenueOre: Number(row.revenue_ore),
      }));
    },
  });

function useInvalidateFunnels(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: funnelKeys.lists(organizationId) });
}

/** A draft funnel with the standard template's steps (create_funnel); answers its id. */
export function useCreateFunnel(organizationId: string) {
  const invalidate = useInvalidateFunnels(organizationId);
  return useMutation({
    mutationFn: async (name: string) =>
      unwrap(
        await supabase.rpc('create_funnel', {
          input_organization_id: organizationId,
          input_name: name,
          input_template: 'standard',
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** A draft copy with its steps, paths and variants (duplicate_funnel). */
export function useDuplicateFunnel(organizationId: string) {
  const invalidate = useInvalidateFunnels(organizationId);
  return useMutation({
    mutationFn: async (funnelId: string) =>
      unwrap(await supabase.rpc('duplicate_funnel', { input_funnel_id: funnelId })),
    onSuccess: () => invalidate(),
  });
}

/** Archives a funnel: its public pages close, its orders and figures stay. */
export function useArchiveFunnel(organizationId: string) {
  const invalidate = useInvalidateFunnels(organizationId);
  return useMutation({
    mutationFn: async (funnelId: string) => {
      unwrap(
        await supabase
          .from('funnels')
          .update({ archived_at: new Date().toISOString() })
          .eq('id', funnelId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}
