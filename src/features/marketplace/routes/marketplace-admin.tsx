import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { marketplaceQueryOptions } from '../api/get-marketplace';
import { ownerOverviewQueryOptions } from '../api/get-owner-overview';
import { OwnerHosts } from '../components/owner-hosts';
import { OwnerListings } from '../components/owner-listings';
import { OwnerMembers } from '../components/owner-members';
import { OwnerSales } from '../components/owner-sales';

/** leads-marketplace-admin: the marketplace owner's view — members, listings, sales and hosts. */
export default function LeadsMarketplaceAdminPage() {
  const { t } = useTranslation('marketplace');
  const { leadsMarketplaceId = '' } = useParams();
  const userId = useSession()?.user.id ?? '';
  const marketplace = useQuery(marketplaceQueryOptions(leadsMarketplaceId));
  const isOwner = Boolean(userId) && marketplace.data?.owner_id === userId;
  const overview = useQuery({ ...ownerOverviewQueryOptions(leadsMarketplaceId), enabled: isOwner });

  if (marketplace.isPending) return <SkeletonText lines={4} />;
  if (marketplace.isError) {
    return <FormStatus error={marketplace.error} />;
  }
  if (!isOwner) {
    return (
      <div className={layout.page}>
        <h1>{t('admin.title')}</h1>
        <EmptyState icon={<ShieldAlert />} title={t('admin.refused')} description={t('admin.refusedHint')} />
      </div>
    );
  }

  return (
    <div className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{t('admin.heading', { name: marketplace.data?.name ?? '' })}</h1>
          <p className={layout.muted}>{t('admin.intro')}</p>
        </div>
        <Link to={paths.leadsMarketplace(leadsMarketplaceId)}>{t('admin.toMarketplace')}</Link>
      </header>
      {overview.isPending ? (
        <SkeletonText lines={6} />
      ) : overview.isError ? (
        <FormStatus error={overview.error} />
      ) : (
        <>
          <OwnerSales sales={overview.data.sales} />
          <OwnerListings listings={overview.data.listings} />
          <OwnerMembers marketplaceId={leadsMarketplaceId} />
          <OwnerHosts marketplaceId={leadsMarketplaceId} hosts={overview.data.hosts} />
        </>
      )}
    </div>
  );
}
