import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import {
  awaitingRenditions,
  lacksAltText,
  previewPathOf,
  videoFailed,
  type MediaRow,
} from '@/lib/media/types';
import styles from './media.module.css';

type MediaGridProps = {
  rows: readonly MediaRow[];
  onOpen: (row: MediaRow) => void;
  /** The picker marks its current choice; the library leaves it out. */
  selectedId?: string | null;
};

/**
 * The organization's media as thumbnails: a list of buttons, each named by the item's name and its
 * state (video, processing, missing alt text), so a keyboard and a screen reader get what the eye does.
 */
export function MediaGrid({ rows, onOpen, selectedId }: MediaGridProps) {
  const { t } = useTranslation('media');
  const links = useSignedMediaUrls(rows.map(previewPathOf));
  return (
    <ul className={styles.grid}>
      {rows.map((row) => {
        const path = previewPathOf(row);
        const link = path ? links.get(path) : undefined;
        const badges = [
          { label: t('badges.video'), shown: row.type === 'video', warning: false },
          { label: t('badges.processing'), shown: awaitingRenditions(row), warning: false },
          { label: t('badges.failed'), shown: videoFailed(row), warning: true },
          { label: t('badges.missingAlt'), shown: lacksAltText(row), warning: true },
          { label: t('badges.ai'), shown: row.source === 'ai', warning: false },
        ].filter((badge) => badge.shown);
        return (
          <li key={row.id}>
            <button
              type="button"
              className={styles.tile}
              onClick={() => onOpen(row)}
              aria-pressed={selectedId === undefined ? undefined : selectedId === row.id}
              aria-label={[row.name, ...badges.map((badge) => badge.label)].join(', ')}
            >
              <span className={styles.thumb}>
                {link ? <img src={link} alt="" loading="lazy" decoding="async" /> : null}
                <span className={styles.badges} aria-hidden="true">
                  {badges.map((badge) => (
                    <span
                      key={badge.label}
                      className={badge.warning ? `${styles.badge} ${styles.warning}` : styles.badge}
                    >
                      {badge.label}
                    </span>
                  ))}
                </span>
              </span>
              <span className={styles.name} aria-hidden="true">
                {row.name}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** While the first media load: tiles of the grid's own shape, so the grid does not jump in. */
export function MediaGridPlaceholder({ tiles = 6 }: { tiles?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: tiles }, (_, index) => (
        <li key={index}>
          <span className={styles.tile}>
            <span className={styles.thumb} />
            <span className={styles.name}>
              <Skeleton width={index % 2 ? '60%' : '80%'} />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
