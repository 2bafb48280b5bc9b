import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { leadSupplyQueryOptions } from '../api/get-lead-supply';
import { leadsConfigQueryOptions } from '../api/get-leads-config';
import { organizationMarketplacesQueryOptions } from '../api/get-organization-marketplaces';
import type { Lead } from '../types';
import { advertiseAllowance, NO_SUPPLY_LIMIT } from '../utils/supply';
import { AdvertiseForm } from './advertise-form';
import styles from './leads.module.css';

/**
 * The lead page's «Annonser» part for the owner organization: the form, or why the lead cannot be
 * advertised again. A sale promised its buyers a highest number of buyers; the page says what is left
 * of it before the seller tries (the database refuses a listing that would break it either way).
 */
export function AdvertiseSection({
  lead,
  canManage,
  organizationId,
}: {
  lead: Lead;
  canManage: boolean;
  organizationId: string;
}) {
  const { t } = useTranslation('leads');
  const supply = useQuery(leadSupplyQueryOptions(lead.id));
  const marketplaces = useQuery({
    ...organizationMarketplacesQueryOptions(organizationId),
    enabled: canManage,
  });
  const config = useQuery({ ...leadsConfigQueryOptions(organizationId), enabled: canManage });

  if (supply.isPending) return <SkeletonText lines={4} />;
  // Should the figures not load, the form stays: the database still refuses what breaks a promise.
  const allowance = advertiseAllowance(supply.data ?? NO_SUPPLY_LIMIT);

  if (allowance.kind === 'sold-exclusively' || allowance.kind === 'exhausted') {
    return (
      <>
        <h2>{t('advertise.heading')}</h2>
        <p className={styles.notice}>
          {allowance.kind === 'sold-exclusively'
            ? t('advertise.soldExclusively')
            : t('advertise.exhausted', { count: allowance.sold })}
        </p>
      </>
    );
  }

  const remainingNote =
    allowance.kind === 'shared' ? (
      <p className={styles.notice}>
        {t('advertise.remaining', {
          sold: allowance.sold,
          promised: allowance.promised,
          count: allowance.remaining,
        })}
      </p>
    ) : null;

  if (!canManage) {
    return (
      <>
        {remainingNote}
        <p className={layout.muted}>{t('advertise.onlyAdmins')}</p>
      </>
    );
  }
  if (marketplaces.isPending || config.isPending) return <SkeletonText lines={4} />;
  if ((marketplaces.data ?? []).length === 0) {
    return <p className={layout.muted}>{t('advertise.noMarketplaces')}</p>;
  }
  return (
    <AdvertiseForm
      lead={lead}
      marketplaces={marketplaces.data ?? []}
      config={config.data}
      maxBuyersLimit={allowance.kind === 'shared' ? allowance.remaining : undefined}
      intro={remainingNote}
    />
  );
}
