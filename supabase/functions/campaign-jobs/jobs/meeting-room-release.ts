/**
 * Meeting rooms (docs/meetings.md «The rules»): releases the bookings nobody checked in within their
 * room's check-in minutes of the start, so the room is free again. The database decides which
 * (release_unchecked_room_bookings); the body's `now` moves its clock in tests.
 */
import type { Job } from '../job.ts';

export const meetingRoomRelease: Job = {
  name: 'meeting-room-release',
  async run(deps, input) {
    const released = await deps.rpc(
      'release_unchecked_room_bookings',
      input.now ? { input_now: input.now } : {},
    );
    return { released };
  },
};
