import type { CompetitionEditorData } from '../api/get-competition';
import type { TeamInput } from '../api/save-team';

/** The team form's values: the group as the select's value ('' when the competition has none). */
export type TeamValues = Omit<TeamInput, 'groupId'> & { groupId: string };
export const emptyTeam = (data: CompetitionEditorData): TeamValues => ({
  name: '',
  motto: '',
  groupId: data.groups[0]?.id ?? '',
  inviteOnly: false,
  mediaId: null,
});
