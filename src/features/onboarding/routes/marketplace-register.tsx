import { currentHostname } from '@/lib/host';
import { MarketplaceJoin } from '../components/marketplace-join';

/**
 * `/onboarding/registrer`: a signed-in user with an organization joins this host's marketplace, then
 * chooses a plan. (A plan in the query never reaches this page: the guard's plan rule (docs/auth-onboarding.md) takes it to the plans,
 * which join on the way.)
 */
export default function OnboardingMarketplaceRegisterPage() {
  return <MarketplaceJoin by={{ host: currentHostname() }} variant="signed-in" />;
}
