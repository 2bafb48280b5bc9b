import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatNumber } from '@/lib/format';
import { areasQueryOptions } from '@/lib/listings/api/get-areas';
import { categoriesQueryOptions } from '@/lib/listings/api/get-categories';
import { balanceQueryOptions } from '@/lib/organization-payments/api/get-balance';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { boughtLeadsQueryOptions } from '../api/get-bought-leads';
import { marketplaceListingQueryOptions, marketplaceListingsQueryOptions } from '../api/get-listings';
import { marketplaceQueryOptions } from '../api/get-marketplace';
import { planQueryOptions } from '../api/get-plan';
import { PAGE_SIZE } from '../constants';
import type { ListingFilters, MarketplaceListing } from '../types';
import { creditsText, paysWith, priceText } from '../utils/price';
import { listingSold } from '../utils/sold';
import { ListingDialog, type ListingState } from './listing-dialog';
import { ListingFacts } from './listing-facts';
import styles from './marketplace.module.css';

function filtersOf(params: URLSearchParams): ListingFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    category: params.get('category') ?? '',
    area: params.get('area') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/**
 * The page's listings with those bought here that have left it (sold out) put back in their place in
 * the newest-first order.
 */
function withKept(fetched: MarketplaceListing[], kept: MarketplaceListing[]): MarketplaceListing[] {
  const result = [...fetched];
  for (const listing of kept) {
    if (result.some((item) => item.id === listing.id)) continue;
    const older = result.findIndex(
      (item) =>
        item.created_at < listing.created_at ||
        (item.created_at === listing.created_at && item.id < listing.id),
    );
    result.splice(older < 0 ? result.length : older, 0, listing);
  }
  return result;
}

