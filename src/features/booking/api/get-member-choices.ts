import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

export interface MemberChoice {
  id: string;
  name: string;
  email: string;
}

/** The organization's members a staff member can be tied to, by name. */
export const memberChoicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: bookingKeys.members(organizationId),
    queryFn: async (): Promise<MemberChoice[]> =>
      (
        unwrap(await supabase.rpc('organization_members_list', { input_organization_id: organizationId })) ??
        []
      )
        .map((row) => ({ id: row.member_id, name: row.name, email: row.email }))
        .sort((a, b) => a.name.localeCompare(b.name, 'nb')),
  });
