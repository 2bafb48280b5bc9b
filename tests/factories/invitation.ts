import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

/** An open organizations_invitations row: ny@example.no invited as admin by the test user. */
export function invitationRow(
  overrides: Partial<Tables<'organizations_invitations'>> = {},
): Tables<'organizations_invitations'> {
  return {
    id: 'inv-1',
    organization_id: ORG,
    email: 'ny@example.no',
    role: 'admin',
    invited_by: USER_ID,
    token_hash: 'token-hash',
    created_at: '2026-11-29T10:00:00Z',
    expires_at: '2026-12-06T10:00:00Z',
    accepted_at: null,
    ...overrides,
  };
}
