import { useTranslation } from 'react-i18next';
import { NewOrganizationForm } from '../components/new-organization-form';
import styles from '../components/onboarding.module.css';

/**
 * `/onboarding/organization/create`: the user's first organization (or another one). The guard sent
 * them here with the target saved; afterwards they go back to it.
 */
export default function OnboardingOrganizationCreatePage() {
  const { t } = useTranslation('onboarding');
  return (
    <div className={styles.page}>
      <h1>{t('organization.title')}</h1>
      <p>{t('organization.intro')}</p>
      <NewOrganizationForm />
    </div>
  );
}
