/**
 * Runs the calendars' automatic draws, always by the database's clock: a draw must never start
 * before its door has really closed, whatever the body's `now` says.
 */
import type { Job } from '../job.ts';

export const calendarDraws: Job = {
  name: 'calendar-draws',
  async run(deps) {
    const draws = await deps.rpc('run_calendar_auto_draws', {});
    return { draws: draws.length };
  },
};
