import { z } from 'zod';

/** The units offered by name; any other word of 1–20 characters is the organization's own. */
export const COMPETITION_UNITS = ['km', 'skritt', 'kr', 'liter', 'minutter'] as const;
export const SCORINGS = ['total', 'average'] as const;
export type Scoring = (typeof SCORINGS)[number];
export const isScoring = (value: string): value is Scoring => (SCORINGS as readonly string[]).includes(value);

/** The database's limits (its check constraints), so the form refuses what the server would. */
export const LIMITS = {
  name: 120,
  unit: 20,
  group: 80,
  team: 60,
  motto: 200,
  periodDays: 366,
  teamSize: 1000,
  minActive: 100,
  maxTeams: 10000,
  milestones: 10,
  milestoneLabel: 120,
  reason: 500,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from one Oslo date key to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A number typed the Norwegian way («12,5», «1 000»): the value, or null for an empty field and NaN
 * for what is not a number.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const wholeIn = (min: number, max: number) => (text: string) => {
  const value = parseAmount(text);
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
};
const positive = (text: string) => {
  const value = parseAmount(text);
  return value !== null && value > 0 && value < 1e12;
};
const positiveOrEmpty = (text: string) => text.trim() === '' || positive(text);

/** The shared fields of the create form and the editor's details; messages are keys of `competitions:errors`. */
export const nameRule = z.string().trim().min(1, 'nameRequired').max(LIMITS.name, 'nameTooLong');
export const unitRule = z.string().trim().min(1, 'unitRequired').max(LIMITS.unit, 'unitTooLong');
export const goalRule = z.string().refine(positive, 'goalInvalid');

/** Start and end: both dates, the end not before the start and at most 366 days after it. */
export function checkPeriod(values: { startsOn: string; endsOn: string }, context: z.RefinementCtx) {
  if (!DATE.test(values.startsOn)) {
    context.addIssue({ code: 'custom', path: ['startsOn'], message: 'startRequired' });
    return;
  }
  if (!DATE.test(values.endsOn)) {
    context.addIssue({ code: 'custom', path: ['endsOn'], message: 'endRequired' });
    return;
  }
  const days = daysBetween(values.startsOn, values.endsOn);
  if (days < 0) context.addIssue({ code: 'custom', path: ['endsOn'], message: 'endBeforeStart' });
  else if (days > LIMITS.periodDays)
    context.addIssue({ code: 'custom', path: ['endsOn'], message: 'periodTooLong' });
}

/** Least and most members of a team: whole numbers 1–1000, the most not below the least. */
export function checkTeamSize(values: { teamMin: string; teamMax: string }, context: z.RefinementCtx) {
  const size = wholeIn(1, LIMITS.teamSize);
  if (!size(values.teamMin))
    context.addIssue({ code: 'custom', path: ['teamMin'], message: 'teamSizeInvalid' });
  if (!size(values.teamMax)) {
    context.addIssue({ code: 'custom', path: ['teamMax'], message: 'teamSizeInvalid' });
    return;
  }
  if (size(values.teamMin) && Number(values.teamMax) < Number(values.teamMin))
    context.addIssue({ code: 'custom', path: ['teamMax'], message: 'teamMaxBelowMin' });
}

export const groupNameRule = z.string().trim().min(1, 'groupRequired').max(LIMITS.group, 'groupTooLong');

/** Group names must differ (the database keeps them unique per competition). */
export function checkGroups(groups: readonly string[], context: z.RefinementCtx, path = 'groups') {
  const seen = new Set<string>();
  groups.forEach((group, index) => {
    const name = group.trim();
    if (!name) context.addIssue({ code: 'custom', path: [path, index], message: 'groupRequired' });
    else if (name.length > LIMITS.group)
      context.addIssue({ code: 'custom', path: [path, index], message: 'groupTooLong' });
    else if (seen.has(name.toLocaleLowerCase('nb')))
      context.addIssue({ code: 'custom', path: [path, index], message: 'groupDuplicate' });
    seen.add(name.toLocaleLowerCase('nb'));
  });
}

export const rules = { wholeIn, positive, positiveOrEmpty };

/** A stored amount as the field shows it (a decimal comma), or empty for none. */
export const amountText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
