import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type MeetingRoom = Tables<'meeting_rooms'>;

/** The organization's rooms by name, the inactive ones included (the planner offers only active ones). */
export const roomsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: meetingKeys.rooms(organizationId),
    queryFn: async (): Promise<MeetingRoom[]> =>
      unwrap(
        await supabase.from('meeting_rooms').select('*').eq('organization_id', organizationId).order('name'),
      ) ?? [],
  });

/** One room; not-found (PGRST116) when it is not the caller's organization's. */
export const roomQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: meetingKeys.room(roomId),
    queryFn: async (): Promise<MeetingRoom> =>
      unwrap(await supabase.from('meeting_rooms').select('*').eq('id', roomId).single())!,
  });
