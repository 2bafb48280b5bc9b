import { useTranslation } from 'react-i18next';
import { MediaVideo } from '@/components/media-video';
import page from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaRow } from '@/lib/media/types';
import styles from './media-library.module.css';

/**
 * An item large: an image at its web size; a video through MediaVideo (its WebM and MP4 sources, its
 * poster, «Behandles …» until its renditions exist).
 */
export function MediaView({ row }: { row: MediaRow }) {
  const { t } = useTranslation('media');
  const links = useSignedMediaUrls([row.url, row.url_webm, row.url_mp4]);
  const link = (path: string | null) => (path ? links.get(path) : undefined);

  if (row.type === 'video') return <MediaVideo media={row} />;
  const image = link(row.url);
  if (!image) return <p className={page.muted}>{t('preview.noPreview')}</p>;
  return <img className={styles.large} src={image} alt={row.alt_text ?? ''} />;
}
