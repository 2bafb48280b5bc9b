import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { NO_SUPPLY_LIMIT, type LeadSupply } from '../utils/supply';
import { leadKeys } from './keys';

/** The lead's buyers so far and what its sales promised (the database's `lead_supply`). */
export const leadSupplyQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.supply(leadId),
    queryFn: async (): Promise<LeadSupply> => {
      const row = unwrap(await supabase.rpc('lead_supply', { input_lead_id: leadId }).maybeSingle());
      if (!row) return NO_SUPPLY_LIMIT;
      return {
        sold: row.sold,
        promised: row.promised,
        remaining: row.remaining,
        soldExclusively: row.sold_exclusively,
      };
    },
  });
