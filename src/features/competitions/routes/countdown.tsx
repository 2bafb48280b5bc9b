import { useState } from 'react';
import { Countdown } from '@/components/public/countdown';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { getPublicTeams } from '../api/public-competition';
import { CompetitionHeader } from '../components/public/competition-header';
import { CompetitionLoadStatus } from '../components/public/competition-load-status';
import { CompetitionPublicPage } from '../components/public/competition-public-page';
import styles from '../components/public/competition-public.module.css';
import { type JoinDone, JoinForm } from '../components/public/join-form';
import { JoinResult } from '../components/public/join-result';
import { useAmount, useCompetitionTexts, useWhen } from '../components/public/page-texts';
import { usePublicCompetition } from '../hooks/use-public-competition';
import { currentCompetitionPaths } from '../utils/current-paths';

/**
 * `/fyllopp/countdown?id=…`: before the start, the time left and pre-registration with consent through
 * `register_competition_participant` (the person and their lead are made now; a team comes later).
 */
export default function CompetitionCountdownPage() {
  const { t } = useCompetitionTexts();
  const when = useWhen();
  const amount = useAmount();
  const paths = currentCompetitionPaths();
  const id = new URLSearchParams(window.location.search).get('id');
  const { state, reload, competition, now, offset } = usePublicCompetition(id);
  const [done, setDone] = useState<JoinDone | null>(null);
  useDocumentTitle(competition ? t('titles.countdown', { name: competition.name }) : t('titles.fallback'));

  if (!competition || !now) return <CompetitionLoadStatus state={state} onRetry={reload} />;

  const ended = competition.status === 'ended';
  const started = now.getTime() >= Date.parse(competition.starts_at);
  return (
    <CompetitionPublicPage competition={competition}>
      <CompetitionHeader competition={competition}>
        <p className={styles.lead}>{t('intro.goal', { goal: amount(competition.goal, competition.unit) })}</p>
      </CompetitionHeader>
      <section className={styles.panel} aria-label={t('countdown.heading')}>
        {ended ? (
          <p>{t('intro.ended')}</p>
        ) : started ? (
          <>
            <p className={styles.lead}>{t('countdown.started')}</p>
            <div className={styles.actions}>
              <a className={styles.button} href={paths.groups(competition.id)}>
                {t('intro.join')}
              </a>
              <a className={styles.secondary} href={paths.intro(competition.id)}>
                {t('countdown.goToCompetition')}
              </a>
            </div>
          </>
        ) : (
          <Countdown
            target={competition.starts_at}
            now={now}
            label={t('intro.startsIn')}
            note={t('intro.startsAt', { when: when(competition.starts_at) })}
          />
        )}
      </section>
      {ended || started ? null : (
        <section className={styles.panel}>
          {done ? (
            <JoinResult done={done} backHref={paths.intro(competition.id)} />
          ) : (
            <JoinForm
              competition={competition}
              mode={{ kind: 'register' }}
              offset={offset}
              focusOnOpen={false}
              onDone={setDone}
              loadTeams={() => getPublicTeams(competition.id)}
            />
          )}
        </section>
      )}
    </CompetitionPublicPage>
  );
}
