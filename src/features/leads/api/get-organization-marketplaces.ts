import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';

export type OrganizationMarketplace = {
  id: string;
  name: string;
  defaultPriceTickets: number;
  defaultPriceCredits: number;
  defaultPriceOre: number;
};

export const organizationMarketplacesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: leadKeys.marketplaces(organizationId),
    queryFn: async (): Promise<OrganizationMarketplace[]> => {
      const rows = unwrap(
        await supabase
          .from('marketplaces_organizations')
          .select(
            'marketplace:marketplaces(id, name, default_price_tickets, default_price_credits, default_price_ore)',
          )
          .eq('organization_id', organizationId),
      );
      return (rows ?? [])
        .map((row) => row.marketplace)
        .filter((row) => row !== null)
        .map((row) => ({
          id: row.id,
          name: row.name,
          defaultPriceTickets: row.default_price_tickets,
          defaultPriceCredits: row.default_price_credits,
          defaultPriceOre: row.default_price_ore,
        }));
    },
  });
