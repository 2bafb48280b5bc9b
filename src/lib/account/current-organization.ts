import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { currentOrganizationOf } from './current-organization-of';
import { organizationsQuery, type Membership } from './queries';

export { currentOrganizationOf };

export function useOrganizations() {
  const userId = useSession()?.user.id ?? '';
  return useQuery({ ...organizationsQuery(userId), enabled: userId !== '' });
}

export function useCurrentOrganization(): Membership | null {
  const { data } = useOrganizations();
  if (!data) return null;
  const id = currentOrganizationOf({
    memberOf: data.memberships.map((membership) => membership.organizationId),
    lastSelectedId: data.lastSelectedId,
  });
  return data.memberships.find((membership) => membership.organizationId === id) ?? null;
}