/** A marketplace's listings for the current organization (leads-marketplace, leads-marketplace-other). */
export function MarketplaceScreen({ marketplaceId }: { marketplaceId: string }) {
  const { t } = useTranslation('marketplace');
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const userId = useSession()?.user.id ?? '';
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const enabled = organizationId !== '';

  const marketplace = useQuery(marketplaceQueryOptions(marketplaceId));
  // The previous page stays on screen while the next loads (no jump, the pager keeps its place).
  const listings = useQuery({
    ...marketplaceListingsQueryOptions(marketplaceId, filters),
    placeholderData: keepPreviousData,
  });
  // The filters offer the whole lists (the same choices the advertise form had), not only what is
  // listed now, so they stay put while listings come and go.
  const categories = useQuery(categoriesQueryOptions(marketplaceId));
  const areas = useQuery(areasQueryOptions());
  const plan = useQuery({ ...planQueryOptions(organizationId, marketplaceId), enabled });
  const balance = useQuery({ ...balanceQueryOptions(organizationId), enabled });
  const bought = useQuery({ ...boughtLeadsQueryOptions(organizationId, marketplaceId), enabled });

  // Deep links from e-mails: ?lead=…&ad=… open that listing at once.
  const deepAd = params.get('ad');
  const deepLead = params.get('lead');
  const deepLinked = useQuery({
    ...marketplaceListingQueryOptions(marketplaceId, deepAd ?? ''),
    enabled: Boolean(deepAd),
  });
  const deepListing =
    deepLinked.data && (!deepLead || deepLinked.data.lead_id === deepLead) ? deepLinked.data : null;
  const deepGone = Boolean(deepAd) && deepLinked.isSuccess && !deepListing;
  const [selected, setSelected] = useState<MarketplaceListing | null>(null);
  const shown = selected ?? deepListing;
  // Listings bought here stay on the page where they were (with «Kjøpt»), though a sold-out one leaves
  // the marketplace's list: the buyer sees what was bought, and focus returns to its card.
  const pageKey = `${filters.category}|${filters.area}|${filters.page}`;
  const [kept, setKept] = useState<{ pageKey: string; listings: MarketplaceListing[] }>({
    pageKey,
    listings: [],
  });
  const keptHere = kept.pageKey === pageKey ? kept.listings : [];
  const keep = (listing: MarketplaceListing) =>
    setKept({ pageKey, listings: [...keptHere.filter((item) => item.id !== listing.id), listing] });
  const onPage = listings.data ? withKept(listings.data.listings, keptHere) : [];

  const planValue = plan.data ?? null;
  const [now] = useState(() => Date.now());

  const stateOf = (listing: MarketplaceListing): ListingState => {
    if (listing.organization_id === organizationId) return 'own';
    if (bought.data?.has(listing.lead_id)) return 'bought';
    if (
      listing.status !== 'active' ||
      Date.parse(listing.expires_at) <= now ||
      listing.buyers_count >= listing.max_buyers
    ) {
      return 'closed';
    }
    return 'buyable';
  };

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };

  const close = () => {
    setSelected(null);
    if (deepAd || deepLead) update({ ad: null, lead: null });
  };

  const pages = Math.max(1, Math.ceil((listings.data?.count ?? 0) / PAGE_SIZE));
  const title = marketplace.data?.name ?? t('title');
  const isOwner = Boolean(userId) && marketplace.data?.owner_id === userId;

  return (
    <div className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{title}</h1>
          <p className={layout.muted}>{t('intro')}</p>
        </div>
        <div className={layout.actions}>
          {balance.data ? (
            <p className={styles.balance} aria-label={t('balance.label')}>
              <span>
                {paysWith(planValue) === 'card'
                  ? t('balance.card')
                  : t('balance.tickets', {
                      count: balance.data.tickets,
                      value: formatNumber(balance.data.tickets),
                    })}
              </span>
              {balance.data.credits > 0 ? <span>{creditsText(t, balance.data.credits)}</span> : null}
            </p>
          ) : null}
          {isOwner ? <Link to={paths.leadsMarketplaceAdmin(marketplaceId)}>{t('ownerLink')}</Link> : null}
        </div>
      </header>

      {deepGone ? (
        <p role="alert" className={styles.notice}>
          {t('deepLinkGone')}
        </p>
      ) : null}
      {deepLinked.isError ? <FormStatus error={deepLinked.error} /> : null}

      <div role="search" className={styles.filters} aria-label={t('filters.label')}>
        <NativeSelect
          label={t('filters.category')}
          value={filters.category}
          onChange={(event) => update({ category: event.target.value, page: null })}
          options={[
            { value: '', label: t('filters.all') },
            ...(categories.data ?? []).map((value) => ({ value, label: value })),
          ]}
        />
        <NativeSelect
          label={t('filters.area')}
          value={filters.area}
          onChange={(event) => update({ area: event.target.value, page: null })}
          options={[
            { value: '', label: t('filters.all') },
            ...(areas.data ?? []).map((value) => ({ value, label: value })),
          ]}
        />
      </div>

      {listings.isPending ? (
        <SkeletonText lines={4} />
      ) : listings.isError ? (
        <FormStatus error={listings.error} />
      ) : onPage.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title={t('empty.title')}
          description={filters.category || filters.area ? t('empty.filtered') : t('empty.description')}
        />
      ) : (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {onPage.map((listing) => {
            const state = stateOf(listing);
            return (
              <li key={listing.id} className={styles.card}>
                <h2>{listing.title}</h2>
                {state === 'own' ? <Badge className={styles.badge}>{t('card.own')}</Badge> : null}
                {state === 'bought' ? (
                  <Badge tone="success" icon={<Check />} className={styles.badge}>
                    {t('card.bought')}
                  </Badge>
                ) : null}
                {listing.description ? <p className={layout.muted}>{listing.description}</p> : null}
                <ListingFacts listing={listing} now={now} />
                <p className={styles.price}>{priceText(t, listing, planValue)}</p>
                <p className={layout.muted}>{t('card.sold', listingSold(listing))}</p>
                <div className={layout.actions}>
                  {state === 'bought' ? (
                    <Link to={paths.lead(listing.lead_id)}>{t('card.openLead')}</Link>
                  ) : null}
                  <Button
                    variant={state === 'buyable' ? 'primary' : 'secondary'}
                    size="sm"
                    aria-label={t(state === 'buyable' ? 'card.buyLabel' : 'card.viewLabel', {
                      title: listing.title,
                    })}
                    onClick={() => setSelected(listing)}
                  >
                    {state === 'buyable' ? t('card.buy') : t('card.view')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 ? (
        <nav className={styles.pagination} aria-label={t('pagination.label')}>
          <Button
            variant="secondary"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => update({ page: String(filters.page - 1) })}
          >
            {t('pagination.previous')}
          </Button>
          <span>{t('pagination.page', { page: filters.page, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={filters.page >= pages}
            onClick={() => update({ page: String(filters.page + 1) })}
          >
            {t('pagination.next')}
          </Button>
        </nav>
      ) : null}

      {shown && organizationId ? (
        <ListingDialog
          key={shown.id}
          listing={shown}
          state={stateOf(shown)}
          plan={planValue}
          balance={balance.data}
          organizationId={organizationId}
          onBought={keep}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
