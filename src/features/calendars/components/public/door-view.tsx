import type { ReactNode } from 'react';
import type { PublicDoor } from '../../types';
import { doorHeading } from '../../utils/door-heading';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

/** Signed addresses of the door's media (the container signs them; the preview passes its own). */
export type DoorMediaUrls = { src: string | null; webm?: string | null; mp4?: string | null };

export type DoorViewProps = {
  door: PublicDoor;
  media?: DoorMediaUrls;
  /** The entry form, or the result after entering; nothing for a closed door. */
  entryForm?: ReactNode;
  /** Back to the grid: a link on the hosted page, a button in the iframe and the preview. */
  backHref?: string;
  onBack?: () => void;
  /** Focus lands here when the door opens in place. */
  headingRef?: React.Ref<HTMLHeadingElement>;
};

/**
 * Back to the grid: a link on the hosted page, a button in the iframe. On a panel of its own, since the
 * page behind it may be the organization's picture.
 */
export function BackToCalendar({ backHref, onBack }: Pick<DoorViewProps, 'backHref' | 'onBack'>) {
  const { t } = useCalendarTexts();
  const back = backHref ? (
    <a className={styles.link} href={backHref}>
      ← {t('door.back')}
    </a>
  ) : onBack ? (
    <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={onBack}>
      ← {t('door.back')}
    </button>
  ) : null;
  return back ? (
    <nav className={styles.backBar} aria-label={t('door.back')}>
      {back}
    </nav>
  ) : null;
}

/** One opened door: title, picture or video, text, link, prize, then the form. */
export function DoorView({ door, media, entryForm, backHref, onBack, headingRef }: DoorViewProps) {
  const { t } = useCalendarTexts();
  return (
    <>
      <BackToCalendar backHref={backHref} onBack={onBack} />
      <article className={styles.panel} aria-labelledby="door-heading">
        <h1 id="door-heading" className={styles.title} ref={headingRef} tabIndex={-1}>
          {doorHeading(t('door.heading', { day: door.day_number }), door.title)}
        </h1>
        <DoorMedia door={door} media={media} />
        {door.body ? <p className={styles.body}>{door.body}</p> : null}
        {door.link_url ? (
          <p>
            <a className={styles.link} href={door.link_url} target="_blank" rel="noopener noreferrer">
              {door.link_label ?? door.link_url}
            </a>
          </p>
        ) : null}
        {door.prizes.length > 0 ? (
          <section aria-label={t('door.prize')}>
            <h2 className={styles.heading}>{t('door.prize')}</h2>
            <ul className={styles.list}>
              {door.prizes.map((prize) => (
                <li key={prize.name}>
                  <strong>{prize.name}</strong>
                  {prize.description ? ` – ${prize.description}` : ''}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {!door.open ? <p role="status">{t('door.closed')}</p> : null}
      </article>
      {door.open && entryForm ? <section className={styles.panel}>{entryForm}</section> : null}
    </>
  );
}

function DoorMedia({ door, media }: { door: PublicDoor; media?: DoorMediaUrls }) {
  const { t } = useCalendarTexts();
  const item = door.media;
  if (!item || !media) return null;
  const size = { width: item.width ?? undefined, height: item.height ?? undefined };
  if (item.type === 'video' && (media.webm || media.mp4)) {
    // WebM first (smaller where it plays), MP4 for Safari; the poster shows until it plays.
    return (
      // The library has no caption files yet; the door's text carries what the video says.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video className={styles.media} controls preload="metadata" poster={media.src ?? undefined} {...size}>
        {media.webm ? <source src={media.webm} type="video/webm" /> : null}
        {media.mp4 ? <source src={media.mp4} type="video/mp4" /> : null}
        {t('door.videoFallback')}
      </video>
    );
  }
  if (!media.src) return null;
  return <img className={styles.media} src={media.src} alt={item.alt_text ?? ''} {...size} />;
}
