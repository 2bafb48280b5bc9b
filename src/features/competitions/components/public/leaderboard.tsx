import styles from './competition-public.module.css';
import { formatNumber, useCompetitionTexts } from './page-texts';
import { PublicIcon } from './public-icons';
import { TeamAvatar, type TeamPhoto } from './team-avatar';

/** A row of the public leaderboard reads (`competition_leaderboard`, `top_teams`). */
export type LeaderboardRow = {
  rank: number;
  previous_rank: number | null;
  team_id: string;
  group_id: string | null;
  name: string;
  score: number;
  total: number;
  active_members: number;
  members: number;
};

export type LeaderboardProps = {
  rows: readonly LeaderboardRow[];
  /** The list's accessible name, e.g. «Topplagene». */
  label: string;
  unit: string;
  scoring: 'total' | 'average';
  /** A link to each team's page; none in places that should not navigate. */
  teamHref?: (teamId: string) => string;
  /** Team photos by team id, where the page has them (the team list); else initials. */
  photos?: Readonly<Record<string, TeamPhoto>>;
  /** The visitor's own team, marked. */
  highlightTeamId?: string | null;
  /** Rank changes since yesterday (off for the final standings). */
  showChanges?: boolean;
};

/** How the rank moved since 00:00 today, as an icon with words for screen readers. */
function RankChange({ rank, previous }: { rank: number; previous: number | null }) {
  const { t } = useCompetitionTexts();
  const [icon, text, tone] =
    previous === null
      ? (['sparkle', t('leaderboard.new'), styles.changeNew] as const)
      : previous > rank
        ? (['arrowUp', t('leaderboard.up', { count: previous - rank }), styles.changeUp] as const)
        : previous < rank
          ? (['arrowDown', t('leaderboard.down', { count: rank - previous }), styles.changeDown] as const)
          : (['minus', t('leaderboard.same'), styles.changeSame] as const);
  const moved = previous !== null && previous !== rank ? Math.abs(previous - rank) : null;
  return (
    <span className={`${styles.change} ${tone}`} title={text}>
      <PublicIcon name={icon} size={16} />
      {moved !== null ? <span aria-hidden="true">{moved}</span> : null}
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

/**
 * The leaderboard: rank, the change since yesterday (`previous_rank`), the team's avatar and name,
 * its members and its score in the competition's unit. An ordered list, so a screen reader hears the
 * places in order; at 360 px each row stays one line of essentials.
 */
export function Leaderboard({
  rows,
  label,
  unit,
  scoring,
  teamHref,
  photos = {},
  highlightTeamId = null,
  showChanges = true,
}: LeaderboardProps) {
  const { t, language } = useCompetitionTexts();
  if (rows.length === 0) return <p className={styles.muted}>{t('leaderboard.empty')}</p>;
  return (
    <ol className={styles.board} aria-label={label}>
      {rows.map((row) => {
        const amount = t('amount', { amount: formatNumber(row.score, language), unit });
        return (
          <li
            key={row.team_id}
            className={row.team_id === highlightTeamId ? `${styles.row} ${styles.rowOwn}` : styles.row}
            data-rank={row.rank}
          >
            <span className={styles.rank} data-podium={row.rank <= 3 ? row.rank : undefined}>
              <span className="visually-hidden">{t('leaderboard.rank', { rank: row.rank })}</span>
              <span aria-hidden="true">{row.rank}</span>
            </span>
            {showChanges ? <RankChange rank={row.rank} previous={row.previous_rank} /> : null}
            <TeamAvatar name={row.name} photo={photos[row.team_id] ?? null} size="small" />
            <span className={styles.rowName}>
              {teamHref ? (
                <a className={styles.teamLink} href={teamHref(row.team_id)}>
                  {row.name}
                </a>
              ) : (
                <span className={styles.teamName}>{row.name}</span>
              )}
              <span className={styles.rowMeta}>{t('leaderboard.members', { count: row.members })}</span>
            </span>
            <span className={styles.score}>
              {scoring === 'average' ? t('leaderboard.average', { amount }) : amount}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
