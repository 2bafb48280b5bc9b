import { useEffect, useRef } from 'react';
import styles from './competition-public.module.css';
import type { JoinDone } from './join-form';
import { useCompetitionTexts } from './page-texts';

export type JoinResultProps = {
  done: JoinDone;
  /** A way on: back to the competition, or the team's page. */
  backHref?: string;
};

/**
 * What came of joining: on the team, a request the captain decides, a new team, or a pre-registration —
 * and «Sjekk e-posten din»: the link in the e-mail is the person's own page. The heading takes the focus,
 * so a screen reader reads it and a keyboard user continues from it.
 */
export function JoinResult({ done, backHref }: JoinResultProps) {
  const { t } = useCompetitionTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const title =
    done.kind === 'registered'
      ? t('done.registered')
      : done.kind === 'joined'
        ? t('done.joined', { team: done.teamName })
        : done.kind === 'requested'
          ? t('done.requested', { team: done.teamName })
          : t('done.created', { team: done.teamName });
  return (
    <div className={styles.result}>
      <h2 className={styles.heading} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {done.kind === 'requested' ? <p>{t('done.requestedBody')}</p> : null}
      <div className={styles.mail}>
        <div>
          <h3 className={styles.mailHeading}>{t('done.checkMail')}</h3>
          <p>{done.kind === 'registered' ? t('done.nextRegistered') : t('done.next')}</p>
        </div>
      </div>
      {backHref ? (
        <p>
          <a className={styles.link} href={backHref}>
            {t('done.back')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
