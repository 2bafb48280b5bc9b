import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatDate, formatLastDay } from '@/lib/format';
import type { OwnerListing } from '../api/get-owner-overview';
import { OWNER_LISTINGS_LIMIT } from '../constants';
import { listingSold } from '../utils/sold';

/** The marketplace's newest listings, with an expired one shown as expired. */
export function OwnerListings({ listings }: { listings: OwnerListing[] }) {
  const { t } = useTranslation('marketplace');
  const [now] = useState(() => Date.now());
  const statusOf = (listing: OwnerListing) =>
    listing.status === 'active' && Date.parse(listing.expires_at) <= now ? 'expired' : listing.status;
  const columns: TableColumn<OwnerListing>[] = [
    { key: 'title', header: t('admin.listings.title'), cell: (row) => row.title, card: 'title' },
    {
      key: 'status',
      header: t('admin.listings.status'),
      card: 'status',
      cell: (row) => t(`admin.status.${statusOf(row)}`, { defaultValue: row.status }),
    },
    {
      key: 'sold',
      header: t('admin.listings.sold'),
      cell: (row) => t('card.sold', listingSold(row)),
    },
    {
      key: 'created',
      header: t('admin.listings.created'),
      cell: (row) => formatDate(row.created_at),
    },
    {
      key: 'expires',
      header: t('admin.listings.expires'),
      cell: (row) => t('admin.listings.expiresThrough', { date: formatLastDay(row.expires_at) }),
    },
  ];
  return (
    <section className={layout.section}>
      <h2>{t('admin.listings.heading')}</h2>
      {listings.length >= OWNER_LISTINGS_LIMIT ? (
        <p className={layout.muted}>{t('admin.listings.limited', { count: OWNER_LISTINGS_LIMIT })}</p>
      ) : null}
      <Table
        caption={t('admin.listings.heading')}
        hideCaption
        columns={columns}
        rows={listings}
        rowKey={(row) => row.id}
        empty={t('admin.listings.empty')}
      />
    </section>
  );
}
