import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type RoomBooking = Omit<Tables<'meeting_room_bookings'>, 'during'>;

const BOOKING_COLUMNS =
  'id, organization_id, room_id, starts_at, ends_at, title, booked_by, poll_id, checked_in_at, released_at, release_reason, created_at';

/** The live bookings of a room or an organization that overlap [from, to), by start. */
async function liveBookings(
  by: 'room_id' | 'organization_id',
  id: string,
  from: string,
  to: string,
): Promise<RoomBooking[]> {
  return (
    unwrap(
      await supabase
        .from('meeting_room_bookings')
        .select(BOOKING_COLUMNS)
        .eq(by, id)
        .is('released_at', null)
        .lt('starts_at', to)
        .gt('ends_at', from)
        .order('starts_at'),
    ) ?? []
  );
}

/**
 * A room's live bookings that overlap [from, to) (ISO instants: an Oslo day or a Monday-first week),
 * by start. Released ones are left out: the room is free then.
 */
export const roomBookingsQueryOptions = (roomId: string, from: string, to: string) =>
  queryOptions({
    queryKey: meetingKeys.roomBookings(roomId, from, to),
    queryFn: () => liveBookings('room_id', roomId, from, to),
  });

/** Every room's live bookings of the organization in [from, to): the planner's free/busy of today. */
export const organizationBookingsQueryOptions = (organizationId: string, from: string, to: string) =>
  queryOptions({
    queryKey: meetingKeys.organizationBookings(organizationId, from, to),
    queryFn: () => liveBookings('organization_id', organizationId, from, to),
  });
