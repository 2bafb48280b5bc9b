import { queryOptions } from '@tanstack/react-query';
import { peekReturnTo, takeReturnTo } from '@/lib/return-to';
import { supabase } from '@/lib/supabase';
import { safePathFrom } from '../utils/return-url';
import { getAssurance } from './get-assurance';
import { authKeys } from './keys';
import { verifyTokenHash } from './verify-token-hash';

/**
 * `/auth/{temporaryId}`: the magic link of request-magic-link may be opened on another device or
 * browser, where the saved target (sessionStorage) does not exist. So the target travels on the
 * server under the temporary id: we verify the link's token hash (that signs the user in), then
 * `claim_sign_in_request` gives the stored redirect_to back — only to the user whose e-mail asked
 * for it and only within its hour. We follow it only when it is a path on this origin; a claim that
 * fails (expired, another user) leaves the user signed in and sends them to the local target or '/'.
 */
export async function resumeSignIn(temporaryId: string, tokenHash: string): Promise<string> {
  await verifyTokenHash(tokenHash, 'magiclink');
  const claimed = await supabase.rpc('claim_sign_in_request', { input_id: temporaryId });
  const target = claimed.error ? null : safePathFrom(claimed.data);
  return target ?? peekReturnTo() ?? '/';
}

/** The one-time verification as a query (deduplicated, never retried): a double mount cannot spend it twice. */
export const resumeSignInQueryOptions = (temporaryId: string, tokenHash: string) =>
  queryOptions({
    queryKey: authKeys.signInRequest(temporaryId, tokenHash),
    queryFn: async () => {
      const target = await resumeSignIn(temporaryId, tokenHash);
      takeReturnTo(); // used up: the claimed target (or it) is where we go now
      return { target, ...(await getAssurance()) };
    },
    enabled: Boolean(tokenHash && temporaryId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
