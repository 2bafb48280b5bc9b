import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/** calendar_statistics' answer (jsonb), checked on the way in so the screen can trust it. */
const statisticsSchema = z.object({
  visits: z.number(),
  visitors: z.number(),
  shares: z.number(),
  participants: z.number(),
  entries: z.number(),
  entries_today: z.number(),
  new_leads: z.number(),
  marketing_consent_rate: z.number().nullable(),
  doors: z.array(
    z.object({ day_number: z.number(), opens_at: z.string(), entries: z.number(), correct: z.number() }),
  ),
  days: z.array(z.object({ date: z.string(), visits: z.number(), entries: z.number() })),
});

export type CalendarStatistics = z.infer<typeof statisticsSchema>;

export const calendarStatisticsQueryOptions = (calendarId: string) =>
  queryOptions({
    queryKey: calendarKeys.statistics(calendarId),
    queryFn: async (): Promise<CalendarStatistics> =>
      statisticsSchema.parse(
        unwrap(await supabase.rpc('calendar_statistics', { input_calendar_id: calendarId })),
      ),
    staleTime: 30_000,
  });
