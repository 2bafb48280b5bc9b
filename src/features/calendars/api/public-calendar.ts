import { participantArgs } from '@/lib/public/participant-values';
import { publicRpc } from '@/lib/public/public-rpc';
import { signPublicMedia } from '@/lib/public/public-storage';
import type { EntryInput, EntryResult, PublicCalendar, PublicDoor, PublicDoorMedia } from '../types';

/**
 * The public pages' whole data access: the calendars' anon functions through `publicRpc` (no
 * supabase-js on the public entry, docs/campaign-engine.md). Failures are `PublicCallError`s with the
 * catalogue code.
 */

export const getPublicCalendar = (calendarId: string, signal?: AbortSignal) =>
  publicRpc<PublicCalendar>('calendar_public', { input_calendar_id: calendarId }, { signal });

export const getPublicDoor = (calendarId: string, dayNumber: number, signal?: AbortSignal) =>
  publicRpc<PublicDoor>(
    'calendar_public_door',
    { input_calendar_id: calendarId, input_day_number: dayNumber },
    { signal },
  );

export async function submitCalendarEntry(
  calendarId: string,
  dayNumber: number,
  input: EntryInput,
  formShownAt: Date,
): Promise<EntryResult> {
  const rows = await publicRpc<EntryResult[]>('submit_calendar_entry', {
    input_calendar_id: calendarId,
    input_day_number: dayNumber,
    ...participantArgs(input, formShownAt),
    input_answer: input.answer.trim() === '' ? null : input.answer,
    input_form_answers: input.formAnswers,
  });
  const row = rows[0];
  if (!row) throw new Error('submit_calendar_entry returned no row');
  return row;
}

export const registerCalendarParticipant = (calendarId: string, input: EntryInput, formShownAt: Date) =>
  publicRpc<'registered'>('register_calendar_participant', {
    input_calendar_id: calendarId,
    ...participantArgs(input, formShownAt),
  });

const VISITOR_KEY = 'leadtorget.calendar.visitor';

/**
 * A random id for this visit, kept in sessionStorage (partitioned per site inside an iframe, so no
 * third-party cookie is involved): it only lets the statistics count visitors rather than page loads.
 */
export function visitorId(): string | null {
  try {
    // Reading the property itself throws where the browser refuses an iframe storage of its own.
    const storage = globalThis.sessionStorage;
    let id = storage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      storage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * Counts a visit or a share for the calendar's statistics. Fire and forget: a page never waits for it
 * and never shows its failure (rate limit, an older database without the function).
 */
export function recordCalendarEvent(
  calendarId: string,
  kind: 'visit' | 'share',
  dayNumber: number | null = null,
) {
  publicRpc<null>('record_calendar_event', {
    input_calendar_id: calendarId,
    input_kind: kind,
    input_day_number: dayNumber,
    input_visitor: visitorId(),
  }).catch(() => undefined);
}

/** Signed URLs for what a door shows: the picture or poster, and a video's renditions. */
export type SignedMedia = { src: string | null; webm: string | null; mp4: string | null };

export async function signDoorMedia(
  media: PublicDoorMedia | null,
  signal?: AbortSignal,
): Promise<SignedMedia> {
  if (!media) return { src: null, webm: null, mp4: null };
  const [src, webm, mp4] = await Promise.all([
    signPublicMedia(media.path, signal),
    media.type === 'video' ? signPublicMedia(media.webm_path, signal) : null,
    media.type === 'video' ? signPublicMedia(media.mp4_path, signal) : null,
  ]);
  return { src, webm, mp4 };
}
