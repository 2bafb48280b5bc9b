import { useTranslation } from 'react-i18next';
import { UnderConstruction } from '@/components/under-construction';

// Placeholder until this area's issue lands; the route, its name and its guards are real.
export default function OnboardingMarketplaceRegisterPage() {
  const { t } = useTranslation();
  return <UnderConstruction title={t('areas.onboarding')} />;
}
