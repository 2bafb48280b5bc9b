import { z } from 'zod';
import { nextDateKey, osloDayStart } from '@/lib/format';
import { osloInstant, osloWallClock } from '@/lib/oslo-wall-clock';
import type { EditorCompetition } from '../api/get-competition';
import type { CompetitionPatch } from '../api/update-competition';
import { amountText, checkTeamSize, parseAmount, rules } from './competition-rules';

const startOf = (competition: EditorCompetition) => osloDayStart(competition.starts_on).getTime();
const endOf = (competition: EditorCompetition) => osloDayStart(nextDateKey(competition.ends_on)).getTime();
const instant = (wallClock: string) => (wallClock ? osloInstant(wallClock).getTime() : null);
const wallClockOf = (value: string | null) => (value ? osloWallClock(value) : '');
const iso = (wallClock: string) => (wallClock ? osloInstant(wallClock).toISOString() : null);

/** The default lock: halfway through the period, as the database computes it when none is set. */
export const halfway = (competition: EditorCompetition) =>
  new Date((startOf(competition) + endOf(competition)) / 2);

/** «Påmelding»: when joining opens and locks (Oslo wall-clock time), and the team sizes. */
export const joiningSchema = (competition: EditorCompetition) =>
  z
    .object({ opensAt: z.string(), lockAt: z.string(), teamMin: z.string(), teamMax: z.string() })
    .superRefine((values, context) => {
      checkTeamSize(values, context);
      const opens = instant(values.opensAt);
      const lock = instant(values.lockAt);
      if (lock !== null && lock > endOf(competition))
        context.addIssue({ code: 'custom', path: ['lockAt'], message: 'lockAfterEnd' });
      else if (lock !== null && opens !== null && opens >= lock)
        context.addIssue({ code: 'custom', path: ['lockAt'], message: 'lockBeforeOpen' });
    });

export type JoiningValues = { opensAt: string; lockAt: string; teamMin: string; teamMax: string };

export const joiningOf = (competition: EditorCompetition): JoiningValues => ({
  opensAt: wallClockOf(competition.join_opens_at),
  lockAt: wallClockOf(competition.lock_at),
  teamMin: String(competition.team_min),
  teamMax: String(competition.team_max),
});

export const joiningPatch = (values: JoiningValues): CompetitionPatch => ({
  join_opens_at: iso(values.opensAt),
  lock_at: iso(values.lockAt),
  team_min: Number(values.teamMin),
  team_max: Number(values.teamMax),
});

/** «Grenser»: most per entry and per day (empty: none), and when the public scoreboard freezes. */
export const limitsSchema = (competition: EditorCompetition) =>
  z
    .object({
      perEntry: z.string().refine(rules.positiveOrEmpty, 'amountInvalid'),
      perDay: z.string().refine(rules.positiveOrEmpty, 'amountInvalid'),
      freezeAt: z.string(),
    })
    .superRefine((values, context) => {
      const freeze = instant(values.freezeAt);
      if (freeze !== null && (freeze < startOf(competition) || freeze >= endOf(competition)))
        context.addIssue({ code: 'custom', path: ['freezeAt'], message: 'freezeOutside' });
    });

export type LimitsValues = { perEntry: string; perDay: string; freezeAt: string };

export const limitsOf = (competition: EditorCompetition): LimitsValues => ({
  perEntry: amountText(competition.max_per_entry),
  perDay: amountText(competition.max_per_day),
  freezeAt: wallClockOf(competition.freeze_at),
});

export const limitsPatch = (values: LimitsValues): CompetitionPatch => ({
  max_per_entry: parseAmount(values.perEntry),
  max_per_day: parseAmount(values.perDay),
  freeze_at: iso(values.freezeAt),
});
