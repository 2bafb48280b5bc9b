import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { currentHostname } from '@/lib/host';
import { marketplaceIntroQueryOptions } from '../api/get-marketplace-intro';
import { MarketplaceJoin } from '../components/marketplace-join';
import { preselect, preselectionFromQuery } from '../utils/plan-choice';

/**
 * `/bli-partner` (no layout, visitors too): this host's marketplace, what membership gives, and
 * «Bli med». A plan in the query (`?plan=tickets&tickets=10`) starts chosen and travels along.
 */
export default function OnboardingMarketplaceJoinPage() {
  const [search] = useSearchParams();
  const host = currentHostname();
  const intro = useQuery(marketplaceIntroQueryOptions({ host }));
  const { choice } = preselect(preselectionFromQuery(search), intro.data?.packs ?? []);
  // Keyed so the choice is read once the packs are known.
  return (
    <MarketplaceJoin
      key={intro.data ? 'ready' : 'loading'}
      by={{ host }}
      variant="public"
      initialChoice={choice}
    />
  );
}
