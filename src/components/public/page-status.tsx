import { failureText, sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

type PageStatusProps = {
  /** `loading`, or the code of what failed. */
  status: 'loading' | { code: string };
  /** The loading line in the area's words («Laster kalenderen …»). */
  loadingText: string;
  /** A failure in words; by default the shared catalogue's (`failures`, `campaign-errors`). */
  describe?: (code: string) => string;
  onRetry?: () => void;
  /** A way back, e.g. to the calendar from a door. */
  backHref?: string;
  backText?: string;
  /** The status stands for the whole page (nothing else loaded): its failure is the page's heading. */
  pageHeading?: boolean;
};

/** A public page's loading line or its failure in words, with a way on. */
export function PageStatus({
  status,
  loadingText,
  describe,
  onRetry,
  backHref,
  backText,
  pageHeading = false,
}: PageStatusProps) {
  const { t } = usePublicTexts(sharedPublicTexts);
  if (status === 'loading')
    return (
      <p className={styles.panel} role="status">
        {loadingText}
      </p>
    );
  // What is not there, or a link without its id, will not be there on a second try either.
  const retryable = !status.code.endsWith('not-found') && status.code !== 'missing-id';
  const Failure = pageHeading ? 'h1' : 'p';
  return (
    <div className={styles.panel} role="alert">
      <Failure className={styles.statusText}>
        {describe ? describe(status.code) : failureText(t, status.code)}
      </Failure>
      <div className={styles.actions}>
        {retryable && onRetry ? (
          <button type="button" className={styles.button} onClick={onRetry}>
            {t('retry')}
          </button>
        ) : null}
        {backHref && backText ? (
          <a className={styles.link} href={backHref}>
            {backText}
          </a>
        ) : null}
      </div>
    </div>
  );
}
