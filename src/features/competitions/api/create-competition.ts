import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import {
  SCORINGS,
  checkGroups,
  checkPeriod,
  checkTeamSize,
  goalRule,
  nameRule,
  parseAmount,
  unitRule,
} from '../utils/competition-rules';
import { competitionKeys } from './keys';

/**
 * The create form: the messages are keys of `competitions:errors`, so the form shows the same rule
 * the request is checked with. Numbers stay the text typed until they are sent.
 */
export const createCompetitionSchema = z
  .object({
    name: nameRule,
    startsOn: z.string(),
    endsOn: z.string(),
    teamMin: z.string(),
    teamMax: z.string(),
    goal: goalRule,
    unit: unitRule,
    groups: z.array(z.string()),
    scoring: z.enum(SCORINGS),
  })
  .superRefine((values, context) => {
    checkPeriod(values, context);
    checkTeamSize(values, context);
    checkGroups(values.groups, context);
  });

export type CreateCompetitionInput = z.infer<typeof createCompetitionSchema>;

/**
 * Creates a draft (its campaign and competition in one call), then sets the least team size and adds
 * the groups in their order. Answers the new id.
 */
export function useCreateCompetition(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCompetitionInput) => {
      const values = createCompetitionSchema.parse(input);
      const id = present(
        unwrap(
          await supabase.rpc('create_competition', {
            input_organization_id: organizationId,
            input_name: values.name,
            input_starts_on: values.startsOn,
            input_ends_on: values.endsOn,
            input_unit: values.unit,
            input_goal: parseAmount(values.goal) ?? 0,
            input_scoring: values.scoring,
            input_team_max: Number(values.teamMax),
          }),
        ),
      );
      const teamMin = Number(values.teamMin);
      if (teamMin !== 1)
        unwrap(
          await supabase
            .from('competitions')
            .update({ team_min: teamMin })
            .eq('id', id)
            .select('id')
            .single(),
        );
      if (values.groups.length > 0)
        unwrap(
          await supabase.from('competitions_groups').insert(
            values.groups.map((name, index) => ({
              competition_id: id,
              organization_id: organizationId,
              name: name.trim(),
              position: index + 1,
            })),
          ),
        );
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.lists(organizationId) }),
  });
}
