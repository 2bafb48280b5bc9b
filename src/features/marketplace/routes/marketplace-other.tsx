import { useParams } from 'react-router-dom';
import { MarketplaceScreen } from '../components/marketplace-screen';

/**
 * leads-marketplace-other: another marketplace the organization belongs to; `?lead=…&ad=…` opens
 * that listing at once (deep links from the notification e-mails).
 */
export default function LeadsMarketplaceOtherPage() {
  const { leadsMarketplaceId = '' } = useParams();
  return <MarketplaceScreen key={leadsMarketplaceId} marketplaceId={leadsMarketplaceId} />;
}
