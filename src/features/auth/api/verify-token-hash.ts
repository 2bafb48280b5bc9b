import { queryOptions } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import { sessionOf } from '../utils/auth-result';
import { authKeys } from './keys';

export type TokenType = 'email' | 'magiclink' | 'recovery' | 'invite' | 'email_change';

/** The modes of /auth/management links: GoTrue's e-mail templates (supabase/templates). */
export const TOKEN_TYPES = {
  verifyEmail: 'email',
  signIn: 'magiclink',
  resetPassword: 'recovery',
  verifyAndChangeEmail: 'email_change',
  acceptInvite: 'invite',
} as const satisfies Record<string, TokenType>;

export type TokenMode = keyof typeof TOKEN_TYPES;
export const isTokenMode = (mode: string): mode is TokenMode => Object.hasOwn(TOKEN_TYPES, mode);

/** The token hash of a link in our e-mails: verifying it signs the user in (or confirms a change). */
export async function verifyTokenHash(tokenHash: string, type: TokenType) {
  return sessionOf(await auth.verifyOtp({ token_hash: tokenHash, type }));
}

/**
 * A link's code is spent once: as a query that is never retried and never refetched, a re-render
 * or a second mount cannot spend it twice.
 */
export const tokenLinkQueryOptions = (mode: TokenMode, code: string) =>
  queryOptions({
    queryKey: authKeys.management(mode, code),
    queryFn: async () => ({ session: await verifyTokenHash(code, TOKEN_TYPES[mode]) }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
