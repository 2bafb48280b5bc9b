import { z } from 'zod';
import type { EditorCompetition } from '../api/get-competition';
import type { CompetitionPatch } from '../api/update-competition';
import {
  LIMITS,
  amountText,
  SCORINGS,
  checkPeriod,
  goalRule,
  isScoring,
  nameRule,
  parseAmount,
  rules,
  unitRule,
} from './competition-rules';

const milestoneSchema = z.object({
  percent: z.string().refine(rules.wholeIn(1, 100), 'milestonePercent'),
  label: z.string().trim().min(1, 'milestoneLabel').max(LIMITS.milestoneLabel, 'milestoneLabel'),
});

/** The editor's «Detaljer»: the same rules as creating, and the ones only the editor sets. */
export const detailsSchema = z
  .object({
    name: nameRule,
    startsOn: z.string(),
    endsOn: z.string(),
    goal: goalRule,
    unit: unitRule,
    teamGoal: z.string().refine(rules.positiveOrEmpty, 'amountInvalid'),
    scoring: z.enum(SCORINGS),
    minActive: z.string().refine(rules.wholeIn(1, LIMITS.minActive), 'minActiveInvalid'),
    milestones: z.array(milestoneSchema).max(LIMITS.milestones, 'tooManyMilestones'),
  })
  .superRefine(checkPeriod);

export type DetailsValues = z.infer<typeof detailsSchema>;

type Milestone = { percent: number; label: string };
const isMilestone = (value: unknown): value is Milestone =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Milestone).percent === 'number' &&
  typeof (value as Milestone).label === 'string';

export function detailsOf(competition: EditorCompetition): DetailsValues {
  const milestones = Array.isArray(competition.milestones) ? competition.milestones.filter(isMilestone) : [];
  return {
    name: competition.name,
    startsOn: competition.starts_on,
    endsOn: competition.ends_on,
    goal: amountText(competition.goal),
    unit: competition.unit,
    teamGoal: amountText(competition.team_goal),
    scoring: isScoring(competition.scoring) ? competition.scoring : 'total',
    minActive: String(competition.min_active_members),
    milestones: milestones.map((milestone) => ({
      percent: String(milestone.percent),
      label: milestone.label,
    })),
  };
}

/** The checked values as the columns they change; milestones in percent order. */
export function detailsPatch(values: DetailsValues): CompetitionPatch {
  return {
    name: values.name,
    starts_on: values.startsOn,
    ends_on: values.endsOn,
    goal: parseAmount(values.goal) ?? undefined,
    unit: values.unit,
    team_goal: parseAmount(values.teamGoal),
    scoring: values.scoring,
    min_active_members: Number(values.minActive),
    milestones: values.milestones
      .map((milestone) => ({ percent: Number(milestone.percent), label: milestone.label }))
      .sort((a, b) => a.percent - b.percent),
  };
}
