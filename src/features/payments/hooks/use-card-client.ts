import { skipToken, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '../api/keys';
import { loadCardClient } from '../components/card-client';
import type { CardProvider } from '../types';

/**
 * The card client of the provider the server named, loaded once it is known. Kept while the form
 * shows (a new SetupIntent keeps the same client, so what was typed stays) and dropped with it.
 */
export function useCardClient(provider: CardProvider | undefined, publishableKey: string | null) {
  return useQuery({
    queryKey: paymentKeys.cardClient(provider, publishableKey),
    queryFn: provider ? () => loadCardClient(provider, publishableKey) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    structuralSharing: false,
  });
}
