import { queryOptions } from '@tanstack/react-query';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import type { Tables } from '@/lib/database.types';
import { AppError, unwrap } from '@/lib/errors';
import { MEDIA_SUMMARY_COLUMNS, type MediaSummary } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/**
 * A calendar as the editor sees it: its campaign's columns (name, publication, texts, reminders,
 * design) with the calendar's own, and the database's status.
 */
export type EditorCalendar = Omit<Tables<'campaigns'>, 'kind'> &
  Omit<Tables<'calendars'>, 'kind'> & { calendar_status: string | null };
export type EditorDoor = Tables<'calendar_doors'>;
export type DoorSecret = Tables<'calendar_door_secrets'>;

/**
 * Everything the editor shows of one calendar, read by a member (row-level security decides): the
 * calendar's own load, and its campaign's prizes (use-calendar-editor.ts puts them together).
 */
export type CalendarEditorData = CalendarLoad & { prizes: CampaignPrize[] };

export type CalendarLoad = {
  calendar: EditorCalendar;
  doors: EditorDoor[];
  /** By door id: a door's quiz answer and voucher code (members only). */
  secrets: Map<string, DoorSecret>;
  /** The library items the doors and the design use, by id. */
  media: Map<string, MediaSummary>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const calendarEditorQueryOptions = (calendarId: string) =>
  queryOptions({
    queryKey: calendarKeys.calendar(calendarId),
    queryFn: async (): Promise<CalendarLoad> => {
      // An address that cannot be a calendar's is a missing calendar, not a failed request.
      if (!UUID.test(calendarId)) throw new AppError('calendar-not-found');
      // `*` leaves out computed columns, so the status is asked for by name.
      const [ownRow, campaign] = await Promise.all([
        supabase.from('calendars').select('*, calendar_status').eq('id', calendarId).maybeSingle(),
        supabase.from('campaigns').select('*').eq('id', calendarId).maybeSingle(),
      ]);
      const own = unwrap(ownRow);
      const common = unwrap(campaign);
      if (!own || !common) throw new AppError('calendar-not-found');
      const calendar: EditorCalendar = { ...common, ...own };
      const [doors, secrets] = await Promise.all([
        supabase.from('calendar_doors').select('*').eq('calendar_id', calendarId).order('day_number'),
        supabase
          .from('calendar_door_secrets')
          .select('*, calendar_doors!inner(calendar_id)')
          .eq('calendar_doors.calendar_id', calendarId),
      ]);
      const doorRows = unwrap(doors) ?? [];
      const mediaIds = [
        ...new Set(
          [...doorRows.map((door) => door.media_id), designMediaId(calendar.design)].filter(
            (id): id is string => Boolean(id),
          ),
        ),
      ];
      const media =
        mediaIds.length > 0
          ? (unwrap(
              await supabase.from('organizations_media').select(MEDIA_SUMMARY_COLUMNS).in('id', mediaIds),
            ) ?? [])
          : [];
      return {
        calendar,
        doors: doorRows,
        secrets: new Map(
          (unwrap(secrets) ?? []).map(({ calendar_doors: _door, ...secret }) => [secret.door_id, secret]),
        ),
        media: new Map(media.map((item) => [item.id, item])),
      };
    },
  });

function designMediaId(design: Tables<'campaigns'>['design']): string | null {
  if (!design || typeof design !== 'object' || Array.isArray(design)) return null;
  const id = design.background_media_id;
  return typeof id === 'string' ? id : null;
}
