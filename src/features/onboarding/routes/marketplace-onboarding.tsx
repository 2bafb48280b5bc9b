import { useSearchParams } from 'react-router-dom';
import { currentHostname } from '@/lib/host';
import { paths } from '@/lib/paths';
import { peekReturnTo, saveReturnTo } from '@/lib/return-to';
import { MarketplaceJoin } from '../components/marketplace-join';
import { marketplaceIdOf } from '../utils/plan-choice';

/**
 * `/leads/marketplace/onboarding?from=dashboard&marketplace=<id>`: join a marketplace opened from the
 * dashboard, choose a plan, and go back to the marketplace page (the guard remembered it; when the
 * page was opened directly, the marketplace page is remembered here).
 */
export default function LeadsMarketplaceOnboardingPage() {
  const [search] = useSearchParams();
  const marketplaceId = search.get('marketplace');
  const rememberMarketplace = (id: string) => {
    if (marketplaceIdOf(peekReturnTo()) !== id) saveReturnTo(paths.leadsMarketplace(id));
  };
  return (
    <MarketplaceJoin
      key={marketplaceId ?? 'host'}
      by={marketplaceId ? { marketplaceId } : { host: currentHostname() }}
      variant="signed-in"
      beforePlans={marketplaceId ? rememberMarketplace : undefined}
    />
  );
}
