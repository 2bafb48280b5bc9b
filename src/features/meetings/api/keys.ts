import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in meeting screens: rooms and their bookings, polls and their matrix, meetings and summaries. */
export const meetingKeys = {
  all: keyRoots.meetings,
  rooms: (organizationId: string) => [...keyRoots.meetings, 'rooms', organizationId] as const,
  room: (roomId: string) => [...keyRoots.meetings, 'room', roomId] as const,
  /** Every booking window of every room: what a booking, check-in or release changes. */
  bookings: () => [...keyRoots.meetings, 'bookings'] as const,
  roomBookings: (roomId: string, from: string, to: string) =>
    [...meetingKeys.bookings(), roomId, from, to] as const,
  members: (organizationId: string) => [...keyRoots.meetings, 'members', organizationId] as const,
  /** The organization's bookings of every room in a window (the planner's free/busy of today). */
  organizationBookings: (organizationId: string, from: string, to: string) =>
    [...meetingKeys.bookings(), 'organization', organizationId, from, to] as const,
  polls: (organizationId: string) => [...keyRoots.meetings, 'polls', organizationId] as const,
  matrix: (pollId: string) => [...keyRoots.meetings, 'matrix', pollId] as const,
  meetings: () => [...keyRoots.meetings, 'meetings'] as const,
  upcoming: (organizationId: string, now: string) =>
    [...meetingKeys.meetings(), 'upcoming', organizationId, now] as const,
  roomMeetings: (roomId: string) => [...meetingKeys.meetings(), 'room', roomId] as const,
  meeting: (meetingId: string) => [...meetingKeys.meetings(), 'meeting', meetingId] as const,
};
