import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan as Plan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export type MarketplacePlan = {
  marketplaceId: string;
  name: string;
  plan: Plan | null;
  ticketsPerMonth: number | null;
};

/** Every marketplace the organization is a member of, with its plan there (null = none chosen). */
export const plansQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: paymentKeys.plans(organizationId),
    queryFn: async (): Promise<MarketplacePlan[]> => {
      const [memberships, configs] = await Promise.all([
        supabase
          .from('marketplaces_organizations')
          .select('marketplace_id, marketplace:marketplaces(name)')
          .eq('organization_id', organizationId),
        supabase
          .from('organizations_marketplaces_configs')
          .select('marketplace_id, plan, tickets_per_month')
          .eq('organization_id', organizationId),
      ]);
      const plans = new Map((unwrap(configs) ?? []).map((row) => [row.marketplace_id, row]));
      return (unwrap(memberships) ?? [])
        .map((row) => {
          const config = plans.get(row.marketplace_id);
          return {
            marketplaceId: row.marketplace_id,
            name: row.marketplace?.name ?? '',
            plan: config?.plan ?? null,
            ticketsPerMonth: config?.tickets_per_month ?? null,
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
    },
  });
