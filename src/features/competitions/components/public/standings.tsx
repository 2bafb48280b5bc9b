import type { PublicCompetition } from '../../api/public-competition';
import styles from './competition-public.module.css';
import { Leaderboard, type LeaderboardRow } from './leaderboard';
import { useCompetitionTexts, useWhen } from './page-texts';
import { PublicIcon } from './public-icons';
import type { TeamPhoto } from './team-avatar';

export type StandingsProps = {
  competition: PublicCompetition;
  rows: readonly LeaderboardRow[];
  /** The heading while the competition runs («Topplagene», «Resultatliste»). */
  heading: string;
  teamHref?: (teamId: string) => string;
  photos?: Readonly<Record<string, TeamPhoto>>;
  /** The section's heading level: 2 on a page, 1 where the board is the page (the embed). */
  level?: 1 | 2;
};

/**
 * The leaderboard in its moment: while frozen it says the standings are hidden and from when they are;
 * once ended it is the final standings (no changes since yesterday).
 */
export function Standings({ competition, rows, heading, teamHref, photos, level = 2 }: StandingsProps) {
  const { t } = useCompetitionTexts();
  const when = useWhen();
  const ended = competition.status === 'ended';
  const title = ended ? t('leaderboard.final') : heading;
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.panel} aria-labelledby={`standings-${competition.id}`}>
      <Heading className={styles.heading} id={`standings-${competition.id}`}>
        {ended ? <PublicIcon name="trophy" size={22} className={styles.headingIcon} /> : null}
        {title}
      </Heading>
      {competition.frozen && competition.freeze_at ? (
        <p className={styles.notice}>
          <span>{t('leaderboard.frozen', { when: when(competition.freeze_at) })}</span>
        </p>
      ) : null}
      <Leaderboard
        rows={rows}
        label={title}
        unit={competition.unit}
        scoring={competition.scoring}
        teamHref={teamHref}
        photos={photos}
        showChanges={!ended}
      />
    </section>
  );
}
