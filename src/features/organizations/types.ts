import type { Database, Tables } from '@/lib/database.types';

export type Role = Database['public']['Enums']['organization_role'];

/** What the details tab shows and edits. */
export type OrganizationDetails = Pick<
  Tables<'organizations'>,
  | 'id'
  | 'name'
  | 'organization_number'
  | 'contact_email'
  | 'owner_id'
  | 'street_address'
  | 'postal_code'
  | 'city'
  | 'vat_registered'
  | 'foretaksregisteret'
>;

/** A member as organization_members_list answers (name may be empty: the list shows the e-mail). */
export type Member = Database['public']['Functions']['organization_members_list']['Returns'][number];

/** An open invitation as the pending list shows it. */
export type Invitation = Pick<Tables<'organizations_invitations'>, 'id' | 'email' | 'role' | 'expires_at'>;
