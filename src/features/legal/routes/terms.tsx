import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format';
import styles from './terms.module.css';

/** When the text below last changed in substance (noon in Oslo, so no time zone moves the day). */
const TERMS_CHANGED_AT = '2026-11-24T12:00:00+01:00';
const CONTACT_EMAIL = 'stotte@leadtorget.no';

/** Sections and their paragraphs in the order of the locale file. */
type Section = { heading: string; paragraphs: Record<string, string> };

/**
 * `/vilkar`: the terms a user accepts on sign-up (linked from the checkbox), public and readable
 * without an account. The text lives in the locale files so nb and en stay side by side.
 */
export default function LegalTermsPage() {
  const { t } = useTranslation('legal');
  const sections = Object.entries(t('terms.sections', { returnObjects: true }) as Record<string, Section>);
  return (
    <article className={styles.page} aria-labelledby="terms-title">
      <h1 id="terms-title">{t('terms.title')}</h1>
      <p className={styles.muted}>{t('terms.updated', { date: formatLongDate(TERMS_CHANGED_AT) })}</p>
      <p>{t('terms.intro')}</p>
      {sections.map(([key, section]) => (
        <section key={key}>
          <h2>{section.heading}</h2>
          {Object.entries(section.paragraphs).map(([paragraphKey, paragraph]) => (
            <p key={paragraphKey}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section>
        <h2>{t('terms.contactHeading')}</h2>
        <p>
          {t('terms.contact')} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
      </section>
    </article>
  );
}
