import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Member } from '../types';
import { organizationKeys } from './keys';

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: async (): Promise<Member[]> =>
      unwrap(await supabase.rpc('organization_members_list', { input_organization_id: organizationId })) ??
      [],
  });
