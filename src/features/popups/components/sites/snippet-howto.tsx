import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import styles from './sites.module.css';
import { CONSENT_STUB } from './snippet-tag';

/** Where the tag goes: plain HTML, WordPress, single-page apps, and the consent call. */
export function SnippetHowTo() {
  const { t } = useTranslation('popups');
  const headingId = useId();
  const parts = ['html', 'wordpress', 'spa'] as const;
  return (
    <section className={styles.howto} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('sites.howto.title')}</h3>
      <p className={layout.muted}>{t('sites.howto.intro')}</p>
      {parts.map((part) => (
        <details key={part}>
          <summary>{t(`sites.howto.${part}Title`)}</summary>
          <p>{t(`sites.howto.${part}`)}</p>
        </details>
      ))}
      <details>
        <summary>{t('sites.howto.consentTitle')}</summary>
        <p>{t('sites.howto.consent')}</p>
        <code className={styles.code}>
          {'<script async src="…/embed/popups.js" data-site="…" data-consent="required"></script>'}
        </code>
        <p>{t('sites.howto.consentCall')}</p>
        <code className={styles.code}>{`${CONSENT_STUB}\nwindow.leadtorget('consent', true);`}</code>
        <p>{t('sites.howto.consentMode')}</p>
      </details>
    </section>
  );
}
