import ui from '@/components/public/public-ui.module.css';
import { osloDate, osloTime } from '@/lib/public/oslo-time';
import type { PublicCompetition, PublicTeamRow } from '../api/public-competition';
import { statusAt } from '../utils/status-at';
import { CompetitionFill } from './public/competition-fill';
import styles from './public/competition-public.module.css';
import { Leaderboard } from './public/leaderboard';
import { formatNumber, useCompetitionTexts } from './public/page-texts';
import { TeamAvatar } from './public/team-avatar';

type PublicPreviewProps = {
  competition: PublicCompetition;
  teams: readonly PublicTeamRow[];
  /** The test moment: what the pages say about start, lock and end follows it. */
  at: Date;
};

/**
 * The public introduction and team list as a visitor will see them on the test date, drawn with the
 * public pages' own pieces (fill-up bar, leaderboard, team avatars) from the organizer's live reads.
 * Links go nowhere: it is a picture of the pages, not the pages.
 */
export function PublicPreview({ competition, teams, at }: PublicPreviewProps) {
  const { t, language } = useCompetitionTexts();
  const amount = (value: number) =>
    t('amount', { amount: formatNumber(value, language), unit: competition.unit });
  const when = (moment: string) =>
    t('when', { date: osloDate(moment, language), time: osloTime(moment, language) });
  const status = statusAt(competition, at);
  const time = at.getTime();
  const opensAt = competition.join_opens_at ? Date.parse(competition.join_opens_at) : null;
  const joinText =
    status === 'ended'
      ? t('intro.ended')
      : time >= Date.parse(competition.lock_at)
        ? t('intro.joinClosed')
        : opensAt !== null && time < opensAt && competition.join_opens_at
          ? t('intro.joinOpens', { when: when(competition.join_opens_at) })
          : t('intro.joinCloses', { when: when(competition.lock_at) });
  const statusText =
    status === 'draft'
      ? t('status.draft')
      : t(`status.${status}`, {
          date: osloDate(
            status === 'scheduled' ? competition.starts_at : `${competition.ends_on}T12:00:00Z`,
            language,
          ),
        });
  const groups = new Map<string, PublicTeamRow[]>();
  for (const team of teams) {
    const key = team.group_name ?? t('groups.noGroup');
    groups.set(key, [...(groups.get(key) ?? []), team]);
  }

  return (
    <>
      <section className={ui.panel} aria-labelledby="preview-intro">
        <h2 id="preview-intro" className={ui.title}>
          {competition.name}
        </h2>
        <p>{statusText}</p>
        {status === 'scheduled' ? <p>{t('intro.startsAt', { when: when(competition.starts_at) })}</p> : null}
        <h3 className={ui.heading}>{t('intro.goal', { goal: amount(competition.goal) })}</h3>
        <CompetitionFill competition={competition} />
        <p>
          {t('intro.participants', { count: competition.participants })} ·{' '}
          {t('intro.teams', { count: competition.teams })}
        </p>
        <p>
          {competition.scoring === 'average'
            ? t('intro.scoringAverage', { count: competition.min_active_members })
            : t('intro.scoringTotal')}{' '}
          {t('intro.teamSize', { min: competition.team_min, max: competition.team_max })}
        </p>
        <p>{joinText}</p>
        <h3 className={ui.heading}>{t('leaderboard.top')}</h3>
        <Leaderboard
          rows={competition.top_teams}
          label={t('leaderboard.top')}
          unit={competition.unit}
          scoring={competition.scoring}
        />
      </section>
      <section className={ui.panel} aria-labelledby="preview-teams">
        <h2 id="preview-teams" className={ui.title}>
          {t('groups.heading')}
        </h2>
        {teams.length === 0 ? <p>{t('groups.empty')}</p> : null}
        {[...groups].map(([group, rows]) => (
          <div key={group}>
            <h3 className={ui.heading}>{group}</h3>
            <ul className={ui.plain}>
              {rows.map((team) => (
                <li key={team.team_id} className={styles.rowName}>
                  <TeamAvatar name={team.name} photo={team.photo} />
                  <span>
                    <strong>{team.name}</strong>
                    <br />
                    {team.free_places > 0 ? t('groups.free', { count: team.free_places }) : t('groups.full')}
                    {team.invite_only ? ` · ${t('groups.inviteOnly')}` : ''} · {amount(team.total)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </>
  );
}
