import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { hostMarketplaceQueryOptions } from '@/lib/account/api/get-host-marketplace';
import { currentHostname } from '@/lib/host';
import { MarketplaceScreen } from '../components/marketplace-screen';

/** leads-marketplace: the marketplace of this host (`/`, or `/marketplace/own` on the competition host). */
export default function LeadsMarketplacePage() {
  const { t } = useTranslation('marketplace');
  const host = useQuery(hostMarketplaceQueryOptions(currentHostname()));
  if (host.isPending) return <SkeletonText lines={4} />;
  if (host.isError) return <FormStatus error={host.error} />;
  if (!host.data) {
    return (
      <div>
        <h1>{t('title')}</h1>
        <EmptyState icon={<Store />} title={t('noHostMarketplace')} />
      </div>
    );
  }
  return <MarketplaceScreen marketplaceId={host.data} />;
}
