import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import styles from './layouts/layout.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.centered} aria-labelledby="not-found-title">
      <p className={styles.errorCode} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className={styles.primaryLink} to={paths.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
