import { useTranslation } from 'react-i18next';
import styles from '@/components/page.module.css';
import { useSession } from '@/lib/session';
import { EmailSection } from '../components/email-section';
import { MfaSection } from '../components/mfa-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SignOutSection } from '../components/sign-out-section';

/** /profile (profile-settings): the signed-in user's own account. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation('account');
  const userId = useSession()?.user.id;
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1>{t('title')}</h1>
      <p className={styles.muted}>{t('intro')}</p>
      {userId ? (
        <>
          <ProfileSection userId={userId} />
          <EmailSection />
          <PasswordSection />
          <MfaSection userId={userId} />
        </>
      ) : null}
      <SignOutSection />
    </div>
  );
}
