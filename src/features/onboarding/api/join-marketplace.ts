import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinMarketplace } from '@/lib/account/api/join-marketplace';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';

type JoinInput = { organizationId: string; marketplaceId: string };

/** Makes the organization a member of the marketplace; the guard sees it before the plans step. */
export function useJoinMarketplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, marketplaceId }: JoinInput) =>
      joinMarketplace(marketplaceId, organizationId),
    onSuccess: (_data, marketplaceStatus) => refreshAccountFacts(queryClient, { marketplaceStatus }),
  });
}
