import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type MeetingMember = Pick<
  Database['public']['Functions']['organization_members_list']['Returns'][number],
  'member_id' | 'name' | 'email' | 'role'
>;

/** The organization's members: whom a poll invites, who owns an action item, who attended. */
export const meetingMembersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: meetingKeys.members(organizationId),
    queryFn: async (): Promise<MeetingMember[]> =>
      unwrap(await supabase.rpc('organization_members_list', { input_organization_id: organizationId })) ??
      [],
  });
