import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { errorMessage } from '@/lib/error-message';
import type { Validation } from '../utils/validate';
import styles from './importer.module.css';
import { RejectedList } from './rejected-list';

type ReviewStepProps = {
  review: Validation;
  headers: string[];
  importError: unknown;
  importing: boolean;
  busy: boolean;
  onImport: () => void;
};

/** Step 3: how many rows can be imported and which were refused, and the import button. */
export function ReviewStep({ review, headers, importError, importing, busy, onImport }: ReviewStepProps) {
  const { t } = useTranslation('lead-import');
  return (
    <section className={layout.section} aria-labelledby="lead-import-review">
      <h2 id="lead-import-review">{t('reviewHeading')}</h2>
      <p role="status">
        {t('reviewSummary', { valid: review.valid.length, rejected: review.rejected.length })}
      </p>
      {importError ? (
        <FormStatus tone="error">
          {t('failed')} {errorMessage(importError)}
        </FormStatus>
      ) : null}
      {review.valid.length === 0 ? (
        <p className={styles.error}>{t('nothingToImport')}</p>
      ) : (
        <div className={layout.actions}>
          <Button onClick={onImport} loading={importing} disabled={busy}>
            {t('import', { count: review.valid.length })}
          </Button>
        </div>
      )}
      <RejectedList rejected={review.rejected} headers={headers} />
    </section>
  );
}
