import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '@/lib/format';
import type { MarketplaceListing } from '../types';
import styles from './marketplace.module.css';

/** A listing's category, area and age, as its card and its dialog show them; `children` adds facts. */
export function ListingFacts({
  listing,
  now,
  children,
}: {
  listing: MarketplaceListing;
  /** The moment the age counts from: the list keeps one for all its cards. */
  now?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation('marketplace');
  return (
    <dl className={styles.meta}>
      <div>
        <dt>{t('card.category')}</dt>
        <dd>{listing.category ?? t('card.none')}</dd>
      </div>
      <div>
        <dt>{t('card.area')}</dt>
        <dd>{listing.area ?? t('card.none')}</dd>
      </div>
      <div>
        <dt>{t('card.published')}</dt>
        <dd>
          <time dateTime={listing.created_at}>{formatRelative(listing.created_at, now)}</time>
        </dd>
      </div>
      {children}
    </dl>
  );
}
