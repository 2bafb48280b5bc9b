import { Lock } from 'lucide-react';
import type { PublicCompetition, PublicTeamRow } from '../../api/public-competition';
import styles from './competition-public.module.css';
import { formatNumber, useAmount, useCompetitionTexts } from './competition-texts';
import { FillBar } from './fill-bar';
import { TeamAvatar } from './team-avatar';

type TeamCardProps = {
  competition: Pick<PublicCompetition, 'unit' | 'team_goal'>;
  team: PublicTeamRow;
  href: string;
  /** Offered when joining is open and the team has room. */
  onJoin?: () => void;
};

/** A team in the team list: avatar, name, motto, members and free places, its bar toward the team goal. */
export function TeamCard({ competition, team, href, onJoin }: TeamCardProps) {
  const { t, language } = useCompetitionTexts();
  const amount = useAmount();
  const { unit, team_goal: goal } = competition;
  return (
    <li className={styles.teamCard}>
      <TeamAvatar name={team.name} photo={team.photo} size="medium" />
      <div className={styles.teamBody}>
        <h3 className={styles.teamTitle}>
          <a className={styles.teamLink} href={href}>
            {team.name}
          </a>
        </h3>
        {team.motto ? <p className={styles.motto}>{team.motto}</p> : null}
        <p className={styles.rowMeta}>
          {t('leaderboard.members', { count: team.members })} ·{' '}
          {team.free_places > 0 ? t('groups.free', { count: team.free_places }) : t('groups.full')}
          {team.invite_only ? (
            <span className={styles.tag}>
              <Lock aria-hidden="true" size={12} /> {t('groups.inviteOnly')}
            </span>
          ) : null}
        </p>
        {goal !== null && team.team_goal_percent !== null ? (
          <FillBar
            size="small"
            percent={team.team_goal_percent}
            label={t('fill.teamLabel', { goal: amount(goal, unit) })}
            valueText={t('fill.value', {
              total: amount(team.total, unit),
              goal: amount(goal, unit),
              percent: formatNumber(team.team_goal_percent, language),
            })}
          />
        ) : (
          <p className={styles.fillValue}>{amount(team.total, unit)}</p>
        )}
        {onJoin && team.free_places > 0 ? (
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={onJoin}>
              {t('groups.join', { team: team.name })}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
