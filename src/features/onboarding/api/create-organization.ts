import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { storeLastOrganization } from '@/lib/account/api/store-last-organization';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { OrganizationFormData } from '../schemas';

/**
 * Creates an organization owned by the user and opens it; triggers add the owner membership, the
 * zero balance and the payment settings. The id is made here, so nothing needs to be read back.
 */
async function createOrganization(input: { ownerId: string; organization: OrganizationFormData }) {
  const { ownerId, organization } = input;
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
  await storeLastOrganization(ownerId, id);
  return id;
}

/** The guard sees the new membership before the next navigation. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (_id, { ownerId }) => refreshAccountFacts(queryClient, { organizations: { userId: ownerId } }),
  });
}
