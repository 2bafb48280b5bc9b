import { useEffect, useRef } from 'react';
import { PublicCallError } from '@/lib/public/public-rpc';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useServerClock } from '@/lib/public/use-server-clock';
import { getPublicCalendar, recordCalendarEvent } from '../api/public-calendar';
import type { PublicCalendar } from '../types';
import { nextDoor } from '../utils/door-times';

/**
 * A public page's calendar: read once, the database's clock ticking from it, read again when the next
 * door opens (so its state comes from the database, not the visitor's clock), and the visit counted.
 */
export function usePublicCalendar(id: string | null, visitDay: number | null = null) {
  const { state, reload } = usePublicLoad<PublicCalendar & { offset: number }>(async (signal) => {
    if (!id) throw new PublicCallError('missing-id', null);
    const read = await getPublicCalendar(id, signal);
    return { ...read, offset: Date.parse(read.now) - Date.now() };
  }, id ?? '');
  const calendar = state.status === 'ready' ? state.data : null;
  const now = useServerClock(calendar?.offset ?? null);

  // The door that was next when the database answered: once the clock passes its opening, read again.
  const upcoming = calendar ? nextDoor(calendar.doors, new Date(calendar.now)) : undefined;
  const due = Boolean(upcoming && now && now.getTime() >= Date.parse(upcoming.opens_at));
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!due || !upcoming || reloadedFor.current === upcoming.opens_at) return;
    reloadedFor.current = upcoming.opens_at;
    reload();
  }, [due, upcoming, reload]);

  const counted = useRef(false);
  useEffect(() => {
    if (!calendar || counted.current) return;
    counted.current = true;
    recordCalendarEvent(calendar.id, 'visit', visitDay);
  }, [calendar, visitDay]);

  return { state, reload, calendar, now, offset: calendar?.offset ?? 0 };
}
