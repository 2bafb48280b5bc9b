import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { organizationsQuery, type Membership } from './queries';

/** The organization the user works in: the last selected if still a member, else the first. */
export function currentOrganizationOf(facts: {
  memberOf: string[];
  lastSelectedId: string | null;
}): string | null {
  if (facts.lastSelectedId && facts.memberOf.includes(facts.lastSelectedId)) return facts.lastSelectedId;
  return facts.memberOf[0] ?? null;
}

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
