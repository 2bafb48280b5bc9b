import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/**
 * Whether the organization's seller account takes card payments now (seller_accounts, members read
 * it): a service may then be paid online (the database refuses it otherwise, booking-payments-not-ready).
 */
export const sellerReadyQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: bookingKeys.sellerReady(organizationId),
    queryFn: async (): Promise<boolean> =>
      unwrap(
        await supabase
          .from('seller_accounts')
          .select('charges_enabled')
          .eq('organization_id', organizationId)
          .maybeSingle(),
      )?.charges_enabled === true,
  });
