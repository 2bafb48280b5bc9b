import { unwrap } from '../../errors';
import { supabase } from '../../supabase';

/** Makes the organization a member of the marketplace (marketplaces_organizations). */
export async function joinMarketplace(marketplaceId: string, organizationId: string) {
  unwrap(
    await supabase
      .from('marketplaces_organizations')
      .upsert({ marketplace_id: marketplaceId, organization_id: organizationId }),
  );
}
