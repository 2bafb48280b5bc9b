import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { CALENDAR_TEMPLATES, MAX_PERIOD_DAYS, daysBetween, periodOf } from '../utils/templates';
import { calendarKeys } from './keys';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The create form: the messages are keys of `calendars:create.errors`, so the form shows the same
 * rule the request is checked with.
 */
export const createCalendarSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(120, 'nameTooLong'),
    template: z.enum(CALENDAR_TEMPLATES),
    year: z.number().int().min(2000).max(2100),
    startsOn: z.string(),
    endsOn: z.string(),
    doorTime: z.string().regex(TIME, 'timeInvalid'),
  })
  .superRefine((values, context) => {
    const needsStart = values.template !== 'advent-24' && values.template !== 'advent-25';
    const needsEnd =
      values.template === 'daily' || values.template === 'weekly' || values.template === 'custom';
    if (needsStart && !DATE.test(values.startsOn)) {
      context.addIssue({ code: 'custom', path: ['startsOn'], message: 'startRequired' });
      return;
    }
    if (needsEnd) {
      if (!DATE.test(values.endsOn)) {
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'endRequired' });
        return;
      }
      const days = daysBetween(values.startsOn, values.endsOn);
      if (days < 0) context.addIssue({ code: 'custom', path: ['endsOn'], message: 'endBeforeStart' });
      else if (days > MAX_PERIOD_DAYS)
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'periodTooLong' });
      else if (values.template === 'weekly' && days % 7 !== 0)
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'weeklyEnd' });
    }
  });

export type CreateCalendarInput = z.infer<typeof createCalendarSchema>;

/** Creates a draft (its campaign and calendar in one call); the database makes the doors of a fixed template. Answers the new id. */
export function useCreateCalendar(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCalendarInput) => {
      const values = createCalendarSchema.parse(input);
      const period = periodOf(values.template, values);
      if (!period) throw new Error('period');
      return present(
        unwrap(
          await supabase.rpc('create_calendar', {
            input_organization_id: organizationId,
            input_name: values.name,
            input_template: values.template,
            input_starts_on: period.startsOn,
            input_ends_on: period.endsOn,
            input_door_time: values.doorTime,
          }),
        ),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.lists(organizationId) }),
  });
}
