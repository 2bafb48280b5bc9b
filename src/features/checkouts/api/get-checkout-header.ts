import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { checkoutKeys } from './keys';

export interface CheckoutHeader {
  id: string;
  name: string;
  organizationId: string;
  published: boolean;
  archived: boolean;
}

/** What the figures page's heading says of its checkout (the campaign's name and state). */
export const checkoutHeaderQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.checkout(checkoutId), 'header'] as const,
    queryFn: async (): Promise<CheckoutHeader> => {
      const row = unwrap(
        await supabase
          .from('checkouts')
          .select(
            'id, organization_id, archived_at, campaign:campaigns!checkouts_campaign_fkey(name, published_at)',
          )
          .eq('id', checkoutId)
          .single(),
      )!;
      return {
        id: row.id,
        name: row.campaign.name,
        organizationId: row.organization_id,
        published: row.campaign.published_at !== null,
        archived: row.archived_at !== null,
      };
    },
  });
