import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

/** The direct booking form: the database checks opening hours, overlap and capacity again. */
export const bookRoomSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    startsAt: z.date(),
    endsAt: z.date(),
    attendees: z.number().int().min(1).max(500),
  })
  .refine((value) => value.endsAt > value.startsAt, { path: ['endsAt'], message: 'meeting-time-invalid' });

export type BookRoomInput = z.infer<typeof bookRoomSchema>;

/** After a booking changes: every room's windows and the meetings lists. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: meetingKeys.bookings() }),
      queryClient.invalidateQueries({ queryKey: meetingKeys.meetings() }),
    ]);
}

/** Books the room directly (book_room); answers the new meeting's id. */
export function useBookRoom(roomId: string) {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (input: BookRoomInput) =>
      unwrap(
        await supabase.rpc('book_room', {
          input_room_id: roomId,
          input_title: input.title.trim(),
          input_starts_at: input.startsAt.toISOString(),
          input_ends_at: input.endsAt.toISOString(),
          input_attendees: input.attendees,
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** Checks a booking in (from 15 minutes before its start); answers the check-in time. */
export function useCheckInRoomBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (bookingId: string) =>
      unwrap(await supabase.rpc('check_in_room_booking', { input_booking_id: bookingId })),
    onSuccess: () => invalidate(),
  });
}

/** Releases a booking (its booker, an owner or an admin). */
export function useCancelRoomBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: async (bookingId: string) => {
      unwrap(await supabase.rpc('cancel_room_booking', { input_booking_id: bookingId }));
    },
    onSuccess: () => invalidate(),
  });
}
