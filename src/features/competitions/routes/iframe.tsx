import { Suspense, useEffect, useState } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { getLeaderboard, getPublicTeams } from '../api/public-competition';
import { CompetitionFill } from '../components/public/competition-fill';
import { CompetitionLoadStatus } from '../components/public/competition-load-status';
import { CompetitionPublicPage } from '../components/public/competition-public-page';
import styles from '../components/public/competition-public.module.css';
import type { JoinDone, JoinMode } from '../components/public/join-form';
import { LazyJoinForm, LazyJoinResult } from '../components/public/lazy-join';
import type { LeaderboardRow } from '../components/public/leaderboard';
import { useCompetitionTexts } from '../components/public/page-texts';
import { Standings } from '../components/public/standings';
import { usePublicCompetition } from '../hooks/use-public-competition';
import type { CompetitionEmbedView } from '../utils/competition-paths';
import { currentCompetitionPaths } from '../utils/current-paths';
import { joinWindow } from '../utils/join-window';

const viewOf = (value: string | null): CompetitionEmbedView =>
  value === 'bar' || value === 'join' ? value : 'leaderboard';

/**
 * `/fyllopp/iframe?id=…&vis=leaderboard|bar|join`: the competition inside a customer's page — the whole
 * leaderboard (default), the shared fill-up bar, or joining («Plasser meg» per group, or a new team).
 * The frame's height goes to the parent (`leadtorget:height`); links open the full pages in a new tab.
 */
export default function CompetitionIframePage() {
  const { t } = useCompetitionTexts();
  const paths = currentCompetitionPaths();
  const search = new URLSearchParams(window.location.search);
  const id = search.get('id');
  const view = viewOf(search.get('vis'));
  const {
    state,
    reload,
    competition,
    extra: board,
    now,
    offset,
  } = usePublicCompetition<LeaderboardRow[] | null>(id, (read, signal) =>
    view === 'leaderboard' ? getLeaderboard(read.id, null, signal) : Promise.resolve(null),
  );
  const [mode, setMode] = useState<JoinMode | null>(null);
  const [done, setDone] = useState<JoinDone | null>(null);
  useDocumentTitle(competition ? t('titles.embed', { name: competition.name }) : t('titles.fallback'));

  useEffect(() => reportHeightToParent(), []);

  if (!competition || !now) return <CompetitionLoadStatus state={state} onRetry={reload} />;

  const full = (
    <a className={styles.link} href={paths.intro(competition.id)} target="_blank" rel="noopener">
      {t('embed.openFull')}
    </a>
  );
  if (view === 'leaderboard')
    return (
      <CompetitionPublicPage competition={competition}>
        <Standings
          competition={competition}
          rows={board ?? []}
          heading={t('titles.embed', { name: competition.name })}
          level={1}
        />
        <section className={styles.panel}>
          <CompetitionFill competition={competition} size="small" />
          <p className={styles.back}>{full}</p>
        </section>
      </CompetitionPublicPage>
    );

  const open = joinWindow(competition, now) === 'open';
  return (
    <CompetitionPublicPage competition={competition}>
      <section className={styles.panel}>
        <h1 className={styles.title}>{competition.name}</h1>
        <div className={styles.headerFill}>
          <CompetitionFill competition={competition} size={view === 'bar' ? 'large' : 'small'} />
        </div>
        {view === 'join' ? (
          <Suspense fallback={<p role="status">{t('join.loading')}</p>}>
            {done ? (
              <LazyJoinResult done={done} />
            ) : mode ? (
              <LazyJoinForm
                key={JSON.stringify(mode)}
                competition={competition}
                mode={mode}
                offset={offset}
                onDone={setDone}
                onCancel={() => setMode(null)}
                loadTeams={() => getPublicTeams(competition.id)}
              />
            ) : open ? (
              <div className={styles.actions}>
                {competition.groups.map((group) => (
                  <button
                    key={group.id}
                    type="button"
                    className={styles.button}
                    onClick={() => setMode({ kind: 'place', groupId: group.id, groupName: group.name })}
                  >
                    {t('groups.placeMe', { group: group.name })}
                  </button>
                ))}
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => setMode({ kind: 'create', groupId: null })}
                >
                  {t('groups.createTeam')}
                </button>
              </div>
            ) : (
              <p className={styles.hint}>{t('intro.joinClosed')}</p>
            )}
          </Suspense>
        ) : null}
        <p className={styles.back}>{full}</p>
      </section>
    </CompetitionPublicPage>
  );
}
