import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { formatLastDay, formatMoney, formatNumber } from '@/lib/format';
import { soldOfListing } from '@/lib/listings/sold';
import type { Listing } from '../api/get-lead-listings';
import { useSetListingStatus } from '../api/set-listing-status';
import { shownListingStatus } from '../utils/listing-status';

/** The lead's listings with pause / resume / withdraw for the owner organization's owners and admins. */
export function ListingsTable({
  leadId,
  listings,
  canManage,
}: {
  leadId: string;
  listings: readonly Listing[];
  canManage: boolean;
}) {
  const { t } = useTranslation('leads');
  const [now] = useState(() => Date.now());
  const shownStatus = (listing: Listing) => shownListingStatus(listing, now);
  const change = useSetListingStatus(leadId, {
    onChanged: ({ status }) => {
      const message = {
        active: t('info.resumed'),
        paused: t('info.paused'),
        withdrawn: t('info.withdrawn'),
      }[status];
      notify({ message, tone: 'success' });
    },
    onFailed: (error) => notify({ message: errorMessage(error), tone: 'error' }),
  });

  async function withdraw(listing: Listing) {
    const ok = await confirm({
      title: t('info.withdrawTitle'),
      description: t('info.withdrawDescription', { marketplace: listing.marketplaceName }),
      confirmLabel: t('info.withdraw'),
      tone: 'danger',
    });
    if (ok) change.mutate({ listingId: listing.id, status: 'withdrawn' });
  }

  const price = (listing: Listing) =>
    [
      listing.priceTickets > 0 ? t('info.priceTickets', { count: listing.priceTickets }) : null,
      listing.priceCredits > 0 ? t('info.priceCredits', { count: listing.priceCredits }) : null,
      listing.priceOre > 0 ? t('info.priceExVat', { price: formatMoney(listing.priceOre) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const columns: TableColumn<Listing>[] = [
    { key: 'marketplace', header: t('info.marketplace'), cell: (listing) => listing.marketplaceName },
    { key: 'title', header: t('info.title'), cell: (listing) => listing.title, card: 'title' },
    { key: 'price', header: t('info.price'), cell: price, card: 'meta' },
    {
      key: 'sold',
      header: t('info.sold'),
      align: 'end',
      cell: (listing) => {
        const { sold, max } = soldOfListing(listing);
        return t('info.soldOf', { count: sold, max: formatNumber(max) });
      },
    },
    {
      key: 'expires',
      header: t('info.expires'),
      cell: (listing) => t('info.expiresThrough', { date: formatLastDay(listing.expiresAt) }),
    },
    {
      key: 'status',
      header: t('info.listingStatus'),
      card: 'status',
      cell: (listing) => t(`info.listingStatuses.${shownStatus(listing)}`),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('info.actions'),
      card: 'action',
      cell: (listing) => {
        const status = shownStatus(listing);
        const busy = change.isPending && change.variables.listingId === listing.id;
        const label = `${listing.marketplaceName}: ${listing.title}`;
        return (
          <div className={layout.actions}>
            {status === 'active' ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`${t('info.pause')} – ${label}`}
                onClick={() => change.mutate({ listingId: listing.id, status: 'paused' })}
              >
                {t('info.pause')}
              </Button>
            ) : null}
            {status === 'paused' && listing.buyersCount < listing.maxBuyers ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`${t('info.resume')} – ${label}`}
                onClick={() => change.mutate({ listingId: listing.id, status: 'active' })}
              >
                {t('info.resume')}
              </Button>
            ) : null}
            {status === 'active' || status === 'paused' || status === 'expired' ? (
              listing.status === 'withdrawn' ? null : (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  aria-label={`${t('info.withdraw')} – ${label}`}
                  onClick={() => void withdraw(listing)}
                >
                  {t('info.withdraw')}
                </Button>
              )
            ) : null}
          </div>
        );
      },
    });
  }

  return (
    <Table
      caption={t('info.listingsCaption')}
      columns={columns}
      rows={listings}
      rowKey={(listing) => listing.id}
      empty={<p className={layout.muted}>{t('info.noListings')}</p>}
    />
  );
}
