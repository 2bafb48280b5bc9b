import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import { Skeleton } from '@/components/skeleton';
import { formatMoney } from '@/lib/format';
import { listingTeasersQueryOptions, type ListingTeaser } from '../api/get-listing-teasers';
import type { MarketplacePlanRow } from '../api/get-plan-choices';
import styles from './setup.module.css';

/**
 * No silent paywall: when the organization's plan on a marketplace cannot buy a lead yet (the guard
 * sent the user here from the marketplace), say why, what happens next, and show what is for sale.
 */
export function PaymentNeeded({
  organizationName,
  marketplace,
  returnsToMarketplace,
}: {
  organizationName: string;
  marketplace: MarketplacePlanRow;
  /** A saved return target (the marketplace) is where saving the card leads. */
  returnsToMarketplace: boolean;
}) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const why =
    marketplace.plan === 'tickets'
      ? t('setup.needed.whyTickets', { organization: organizationName, marketplace: marketplace.name })
      : t('setup.needed.whyOnDemand', { organization: organizationName, marketplace: marketplace.name });
  return (
    <section className={styles.needed} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('setup.needed.heading')}</h2>
      <p>{why}</p>
      <p>
        {t('setup.needed.next')} {returnsToMarketplace ? t('setup.needed.back') : t('setup.needed.then')}
      </p>
      <ListingTeasers marketplaceId={marketplace.marketplaceId} marketplaceName={marketplace.name} />
    </section>
  );
}

/** The newest open listings of a marketplace, teaser facts only (marketplace_listing_teasers). */
function ListingTeasers({
  marketplaceId,
  marketplaceName,
}: {
  marketplaceId: string;
  marketplaceName: string;
}) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const teasers = useQuery(listingTeasersQueryOptions(marketplaceId));
  return (
    <section className={styles.teasers} aria-labelledby={headingId} aria-busy={teasers.isPending}>
      <h3 id={headingId}>{t('setup.teasers.heading', { marketplace: marketplaceName })}</h3>
      {teasers.isPending ? (
        <Skeleton height="6rem" />
      ) : teasers.isError ? (
        <FormStatus error={teasers.error} />
      ) : teasers.data.openCount === 0 ? (
        <p>{t('setup.teasers.none')}</p>
      ) : (
        <>
          <p>{t('setup.teasers.count', { count: teasers.data.openCount })}</p>
          <ul className={styles.teaserList}>
            {teasers.data.listings.map((listing) => (
              <TeaserItem key={listing.id} listing={listing} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TeaserItem({ listing }: { listing: ListingTeaser }) {
  const { t } = useTranslation('payments');
  const where = [listing.category, listing.area].filter(Boolean).join(' · ');
  return (
    <li className={styles.teaser}>
      <p className={styles.teaserTitle}>{listing.title}</p>
      {where ? <p className={styles.muted}>{where}</p> : null}
      <p className={styles.muted}>
        {t('setup.teasers.price', { price: formatMoney(listing.priceOre) })} ·{' '}
        {listing.maxBuyers === 1
          ? t('setup.teasers.exclusive')
          : t('setup.teasers.buyers', { count: listing.buyersCount, max: listing.maxBuyers })}
      </p>
    </li>
  );
}
