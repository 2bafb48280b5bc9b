import type { Ref } from 'react';
import ui from '@/components/public/public-ui.module.css';
import type { CompetitionParticipation } from '../../api/participation-api';
import { formatNumber } from '../public/competition-texts';
import { FillBar } from '../public/fill-bar';
import { useMeTexts } from './participation-texts';

type MyTeamProps = {
  data: CompetitionParticipation;
  team: NonNullable<CompetitionParticipation['team']>;
  /** The team's public page. */
  teamHref: string;
  headingRef: Ref<HTMLHeadingElement>;
};

/**
 * The person's team: its name and group, rank and progress (the public freeze applies: a participant
 * is not a member of the organization), its members with the captain(s) and the person marked.
 */
export function MyTeam({ data, team, teamHref, headingRef }: MyTeamProps) {
  const { t, language } = useMeTexts();
  const { competition, membership } = data;
  const amount = (value: number) =>
    t('amount', { amount: formatNumber(value, language), unit: competition.unit });
  const teamGoal = competition.team_goal;
  return (
    <section className={ui.panel} aria-labelledby="me-team">
      <h2 id="me-team" className={ui.heading} ref={headingRef} tabIndex={-1}>
        {t('me.team.heading')}: {team.name}
      </h2>
      <div>
        {team.motto ? <p>«{team.motto}»</p> : null}
        {team.group_name ? <p className={ui.hint}>{t('me.team.group', { group: team.group_name })}</p> : null}
        <p>
          <strong>{team.rank ? t('me.team.rank', { rank: team.rank }) : t('me.team.noRank')}</strong>
        </p>
      </div>
      {teamGoal !== null && team.team_goal_percent !== null ? (
        <FillBar
          size="small"
          percent={team.team_goal_percent}
          label={t('fill.teamLabel', { goal: amount(teamGoal) })}
          valueText={t('fill.value', {
            total: amount(team.total),
            goal: amount(teamGoal),
            percent: formatNumber(team.team_goal_percent, language),
          })}
        />
      ) : (
        <p>{t('me.team.total', { amount: amount(team.total) })}</p>
      )}
      {competition.scoring === 'average' ? <p>{t('me.team.score', { amount: amount(team.score) })}</p> : null}
      <h3 className={ui.subheading}>{t('me.team.members')}</h3>
      <ul className={ui.list}>
        {team.members.map((member) => (
          <li key={member.member_id}>
            {member.name}
            {member.role === 'captain' ? ` (${t('me.team.captain')})` : ''}
            {member.member_id === membership?.member_id ? ` – ${t('me.team.you')}` : ''}
          </li>
        ))}
      </ul>
      <p>{team.free_places > 0 ? t('me.team.free', { count: team.free_places }) : t('me.team.full')}</p>
      <p>
        <a className={ui.link} href={teamHref}>
          {t('me.team.page')}
        </a>
      </p>
    </section>
  );
}
