import { Countdown } from '@/components/public/countdown';
import { RulesText } from '@/components/public/rules-text';
import { ShareButton } from '@/components/public/share-button';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { CompetitionFill } from '../components/public/competition-fill';
import { CompetitionHeader } from '../components/public/competition-header';
import { CompetitionLoadStatus } from '../components/public/competition-load-status';
import { CompetitionPublicPage } from '../components/public/competition-public-page';
import styles from '../components/public/competition-public.module.css';
import { useAmount, useCompetitionTexts, useWhen } from '../components/public/page-texts';
import { Standings } from '../components/public/standings';
import { usePublicCompetition } from '../hooks/use-public-competition';
import { competitionPathParts } from '../utils/competition-paths';
import { currentCompetitionPaths } from '../utils/current-paths';
import { joinWindow } from '../utils/join-window';

/**
 * `/fyllopp/:id` (`/:id` on the competition host): the introduction on the lean public entry — the
 * shared goal and its fill-up bar with milestones, the countdown before the start, the top teams and
 * the way to join.
 */
export default function CompetitionIntroPage() {
  const { t } = useCompetitionTexts();
  const when = useWhen();
  const amount = useAmount();
  const paths = currentCompetitionPaths();
  const id = competitionPathParts(window.location.pathname)?.id ?? null;
  const { state, reload, competition, now } = usePublicCompetition(id);
  useDocumentTitle(competition ? t('titles.intro', { name: competition.name }) : t('titles.fallback'));

  if (!competition || !now) return <CompetitionLoadStatus state={state} onRetry={reload} />;

  const window_ = joinWindow(competition, now);
  const scheduled = competition.status === 'scheduled' && now.getTime() < Date.parse(competition.starts_at);
  return (
    <CompetitionPublicPage competition={competition}>
      <CompetitionHeader competition={competition}>
        <p className={styles.lead}>{t('intro.goal', { goal: amount(competition.goal, competition.unit) })}</p>
        <ul className={styles.facts}>
          <li>{t('intro.participants', { count: competition.participants })}</li>
          <li>{t('intro.teams', { count: competition.teams })}</li>
          <li>{t('intro.teamSize', { min: competition.team_min, max: competition.team_max })}</li>
        </ul>
      </CompetitionHeader>

      <section className={styles.panel} aria-labelledby="fill-heading">
        <h2 className={styles.heading} id="fill-heading">
          {t('fill.label', { goal: amount(competition.goal, competition.unit) })}
        </h2>
        <CompetitionFill competition={competition} />
      </section>

      {scheduled ? (
        <section className={styles.panel} aria-label={t('intro.startsIn')}>
          <Countdown
            target={competition.starts_at}
            now={now}
            label={t('intro.startsIn')}
            note={t('intro.startsAt', { when: when(competition.starts_at) })}
          />
        </section>
      ) : null}

      <section className={styles.panel} aria-labelledby="join-heading">
        <h2 className={styles.heading} id="join-heading">
          {t('intro.join')}
        </h2>
        <p>
          {competition.scoring === 'average'
            ? t('intro.scoringAverage', { count: competition.min_active_members })
            : t('intro.scoringTotal')}
        </p>
        <p className={styles.hint}>
          {window_ === 'open'
            ? t('intro.joinCloses', { when: when(competition.lock_at) })
            : window_ === 'not-open' && competition.join_opens_at
              ? t('intro.joinOpens', { when: when(competition.join_opens_at) })
              : competition.status === 'ended'
                ? t('intro.ended')
                : t('intro.joinClosed')}
        </p>
        <div className={styles.actions}>
          {window_ === 'open' ? (
            <a className={styles.button} href={paths.groups(competition.id)}>
              {t('intro.join')}
            </a>
          ) : (
            <a className={styles.secondary} href={paths.groups(competition.id)}>
              {t('intro.seeTeams')}
            </a>
          )}
          {scheduled ? (
            <a className={styles.secondary} href={paths.countdown(competition.id)}>
              {t('intro.preRegister')}
            </a>
          ) : null}
        </div>
        <RulesText text={competition.rules_text} />
      </section>

      <Standings
        competition={competition}
        rows={competition.top_teams}
        heading={t('leaderboard.top')}
        teamHref={(teamId) => paths.team(competition.id, teamId)}
      />

      <section className={styles.panel}>
        <ShareButton
          url={`${window.location.origin}${paths.intro(competition.id)}`}
          title={competition.name}
          texts={{
            button: t('intro.share'),
            message: t('intro.shareMessage', { name: competition.name }),
            linkLabel: t('intro.shareLink'),
          }}
        />
      </section>
    </CompetitionPublicPage>
  );
}
