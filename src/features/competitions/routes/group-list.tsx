import { Suspense, useState } from 'react';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { getPublicTeams, type PublicCompetition, type PublicTeamRow } from '../api/public-competition';
import { CompetitionFill } from '../components/public/competition-fill';
import { CompetitionHeader } from '../components/public/competition-header';
import { CompetitionLoadStatus } from '../components/public/competition-load-status';
import { CompetitionPublicPage } from '../components/public/competition-public-page';
import styles from '../components/public/competition-public.module.css';
import type { JoinDone, JoinMode } from '../components/public/join-form';
import { LazyJoinForm, LazyJoinResult } from '../components/public/lazy-join';
import { useCompetitionTexts, useWhen } from '../components/public/page-texts';
import { TeamCard } from '../components/public/team-card';
import { usePublicCompetition } from '../hooks/use-public-competition';
import { competitionPathParts } from '../utils/competition-paths';
import { currentCompetitionPaths } from '../utils/current-paths';
import { joinWindow } from '../utils/join-window';

type Group = { id: string | null; name: string; maxTeams: number | null };

/** The sections of the list: the competition's groups in order, or one «Lag» when it has none. */
function groupsOf(competition: PublicCompetition, fallback: string): Group[] {
  if (competition.groups.length === 0) return [{ id: null, name: fallback, maxTeams: null }];
  return competition.groups.map((group) => ({ id: group.id, name: group.name, maxTeams: group.max_teams }));
}

/**
 * `/fyllopp/:id/gruppe` (`/:id/gruppe` on the competition host): the teams by group with members,
 * free places and progress; join a team, «Plasser meg» in a group, or create a team, in a form that
 * opens in the group's section.
 */
export default function CompetitionGroupsPage() {
  const { t } = useCompetitionTexts();
  const when = useWhen();
  const paths = currentCompetitionPaths();
  const id = competitionPathParts(window.location.pathname)?.id ?? null;
  const {
    state,
    reload,
    competition,
    extra: teams,
    now,
    offset,
  } = usePublicCompetition<PublicTeamRow[]>(id, (read, signal) => getPublicTeams(read.id, signal));
  // One form at a time, in the section (by group key) where it was opened; its outcome replaces it.
  const [form, setForm] = useState<{ key: string; mode: JoinMode } | null>(null);
  const [done, setDone] = useState<{ key: string; done: JoinDone } | null>(null);
  useDocumentTitle(competition ? t('titles.groups', { name: competition.name }) : t('titles.fallback'));

  if (!competition || !now || !teams) return <CompetitionLoadStatus state={state} onRetry={reload} />;

  const open = joinWindow(competition, now) === 'open';
  const start = (key: string, mode: JoinMode) => {
    setDone(null);
    setForm({ key, mode });
  };
  const finish = (key: string, result: JoinDone) => {
    setForm(null);
    setDone({ key, done: result });
    reload();
  };
  const windowText =
    competition.status === 'ended'
      ? t('intro.ended')
      : open
        ? t('intro.joinCloses', { when: when(competition.lock_at) })
        : competition.join_opens_at && now.getTime() < Date.parse(competition.join_opens_at)
          ? t('intro.joinOpens', { when: when(competition.join_opens_at) })
          : t('intro.joinClosed');

  return (
    <CompetitionPublicPage competition={competition}>
      <CompetitionHeader
        competition={competition}
        title={t('groups.heading')}
        back={{ href: paths.intro(competition.id), text: competition.name }}
      >
        <div className={styles.headerFill}>
          <CompetitionFill competition={competition} size="small" />
        </div>
        <p className={styles.hint}>{windowText}</p>
      </CompetitionHeader>

      {groupsOf(competition, t('groups.noGroup')).map((group) => {
        const key = group.id ?? 'all';
        const inGroup = teams.filter((team) => team.group_id === group.id);
        const groupFull = group.maxTeams !== null && inGroup.length >= group.maxTeams;
        const headingId = `group-${key}`;
        return (
          <section key={key} className={styles.panel} aria-labelledby={headingId}>
            <div className={styles.groupHead}>
              <h2 className={styles.heading} id={headingId}>
                {group.name}
              </h2>
              <p className={styles.hint}>
                {t('groups.teamsInGroup', { count: inGroup.length })}
                {group.maxTeams !== null ? ` (${t('groups.maxTeams', { count: group.maxTeams })})` : ''}
              </p>
            </div>
            {open ? (
              <div className={`${styles.actions} ${styles.groupActions}`}>
                {group.id !== null ? (
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() =>
                      start(key, { kind: 'place', groupId: group.id ?? '', groupName: group.name })
                    }
                  >
                    {t('groups.placeMe', { group: group.name })}
                  </button>
                ) : null}
                {groupFull ? null : (
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => start(key, { kind: 'create', groupId: group.id })}
                  >
                    {group.id !== null ? t('groups.createIn', { group: group.name }) : t('groups.createTeam')}
                  </button>
                )}
              </div>
            ) : null}
            {form?.key === key ? (
              <div className={styles.formBox}>
                <Suspense fallback={<p role="status">{t('join.loading')}</p>}>
                  <LazyJoinForm
                    key={JSON.stringify(form.mode)}
                    competition={competition}
                    mode={form.mode}
                    offset={offset}
                    onDone={(result) => finish(key, result)}
                    onCancel={() => setForm(null)}
                    loadTeams={() => getPublicTeams(competition.id)}
                  />
                </Suspense>
              </div>
            ) : null}
            {done?.key === key ? (
              <div className={styles.formBox}>
                <Suspense fallback={null}>
                  <LazyJoinResult
                    done={done.done}
                    backHref={
                      'teamId' in done.done && done.done.teamId
                        ? paths.team(competition.id, done.done.teamId)
                        : paths.intro(competition.id)
                    }
                  />
                </Suspense>
              </div>
            ) : null}
            {inGroup.length === 0 ? (
              <p className={styles.muted}>{t('groups.empty')}</p>
            ) : (
              <ul className={styles.teams}>
                {inGroup.map((team) => (
                  <TeamCard
                    key={team.team_id}
                    competition={competition}
                    team={team}
                    href={paths.team(competition.id, team.team_id)}
                    onJoin={
                      open
                        ? () =>
                            start(key, {
                              kind: 'team',
                              teamId: team.team_id,
                              teamName: team.name,
                              groupId: team.group_id,
                            })
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </CompetitionPublicPage>
  );
}
