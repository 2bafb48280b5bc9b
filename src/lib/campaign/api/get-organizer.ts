import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignKeys } from './keys';

export type Organizer = { name: string; organizationNumber: string | null; contactEmail: string | null };

/** The organizer a campaign's rules template names: the organization's name, number and contact address. */
export const organizerQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: campaignKeys.organizer(organizationId),
    queryFn: async (): Promise<Organizer | null> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select('name, organization_number, contact_email')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      return row
        ? { name: row.name, organizationNumber: row.organization_number, contactEmail: row.contact_email }
        : null;
    },
    staleTime: 5 * 60_000,
  });
