import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { unwrap } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import { organizationKeys } from './keys';

type DetailsInput = {
  organizationId: string;
  name: string;
  organizationNumber: string;
  contactEmail: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  vatRegistered: boolean;
  foretaksregisteret: boolean;
};

async function updateOrganizationDetails(input: DetailsInput) {
  unwrap(
    await supabase
      .from('organizations')
      .update({
        name: input.name,
        organization_number: input.organizationNumber || null,
        contact_email: input.contactEmail || null,
        street_address: input.streetAddress || null,
        postal_code: input.postalCode || null,
        city: input.city || null,
        vat_registered: input.vatRegistered,
        foretaksregisteret: input.foretaksregisteret,
      })
      .eq('id', input.organizationId)
      .select('id')
      .single(),
  );
}

/** Saves name, organization number, contact e-mail, postal address and registrations; the organization switcher shows the name. */
export function useUpdateOrganizationDetails() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? '';
  return useMutation({
    mutationFn: updateOrganizationDetails,
    onSuccess: (_data, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.details(organizationId) }),
        refreshAccountFacts(queryClient, { organizations: { userId } }),
      ]),
  });
}
