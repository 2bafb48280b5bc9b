import { lazy, Suspense, useState } from 'react';
import { ShareButton } from '@/components/public/share-button';
import { env } from '@/lib/env';
import { osloDate } from '@/lib/public/oslo-time';
import { PublicCallError } from '@/lib/public/public-rpc';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { getPublicTeam, getPublicTeams, type PublicTeam } from '../api/public-competition';
import { CompetitionLoadStatus } from '../components/public/competition-load-status';
import { CompetitionPublicPage } from '../components/public/competition-public-page';
import styles from '../components/public/competition-public.module.css';
import type { JoinDone } from '../components/public/join-form';
import { LazyJoinForm, LazyJoinResult } from '../components/public/lazy-join';
import { useAmount, useCompetitionTexts } from '../components/public/page-texts';
import { PublicIcon } from '../components/public/public-icons';
import { TeamAvatar } from '../components/public/team-avatar';
import { TeamGoalBar } from '../components/public/team-goal-bar';
import { useOpenGraph } from '../hooks/use-open-graph';
import { usePublicCompetition } from '../hooks/use-public-competition';
import { competitionPathParts } from '../utils/competition-paths';
import { currentCompetitionPaths } from '../utils/current-paths';
import { joinWindow } from '../utils/join-window';

// Most teams have no photos yet: their gallery loads after the page, not with every competition page.
const TeamPhotos = lazy(() =>
  import('../components/public/team-photos').then((photos) => ({ default: photos.TeamPhotos })),
);

/** The latest entries the page lists (the read gives 20): enough to feel the team move. */
const ACTIVITY_SHOWN = 10;

/**
 * `/fyllopp/:id/gruppe/:teamId` (`/:id/gruppe/:teamId` on the competition host): a team's page —
 * members and captain, progress toward the team goal, recent activity, sharing, and joining; with
 * `?invite=<code>` (the invite link a member shares) joining lets the visitor into an invite-only
 * team too. The public never sees the code itself: members find it on their own page.
 */
