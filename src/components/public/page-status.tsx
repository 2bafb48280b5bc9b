import styles from './calendar-public.module.css';
import { failureText, useCalendarTexts } from './calendar-texts';

type PageStatusProps = {
  /** `loading`, or the code of what failed. */
  status: 'loading' | { code: string };
  onRetry?: () => void;
  backHref?: string;
};

/** A public page's loading line or its failure in words, with a way on. */
export function PageStatus({ status, onRetry, backHref }: PageStatusProps) {
  const { t } = useCalendarTexts();
  if (status === 'loading')
    return (
      <p className={styles.panel} role="status">
        {t('loading')}
      </p>
    );
  const retryable = !status.code.endsWith('not-found') && status.code !== 'missing-id';
  return (
    <div className={styles.panel} role="alert">
      <p>{failureText(t, status.code)}</p>
      <div className={styles.actions}>
        {retryable && onRetry ? (
          <button type="button" className={styles.button} onClick={onRetry}>
            {t('retry')}
          </button>
        ) : null}
        {backHref ? (
          <a className={styles.link} href={backHref}>
            {t('door.back')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
