import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { setConsent, useConsentPending } from '@/lib/analytics/tag-manager';
import styles from './consent-banner.module.css';

/** Asks once for analytics consent; shown only when a tag-manager container is configured. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const pending = useConsentPending();
  if (!pending) return null;
  return (
    <section className={styles.banner} aria-labelledby="consent-title">
      <h2 id="consent-title">{t('consent.title')}</h2>
      <p>{t('consent.body')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setConsent('denied')}>
          {t('consent.decline')}
        </Button>
        <Button onClick={() => setConsent('granted')}>{t('consent.accept')}</Button>
      </div>
    </section>
  );
}
