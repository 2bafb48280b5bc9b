/**
 * What the standings and results claims carry alike (claim_competition_standings,
 * claim_competition_results), as their e-mails take it: the names and the team's figures.
 */
import type { CampaignSender } from './email.ts';
import type { TeamFigures } from './competition-email.ts';

interface FiguresClaim {
  competition_name: string;
  name: string;
  team_name: string;
  unit: string;
  scoring: string;
  rank: number;
  teams: number;
  team_total: number;
  team_score: number;
  shared_total: number;
  shared_percent: number;
  goal: number;
}

export function teamFiguresOf(claim: FiguresClaim, sender: CampaignSender) {
  return {
    competitionName: claim.competition_name,
    sender,
    name: claim.name,
    teamName: claim.team_name,
    unit: claim.unit,
    scoring: claim.scoring === 'average' ? 'average' : 'total',
    rank: claim.rank,
    teams: claim.teams,
    teamTotal: claim.team_total,
    teamScore: claim.team_score,
    sharedTotal: claim.shared_total,
    sharedPercent: claim.shared_percent,
    goal: claim.goal,
  } satisfies TeamFigures & Record<string, unknown>;
}
