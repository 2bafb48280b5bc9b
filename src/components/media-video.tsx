import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '@/components/media-video.module.css';
import { SpinnerIcon } from '@/components/spinner';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { videoFailed, type MediaRow } from '@/lib/media/types';

type VideoRow = Pick<
  MediaRow,
  | 'type'
  | 'name'
  | 'alt_text'
  | 'processing'
  | 'processing_failed_at'
  | 'url'
  | 'url_mp4'
  | 'url_webm'
  | 'width'
  | 'height'
>;

export type MediaVideoProps = {
  media: VideoRow;
  /** The renditions could not be made (the caller caught processVideo's error). */
  failed?: boolean;
  className?: string;
};

/**
 * Plays an organization's video: the WebM (VP9 or VP8, smaller) where the browser plays it, else the
 * MP4 (H.264 for every browser; VP9 from an uploader's browser without an H.264 encoder), with the
 * poster; the browser picks by the sources' types. While the
 * renditions are being made it shows the poster, when there is one, under «Behandles …».
 * Its words are in the `media` namespace, which a route that shows media loads (route-table.ts), so
 * routes without media do not carry them.
 */
export function MediaVideo({ media, failed = false, className }: MediaVideoProps) {
  const { t } = useTranslation('media');
  const urls = useSignedMediaUrls([media.url, media.url_webm, media.url_mp4]);
  const [unplayable, setUnplayable] = useState(false);
  // An empty alt text is no label: fall back to the name.
  const label = media.alt_text?.trim() ? media.alt_text : media.name;
  const poster = media.url ? urls.get(media.url) : undefined;
  const webm = media.url_webm ? urls.get(media.url_webm) : undefined;
  const mp4 = media.url_mp4 ? urls.get(media.url_mp4) : undefined;
  const aspect: CSSProperties | undefined =
    media.width && media.height
      ? ({ '--media-aspect': `${media.width} / ${media.height}` } as CSSProperties)
      : undefined;
  const frameClass = className ? `${styles.frame} ${className}` : styles.frame;

  if (
    failed ||
    unplayable ||
    videoFailed(media) ||
    (!media.processing && !media.url_mp4 && !media.url_webm)
  ) {
    return (
      <div className={frameClass} style={aspect}>
        <p role="alert" className={`${styles.note} ${styles.failed}`}>
          {t(unplayable ? 'player.unplayable' : 'player.failed')}
        </p>
      </div>
    );
  }

  if (media.processing || (!webm && !mp4)) {
    return (
      <div className={frameClass} style={aspect}>
        {poster ? <img className={styles.poster} src={poster} alt={label} /> : null}
        <p role="status" className={styles.note}>
          <SpinnerIcon size="sm" />
          {media.processing ? t('player.processing') : t('player.loading')}
        </p>
      </div>
    );
  }

  return (
    <div className={frameClass} style={aspect}>
      {/* Uploads come without a subtitle file, so there is no caption track to offer yet; the media
          library's own text (name, alt text) labels the player. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        className={styles.video}
        controls
        preload="metadata"
        poster={poster}
        aria-label={label}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
      >
        {/* The WebM is VP9 or VP8 (whichever the uploader's browser encoded well), so no codecs. */}
        {webm ? <source src={webm} type="video/webm" /> : null}
        {/* An error on the last source means the browser could play none of them. */}
        {mp4 ? <source src={mp4} type="video/mp4" onError={() => setUnplayable(true)} /> : null}
      </video>
    </div>
  );
}
