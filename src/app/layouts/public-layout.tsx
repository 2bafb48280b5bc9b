import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { AssistantButton } from '@/features/assistant/components/assistant-button';
import { paths } from '@/lib/paths';
import styles from './layout.module.css';

/** Sign-in, onboarding and public pages: the brand and help, no dashboard navigation. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <Link className={styles.brand} to={paths.home}>
          <Logo />
        </Link>
        <AssistantButton />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