export default function CompetitionTeamPage() {
  const { t, language } = useCompetitionTexts();
  const amount = useAmount();
  const paths = currentCompetitionPaths();
  const parts = competitionPathParts(window.location.pathname);
  const teamId = parts?.teamId ?? null;
  const invite = new URLSearchParams(window.location.search).get('invite');
  const {
    state,
    reload,
    competition,
    extra: team,
    now,
    offset,
  } = usePublicCompetition<PublicTeam>(
    parts?.id ?? null,
    (read, signal) => {
      if (!teamId) throw new PublicCallError('competition-team-not-found', null);
      return getPublicTeam(read.id, teamId, signal);
    },
    teamId ?? '',
  );
  const [joining, setJoining] = useState(false);
  const [done, setDone] = useState<JoinDone | null>(null);
  useDocumentTitle(
    competition && team
      ? t('titles.team', { team: team.name, name: competition.name })
      : t('titles.fallback'),
  );
  useOpenGraph(
    competition && team
      ? {
          title: t('titles.team', { team: team.name, name: competition.name }),
          description: team.motto ?? t('team.shareMessage', { team: team.name, name: competition.name }),
          image: paths.teamImage(env.VITE_SUPABASE_URL, team.team_id),
          url: `${window.location.origin}${paths.team(competition.id, team.team_id)}`,
          type: 'website',
        }
      : null,
  );

  if (!competition || !now || !team)
    return (
      <CompetitionLoadStatus
        state={state}
        onRetry={reload}
        backHref={parts ? paths.groups(parts.id) : undefined}
      />
    );

  const open = joinWindow(competition, now) === 'open';
  const unit = competition.unit;
  const showForm = open && !done && (joining || Boolean(invite));
  return (
    <CompetitionPublicPage competition={competition}>
      <header className={styles.panel}>
        <p className={styles.back}>
          <a className={styles.link} href={paths.groups(competition.id)}>
            {t('groups.allTeams')}
          </a>{' '}
          ·{' '}
          <a className={styles.link} href={paths.intro(competition.id)}>
            {competition.name}
          </a>
        </p>
        <div className={styles.teamHead}>
          <TeamAvatar name={team.name} photo={team.photo} size="large" />
          <div className={styles.teamBody}>
            <h1 className={styles.title}>{team.name}</h1>
            {team.motto ? <p className={styles.motto}>{team.motto}</p> : null}
            <p className={styles.rowMeta}>
              {team.group_name ? `${t('team.group', { group: team.group_name })} · ` : ''}
              {t('team.rank', { rank: team.rank, count: competition.teams })}
            </p>
          </div>
        </div>
      </header>

      <section className={styles.panel} aria-labelledby="progress-heading">
        <h2 className={styles.heading} id="progress-heading">
          {t('team.progress')}
        </h2>
        <TeamGoalBar unit={unit} goal={team.team_goal} total={team.total} percent={team.team_goal_percent} />
        {competition.scoring === 'average' ? (
          <p className={styles.hint}>{t('leaderboard.average', { amount: amount(team.score, unit) })}</p>
        ) : null}
        {competition.frozen ? <p className={styles.hint}>{t('team.frozen')}</p> : null}
      </section>

      <section className={styles.panel} aria-labelledby="members-heading">
        <h2 className={styles.heading} id="members-heading">
          {t('team.members')}
        </h2>
        {team.members.length === 0 ? (
          <p className={styles.muted}>{t('team.noMembers')}</p>
        ) : (
          <ul className={styles.members}>
            {team.members.map((member, index) => (
              <li key={`${member.name}-${index}`}>
                <TeamAvatar name={member.name} size="small" />
                <span>{member.name}</span>
                {member.role === 'captain' ? (
                  <span className={styles.tag}>
                    <PublicIcon name="crown" size={12} /> {t('team.captain')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className={styles.hint}>
          {team.free_places > 0 ? t('groups.free', { count: team.free_places }) : t('groups.full')}
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="activity-heading">
        <h2 className={styles.heading} id="activity-heading">
          {t('team.activity')}
        </h2>
        {team.activity.length === 0 ? (
          <p className={styles.muted}>{t('team.noActivity')}</p>
        ) : (
          <ul className={styles.activity}>
            {team.activity.slice(0, ACTIVITY_SHOWN).map((entry) => (
              <li key={`${entry.created_at}-${entry.name}`}>
                <span>
                  {t('team.activityLine', { name: entry.name, amount: amount(entry.amount, unit) })}
                </span>
                <span className={styles.rowMeta}>{osloDate(entry.on_date, language)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Suspense fallback={null}>
        <TeamPhotos competitionId={competition.id} teamId={team.team_id} unit={unit} />
      </Suspense>

      <section className={styles.panel} aria-labelledby="invite-heading">
        <h2 className={styles.heading} id="invite-heading">
          {invite ? t('team.invited', { team: team.name }) : t('team.invite')}
        </h2>
        {invite ? null : (
          <p className={styles.notice}>
            <span>{t('team.inviteHint')}</span>
          </p>
        )}
        <Suspense fallback={<p role="status">{t('join.loading')}</p>}>
          {done ? (
            <LazyJoinResult done={done} backHref={paths.intro(competition.id)} />
          ) : showForm ? (
            <LazyJoinForm
              competition={competition}
              mode={{
                kind: 'team',
                teamId: team.team_id,
                teamName: team.name,
                groupId: team.group_id,
                inviteCode: invite,
              }}
              offset={offset}
              focusOnOpen={joining}
              onDone={(result) => {
                setDone(result);
                reload();
              }}
              onCancel={invite ? undefined : () => setJoining(false)}
              loadTeams={() => getPublicTeams(competition.id)}
            />
          ) : open && team.free_places > 0 ? (
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={() => setJoining(true)}>
                {t('groups.join', { team: team.name })}
              </button>
            </div>
          ) : null}
        </Suspense>
        <div className={styles.share}>
          <ShareButton
            url={`${window.location.origin}${paths.team(competition.id, team.team_id)}`}
            title={team.name}
            texts={{
              button: t('team.share'),
              message: t('team.shareMessage', { team: team.name, name: competition.name }),
              linkLabel: t('team.shareLink'),
            }}
          />
        </div>
      </section>
    </CompetitionPublicPage>
  );
}
