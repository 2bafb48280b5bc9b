import { toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';

export async function createProfile(profile: { id: string; name: string; img: string | null }) {
  const { error } = await supabase
    .from('profiles')
    .insert({ name: profile.name, img: profile.img, id: profile.id });
  // 23505: made a moment ago by a guard run in parallel (sign-in revalidates while navigating); the
  // profile exists, which is all the caller wants.
  if (error && error.code !== '23505') throw toAppError(error);
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
