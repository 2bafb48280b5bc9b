import { queryOptions } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { OrganizationDetails } from '../types';
import { organizationKeys } from './keys';

export const organizationDetailsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.details(organizationId),
    queryFn: async (): Promise<OrganizationDetails> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select(
            'id, name, organization_number, contact_email, owner_id, street_address, postal_code, city, vat_registered, foretaksregisteret',
          )
          .eq('id', organizationId)
          .maybeSingle(),
      );
      if (!row) throw new AppError('organization-not-found');
      return row;
    },
  });
