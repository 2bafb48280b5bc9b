import type { Database } from '@/lib/database.types';
import { USER_ID } from '../support/session';

/** A member as organization_members_list answers. */
export type MemberListRow = Database['public']['Functions']['organization_members_list']['Returns'][number];

/** Kari Nordmann, the test user, as owner and without a picture (the list shows none for ''). */
export function memberListRow(overrides: Partial<MemberListRow> = {}): MemberListRow {
  return {
    member_id: USER_ID,
    name: 'Kari Nordmann',
    img: '',
    email: 'kari@example.no',
    role: 'owner',
    created_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}
