import { queryOptions } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { storeLastOrganization } from '@/lib/account/api/store-last-organization';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

/**
 * An organization invitation's link, accepted once for the signed-in user (a query that is never
 * retried, so a re-render cannot spend the token twice): the user becomes a member, works in that
 * organization next, and the guard sees the new membership.
 */
export const acceptOrganizationInviteQueryOptions = (token: string, userId: string | undefined) =>
  queryOptions({
    queryKey: authKeys.organizationInvite(token, userId),
    queryFn: async ({ client }) => {
      const organizationId = unwrap(
        await supabase.rpc('accept_organization_invitation', { input_token: token }),
      );
      if (organizationId) await storeLastOrganization(userId ?? '', organizationId);
      await refreshAccountFacts(client, { organizations: { userId: userId ?? '' } });
      return organizationId;
    },
    enabled: Boolean(userId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
