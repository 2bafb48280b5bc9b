import { toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';

export async function createProfile(profile: { id: string; name: string; img: string | null }) {
  unwrap(await supabase.from('profiles').insert({ name: profile.name, img: profile.img, id: profile.id }));
}

/** Stores the organization the user works in, so the next visit opens it again. */
export async function storeLastOrganization(userId: string, organizationId: string) {
  const { error } = await supabase
    .from('users_configs')
    .upsert({ id: userId, last_organization_selected_id: organizationId });
  if (error && error.code !== 'PGRST116') throw toAppError(error);
}

export async function joinMarketplace(marketplaceId: string, organizationId: string) {
  unwrap(
    await supabase
      .from('marketplaces_organizations')
      .upsert({ marketplace_id: marketplaceId, organization_id: organizationId }),
  );
}
