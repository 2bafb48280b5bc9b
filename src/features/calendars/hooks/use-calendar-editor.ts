import { useQuery } from '@tanstack/react-query';
import { campaignPrizesQueryOptions } from '@/lib/campaign/api/get-prizes';
import { calendarEditorQueryOptions, type CalendarEditorData } from '../api/get-calendar';

/**
 * One calendar for the editor and its preview: the calendar's own load and its campaign's prizes,
 * two queries (the prizes are the engine's, refreshed on their own after a change), one answer.
 */
export function useCalendarEditor(calendarId: string) {
  const calendar = useQuery(calendarEditorQueryOptions(calendarId));
  const prizes = useQuery(campaignPrizesQueryOptions(calendarId));
  const data: CalendarEditorData | undefined =
    calendar.data && prizes.data ? { ...calendar.data, prizes: prizes.data } : undefined;
  return {
    data,
    error: calendar.error ?? prizes.error,
    isPending: calendar.isPending || prizes.isPending,
  };
}
