import { keyRoots } from '@/lib/api/key-roots';

/** The organization screen (/organization): details, members and invitations of one organization. */
export const organizationKeys = {
  all: keyRoots.organizations,
  organization: (organizationId: string) => [...organizationKeys.all, organizationId] as const,
  details: (organizationId: string) => [...organizationKeys.organization(organizationId), 'details'] as const,
  members: (organizationId: string) => [...organizationKeys.organization(organizationId), 'members'] as const,
  invitations: (organizationId: string) =>
    [...organizationKeys.organization(organizationId), 'invitations'] as const,
};
