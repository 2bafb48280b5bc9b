import { currentHostname } from '@/lib/host';
import { MarketplaceJoin } from '../components/marketplace-join';

/**
 * `/onboarding/registrer`: a signed-in user with an organization joins this host's marketplace, then
 * chooses a plan. A plan in the query never reaches this page: the guard takes it to the plans, which
 * join on the way (docs/auth-onboarding.md).
 */
export default function OnboardingMarketplaceRegisterPage() {
  return <MarketplaceJoin by={{ host: currentHostname() }} variant="signed-in" />;
}
