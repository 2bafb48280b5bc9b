import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';

export type CampaignChoice = Pick<Tables<'campaigns'>, 'id' | 'name' | 'kind'>;

/** The organization's campaigns, by name: the campaign filter's choices. */
export const campaignChoicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: lifetimeValueKeys.campaigns(organizationId),
    queryFn: async (): Promise<CampaignChoice[]> =>
      unwrap(
        await supabase
          .from('campaigns')
          .select('id, name, kind')
          .eq('organization_id', organizationId)
          .order('name'),
      ) ?? [],
  });
