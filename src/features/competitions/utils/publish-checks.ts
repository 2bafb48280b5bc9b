import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import type { CompetitionEditorData } from '../api/get-competition';

export type CompetitionChecks = { consent: boolean; rules: boolean; teams: boolean };

/** What publishing needs: a consent text (the database refuses without it); rules and teams inform. */
export function publishChecks({ competition, teams }: CompetitionEditorData): CompetitionChecks {
  return {
    consent: Boolean(competition.consent_text?.trim()),
    rules: Boolean(competition.rules_text?.trim()),
    teams: teams.length > 0,
  };
}

// A template's `[arrangør]`-style gap; a Markdown link's `[text](url)` is not one.
const PLACEHOLDER = /\[[^\]\n]{1,80}\](?!\()/g;
const found = (text: string | null | undefined) => [...new Set(text?.match(PLACEHOLDER) ?? [])];

export type CompetitionGaps = {
  rulesMissing: boolean;
  placeholders: { where: 'rules' | 'consent' | 'marketing'; found: string[] }[];
  noTeams: boolean;
  /** Names of the groups that have no team yet. */
  emptyGroups: string[];
  prizesWithoutText: number;
};

/** What is still unfinished: «Publiser» lists it and asks for a second yes before publishing anyway. */
export function publishGaps(data: CompetitionEditorData, prizes: readonly CampaignPrize[]): CompetitionGaps {
  const { competition, groups, teams } = data;
  const used = new Set(teams.map((team) => team.group_id));
  return {
    rulesMissing: !competition.rules_text?.trim(),
    placeholders: (
      [
        { where: 'rules', found: found(competition.rules_text) },
        { where: 'consent', found: found(competition.consent_text) },
        { where: 'marketing', found: found(competition.marketing_consent_text) },
      ] as const
    )
      .filter((text) => text.found.length > 0)
      .map((text) => ({ where: text.where, found: text.found })),
    noTeams: teams.length === 0,
    emptyGroups: groups.filter((group) => !used.has(group.id)).map((group) => group.name),
    prizesWithoutText: prizes.filter((prize) => !prize.name.trim() || !prize.description?.trim()).length,
  };
}
