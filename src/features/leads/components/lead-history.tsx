import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { HistoryEntry } from '../api/get-lead-events';
import type { Listing } from '../api/get-lead-listings';
import type { Purchase } from '../api/get-lead-purchases';
import type { Lead } from '../types';
import styles from './leads.module.css';

type HistoryEvent = { key: string; at: string; text: string };

/** The lead's story, newest first: creation, listings, purchases (from their rows) and the recorded status and note changes. */
export function LeadHistory({
  lead,
  listings,
  purchases,
  changes,
}: {
  lead: Lead;
  listings: readonly Listing[];
  purchases: readonly Purchase[];
  changes: readonly HistoryEntry[];
}) {
  const { t } = useTranslation('leads');
  const events: HistoryEvent[] = [
    {
      key: 'created',
      at: lead.created_at,
      text:
        lead.source === 'import'
          ? t('info.historyImported')
          : t('info.historyCreated', { source: t(`source.${lead.source}`, { defaultValue: lead.source }) }),
    },
    ...listings.map((listing) => ({
      key: `listing-${listing.id}`,
      at: listing.createdAt,
      text: t('info.historyAdvertised', { marketplace: listing.marketplaceName }),
    })),
    ...purchases.map((purchase) => ({
      key: `purchase-${purchase.id}`,
      at: purchase.createdAt,
      text: t('info.historyBought', { paidWith: t(`info.paidWith.${purchase.paidWith}`) }),
    })),
  ];
  const statusLabel = (status: string | null) =>
    status ? t(`status.${status}`, { defaultValue: status }) : '';
  for (const entry of changes) {
    events.push({
      key: `event-${entry.id}`,
      at: entry.createdAt,
      text:
        entry.kind === 'status_changed'
          ? t('info.historyStatusChanged', {
              from: statusLabel(entry.fromStatus),
              to: statusLabel(entry.toStatus),
            })
          : t('info.historyNote'),
    });
  }
  events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <ol className={styles.history}>
      {events.map((event) => (
        <li key={event.key}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>: {event.text}
        </li>
      ))}
    </ol>
  );
}
