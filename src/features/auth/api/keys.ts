import { keyRoots } from '@/lib/api/key-roots';

/** The auth feature's query keys: one-time link checks and the second-factor level. */
export const authKeys = {
  all: keyRoots.auth,
  assurance: (userId: string) => [...authKeys.all, 'assurance', userId] as const,
  signInRequest: (temporaryId: string, tokenHash: string) =>
    [...authKeys.all, 'sign-in-request', temporaryId, tokenHash] as const,
  management: (mode: string, code: string) => [...authKeys.all, 'management', mode, code] as const,
  organizationInvite: (token: string, userId: string | undefined) =>
    [...authKeys.management('acceptOrganizationInvite', token), userId] as const,
};
