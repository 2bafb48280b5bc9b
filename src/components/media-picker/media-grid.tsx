import { useTranslation } from 'react-i18next';
import { useSignedMediaUrls } from '@/lib/media/signed-urls';
import { lacksAltText, previewPathOf, type MediaRow } from '@/lib/media/types';
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
          row.type === 'video' ? t('badges.video') : null,
          row.processing ? t('badges.processing') : null,
          lacksAltText(row) ? t('badges.missingAlt') : null,
          row.source === 'ai' ? t('badges.ai') : null,
        ].filter((badge): badge is string => badge !== null);
        return (
          <li key={row.id}>
            <button
              type="button"
              className={styles.tile}
              onClick={() => onOpen(row)}
              aria-pressed={selectedId === undefined ? undefined : selectedId === row.id}
              aria-label={[row.name, ...badges].join(', ')}
            >
              <span className={styles.thumb}>
                {link ? <img src={link} alt="" loading="lazy" decoding="async" /> : null}
                <span className={styles.badges} aria-hidden="true">
                  {badges.map((badge) => (
                    <span
                      key={badge}
                      className={
                        badge === t('badges.missingAlt') ? `${styles.badge} ${styles.warning}` : styles.badge
                      }
                    >
                      {badge}
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
