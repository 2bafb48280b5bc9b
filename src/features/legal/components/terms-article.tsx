import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format';
import styles from './terms.module.css';

/** When the text below last changed in substance (noon in Oslo, so no time zone moves the day). */
const TERMS_CHANGED_AT = '2026-11-24T12:00:00+01:00';
const CONTACT_EMAIL = 'stotte@leadtorget.no';

/** The terms, section by section; the text lives in the locale files so nb and en stay side by side. */
export function TermsArticle() {
  const { t } = useTranslation('legal');
  // Sections and their paragraphs in the order of the locale file.
  const sections = Object.entries(t('terms.sections', { returnObjects: true }));
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
