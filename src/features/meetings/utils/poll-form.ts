import { osloInstant } from '@/lib/oslo-wall-clock';
import { isValidEmail, splitEmails } from '@/lib/validation/email';
import type { CreateMeetingPollInput } from '../api/create-meeting-poll';
import type { MeetingRoom } from '../api/get-rooms';
import { isOpenDuring, openingHoursOf } from './room-hours';

/** What the planner's form holds while typed: times as Oslo wall clock, durations and e-mails as text. */
export type PollDraft = {
  title: string;
  description: string;
  duration: string;
  deadline: string;
  hideParticipants: boolean;
  options: { key: number; when: string; roomId: string }[];
  memberIds: string[];
  guests: string;
};

/** The message keys (meetings:pollForm.errors.*) of what can be wrong. */
export type PollErrorKey =
  | 'titleRequired'
  | 'titleTooLong'
  | 'duration'
  | 'deadlinePassed'
  | 'optionMissing'
  | 'optionPassed'
  | 'roomUnfit'
  | 'optionsRequired'
  | 'guestInvalid';

/** What is wrong, by field; candidate times by index; the address that is no address. */
export type PollDraftErrors = {
  title?: PollErrorKey;
  duration?: PollErrorKey;
  deadline?: PollErrorKey;
  options?: PollErrorKey;
  option?: Record<number, PollErrorKey>;
  guests?: PollErrorKey;
  guestsValue?: string;
};

/** Every invitee: the organizer (the caller, always the first), the chosen members and the guests. */
export const inviteeCount = (draft: PollDraft) =>
  1 + draft.memberIds.length + splitEmails(draft.guests).length;

/** The rooms a candidate time may name: active, holding every invitee, and open for the whole meeting. */
export function roomsFor(
  rooms: readonly MeetingRoom[],
  when: string,
  durationMinutes: number,
  invitees: number,
) {
  if (!when || !(durationMinutes > 0)) return [];
  const start = osloInstant(when);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return rooms.filter(
    (room) =>
      room.active &&
      room.capacity >= invitees &&
      isOpenDuring(openingHoursOf(room.opening_hours), start, end),
  );
}

/** Checks the draft as the database will (times ahead, rooms that fit, addresses); answers the input or the errors. */
export function readPollDraft(
  draft: PollDraft,
  rooms: readonly MeetingRoom[],
  now: Date,
): { input: CreateMeetingPollInput; errors?: undefined } | { errors: PollDraftErrors; input?: undefined } {
  const errors: PollDraftErrors = {};
  const duration = Number(draft.duration);
  if (draft.title.trim() === '') errors.title = 'titleRequired';
  else if (draft.title.trim().length > 200) errors.title = 'titleTooLong';
  const durationValid = Number.isInteger(duration) && duration >= 5 && duration <= 720;
  if (!durationValid) errors.duration = 'duration';
  const deadline = draft.deadline ? osloInstant(draft.deadline) : null;
  if (deadline && deadline <= now) errors.deadline = 'deadlinePassed';

  const option: Record<number, PollErrorKey> = {};
  const invitees = inviteeCount(draft);
  draft.options.forEach((candidate, index) => {
    if (!candidate.when) return void (option[index] = 'optionMissing');
    if (osloInstant(candidate.when) <= now) return void (option[index] = 'optionPassed');
    if (
      candidate.roomId &&
      durationValid &&
      !roomsFor(rooms, candidate.when, duration, invitees).some((room) => room.id === candidate.roomId)
    )
      option[index] = 'roomUnfit';
  });
  if (draft.options.length === 0) errors.options = 'optionsRequired';
  if (Object.keys(option).length > 0) errors.option = option;

  const guests = splitEmails(draft.guests);
  const invalidGuest = guests.find((email) => !isValidEmail(email));
  if (invalidGuest) {
    errors.guests = 'guestInvalid';
    errors.guestsValue = invalidGuest;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      title: draft.title.trim(),
      description: draft.description,
      durationMinutes: duration,
      deadline,
      hideParticipants: draft.hideParticipants,
      options: draft.options.map((candidate) => ({
        startsAt: osloInstant(candidate.when),
        roomId: candidate.roomId || null,
      })),
      memberIds: draft.memberIds,
      guestEmails: guests,
      seriesId: null,
    },
  };
}
