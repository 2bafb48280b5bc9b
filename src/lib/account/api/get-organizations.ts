import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError, unwrap } from '../../errors';
import { useSession } from '../../session';
import { supabase } from '../../supabase';
import { accountKeys } from './keys';

export type Membership = { organizationId: string; name: string; role: string };
export type Organizations = { memberships: Membership[]; lastSelectedId: string | null };

/**
 * Where the user belongs: their memberships and the organization they chose last. The guard chain
 * and the layouts share this read; features reach the current organization through it too.
 */
export const organizationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.organizations(userId),
    queryFn: async (): Promise<Organizations> => {
      const [members, config] = await Promise.all([
        supabase
          .from('organizations_members')
          .select('organization_id, role, organization:organizations(id, name)')
          .eq('member_id', userId)
          .order('organization_id'),
        // A user who never chose an organization has no users_configs row yet: an ordinary answer, not
        // the 406 (PGRST116) that .single() makes of it and the browser logs as a failed request.
        supabase.from('users_configs').select('last_organization_selected_id').eq('id', userId).maybeSingle(),
      ]);
      if (config.error) throw toAppError(config.error);
      return {
        memberships: (unwrap(members) ?? []).map((row) => ({
          organizationId: row.organization_id,
          name: row.organization?.name ?? '',
          role: row.role,
        })),
        lastSelectedId: config.data?.last_organization_selected_id ?? null,
      };
    },
  });

export function useOrganizations() {
  const userId = useSession()?.user.id ?? '';
  return useQuery({ ...organizationsQueryOptions(userId), enabled: userId !== '' });
}
