import type { PublicCompetition, PublicTeamRow } from '../../api/public-competition';
import styles from './competition-public.module.css';
import { useCompetitionTexts } from './page-texts';
import { TeamAvatar } from './team-avatar';
import { TeamGoalBar } from './team-goal-bar';

type TeamCardProps = {
  competition: Pick<PublicCompetition, 'unit' | 'team_goal'>;
  team: PublicTeamRow;
  href: string;
  /** Offered when joining is open and the team has room. */
  onJoin?: () => void;
};

/** A team in the team list: avatar, name, motto, members and free places, its bar toward the team goal. */
export function TeamCard({ competition, team, href, onJoin }: TeamCardProps) {
  const { t } = useCompetitionTexts();
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
          {team.invite_only ? <span className={styles.tag}>{t('groups.inviteOnly')}</span> : null}
        </p>
        <TeamGoalBar
          size="small"
          unit={competition.unit}
          goal={competition.team_goal}
          total={team.total}
          percent={team.team_goal_percent}
        />
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
