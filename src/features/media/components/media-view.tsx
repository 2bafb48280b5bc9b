import { useTranslation } from 'react-i18next';
import page from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/signed-urls';
import type { MediaRow } from '@/lib/media/types';
import styles from './media-library.module.css';

/**
 * An item large: an image at its web size; a video with its WebM and MP4 sources (the browser plays
 * the first it can) and its poster, or «Behandles» until its renditions exist.
 */
export function MediaView({ row }: { row: MediaRow }) {
  const { t } = useTranslation('media');
  const links = useSignedMediaUrls([row.url, row.url_webm, row.url_mp4]);
  const link = (path: string | null) => (path ? links.get(path) : undefined);

  if (row.type === 'video') {
    if (row.processing)
      return (
        <p className={page.muted} role="status">
          {t('badges.processing')}
        </p>
      );
    const webm = link(row.url_webm);
    const mp4 = link(row.url_mp4);
    if (!webm && !mp4) return <p className={page.muted}>{t('preview.noPreview')}</p>;
    return (
      // Uploaded videos come without a caption file; the library has no way to add one yet.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        className={styles.large}
        controls
        preload="metadata"
        poster={link(row.url)}
        aria-label={row.name}
      >
        {webm ? <source src={webm} type="video/webm" /> : null}
        {mp4 ? <source src={mp4} type="video/mp4" /> : null}
      </video>
    );
  }
  const image = link(row.url);
  if (!image) return <p className={page.muted}>{t('preview.noPreview')}</p>;
  return <img className={styles.large} src={image} alt={row.alt_text ?? ''} />;
}
