import { currentOrganizationOf } from '../current-organization-of';
import { useOrganizations, type Membership } from './get-organizations';

/** The membership of the organization the user works in (currentOrganizationOf), once the list is read. */
export function useCurrentOrganization(): Membership | null {
  const { data } = useOrganizations();
  if (!data) return null;
  const id = currentOrganizationOf({
    memberOf: data.memberships.map((membership) => membership.organizationId),
    lastSelectedId: data.lastSelectedId,
  });
  return data.memberships.find((membership) => membership.organizationId === id) ?? null;
}
