import type { MarketplacePlan } from '../database.types';
import { toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';

/**
 * Makes the user's profile unless it exists. The guard and a sign-in that revalidates while
 * navigating may both get here at once; `on conflict do nothing` lets the second one pass without
 * the 409 a plain insert answers (and the browser logs), and never overwrites a name already chosen.
 */
export async function createProfile(profile: { id: string; name: string; img: string | null }) {
  unwrap(
    await supabase
      .from('profiles')
      .upsert({ name: profile.name, img: profile.img, id: profile.id }, { ignoreDuplicates: true }),
  );
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

/**
 * The organization's plan on a marketplace (owners and admins; RLS decides). A ticket count only
 * belongs to the tickets plan. Onboarding chooses it; the payment settings change it.
 */
export async function saveMarketplacePlan(input: {
  organizationId: string;
  marketplaceId: string;
  plan: MarketplacePlan;
  ticketsPerMonth: number | null;
}) {
  unwrap(
    await supabase.from('organizations_marketplaces_configs').upsert(
      {
        organization_id: input.organizationId,
        marketplace_id: input.marketplaceId,
        plan: input.plan,
        tickets_per_month: input.plan === 'tickets' ? input.ticketsPerMonth : null,
      },
      { onConflict: 'organization_id,marketplace_id' },
    ),
  );
}
