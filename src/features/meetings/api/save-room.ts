import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

/** What an owner or admin edits of a room (the database refuses members). */
export type RoomInput = Pick<
  TablesInsert<'meeting_rooms'>,
  'name' | 'capacity' | 'equipment' | 'location' | 'opening_hours' | 'check_in_minutes' | 'active'
>;

function useInvalidateRooms(organizationId: string) {
  const queryClient = useQueryClient();
  return (roomId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meetingKeys.rooms(organizationId) }),
      roomId ? queryClient.invalidateQueries({ queryKey: meetingKeys.room(roomId) }) : undefined,
    ]);
}

/** Adds a room (no id) or changes one; answers its id. */
export function useSaveRoom(organizationId: string) {
  const invalidate = useInvalidateRooms(organizationId);
  return useMutation({
    mutationFn: async ({ id, room }: { id?: string; room: RoomInput }) => {
      const saved = id
        ? await supabase.from('meeting_rooms').update(room).eq('id', id).select('id').single()
        : await supabase
            .from('meeting_rooms')
            .insert({ ...room, organization_id: organizationId })
            .select('id')
            .single();
      return unwrap(saved)!.id;
    },
    onSuccess: (roomId) => invalidate(roomId),
  });
}

/** Deletes a room with its bookings (owners and admins). */
export function useDeleteRoom(organizationId: string) {
  const invalidate = useInvalidateRooms(organizationId);
  return useMutation({
    mutationFn: async (roomId: string) => {
      unwrap(await supabase.from('meeting_rooms').delete().eq('id', roomId).select('id').single());
    },
    onSuccess: () => invalidate(),
  });
}
