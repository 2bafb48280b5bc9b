import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

// The onboarding's writes. Kept in the feature rather than src/lib/account/mutations.ts, which the
// guard chain loads with the entry: these are needed only once the onboarding screens open.

export type NewOrganization = {
  name: string;
  organizationNumber: string;
  contactEmail: string | null;
};

/**
 * Creates an organization owned by the user; triggers add the owner membership, the zero balance
 * and the payment settings. The id is made here, so nothing needs to be read back.
 */
export async function createOrganization(ownerId: string, organization: NewOrganization): Promise<string> {
  const id = crypto.randomUUID();
  unwrap(
    await supabase.from('organizations').insert({
      id,
      owner_id: ownerId,
      name: organization.name,
      organization_number: organization.organizationNumber,
      contact_email: organization.contactEmail,
    }),
  );
  return id;
}

/** The organization's plan on a marketplace (tickets: the chosen pack's size per month). */
export async function choosePlan(choice: {
  organizationId: string;
  marketplaceId: string;
  plan: 'on_demand' | 'tickets';
  ticketsPerMonth: number | null;
}) {
  unwrap(
    await supabase.from('organizations_marketplaces_configs').upsert(
      {
        organization_id: choice.organizationId,
        marketplace_id: choice.marketplaceId,
        plan: choice.plan,
        tickets_per_month: choice.plan === 'tickets' ? choice.ticketsPerMonth : null,
      },
      { onConflict: 'organization_id,marketplace_id' },
    ),
  );
}
