import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PhoneLink } from '@/components/phone-link';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/current-organization';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  leadEventsQuery,
  leadKeys,
  leadQuery,
  listingsQuery,
  purchasesQuery,
  updateLeadNotes,
  type HistoryEntry,
  type Lead,
  type Listing,
  type Purchase,
} from '../api';
import { AdvertiseSection } from '../components/advertise-section';
import styles from '../components/leads.module.css';
import { ListingsTable } from '../components/listings-table';
import { NotesForm } from '../components/notes-form';
import { PurchasedLeadDetails } from '../components/purchased-lead';
import { StatusSelect } from '../components/status-select';

/**
 * /leads/lead/{leadId} (lead-info): details, notes, history, and for the owner organization the
 * listings of the lead with advertise / pause / resume / withdraw. A buyer sees what it bought
 * (PurchasedLeadDetails), never the seller's record.
 */
export default function LeadInfoPage() {
  const { t } = useTranslation('leads');
  const { leadId = '' } = useParams();
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const view = useQuery(leadQuery(leadId, organizationId));
  const own = view.data?.kind === 'own' ? view.data.lead : undefined;
  // Listings, buyers and history are the seller's record: read only for the lead itself.
  const listings = useQuery({ ...listingsQuery(leadId), enabled: own !== undefined });
  const purchases = useQuery({ ...purchasesQuery(leadId), enabled: own !== undefined });
  const isOwner = own?.organizationId === organizationId;
  const events = useQuery({ ...leadEventsQuery(leadId), enabled: isOwner });
  const canManage = isOwner && (membership?.role === 'owner' || membership?.role === 'admin');

  const back = <Link to={paths.leads}>{t('info.back')}</Link>;

  if (view.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        {back}
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (view.error) {
    return (
      <div className={styles.page}>
        {back}
        <h1>{t('info.notFound')}</h1>
        <p role="alert" className={styles.formError}>
          {errorMessage(view.error)}
        </p>
      </div>
    );
  }
  if (view.data.kind === 'bought') return <PurchasedLeadDetails purchase={view.data.purchase} back={back} />;

  const data = view.data.lead;
  const title = data.name ?? data.email ?? data.phone ?? t('list.unnamed');
  const notSet = t('info.notSet');
  const address = [data.postalCode, data.city].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      {back}
      <h1>{title}</h1>

      <section className={styles.section} aria-labelledby="lead-details">
        <h2 id="lead-details">{t('info.details')}</h2>
        <dl className={styles.details}>
          <dt>{t('info.email')}</dt>
          <dd>{data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : notSet}</dd>
          <dt>{t('info.phone')}</dt>
          <dd>{data.phone ? <PhoneLink phone={data.phone} /> : notSet}</dd>
          <dt>{t('info.company')}</dt>
          <dd>{data.company ?? notSet}</dd>
          <dt>{t('info.address')}</dt>
          <dd>{address || notSet}</dd>
          <dt>{t('info.category')}</dt>
          <dd>{data.category ?? notSet}</dd>
          <dt>{t('info.area')}</dt>
          <dd>{data.area ?? notSet}</dd>
          <dt>{t('info.source')}</dt>
          <dd>{t(`source.${data.source}`, { defaultValue: data.source })}</dd>
          <dt>{t('info.consent')}</dt>
          <dd>{data.consent ? t('info.yes') : t('info.no')}</dd>
          <dt>{t('info.created')}</dt>
          <dd>{formatDateTime(data.createdAt)}</dd>
          <dt>{t('info.status')}</dt>
          <dd>
            {isOwner ? (
              <StatusSelect lead={data} label={t('info.status')} />
            ) : (
              t(`status.${data.status}`, { defaultValue: data.status })
            )}
          </dd>
        </dl>
        {isOwner ? null : <p className={styles.muted}>{t('info.readOnlyNote')}</p>}
      </section>

      {isOwner ? <OwnNotesForm key={`${data.id}-${data.updatedAt}`} lead={data} /> : null}

      <section className={styles.section} aria-labelledby="lead-history">
        <h2 id="lead-history">{t('info.history')}</h2>
        <History
          lead={data}
          listings={listings.data ?? []}
          purchases={purchases.data ?? []}
          changes={events.data ?? []}
        />
      </section>

      {isOwner ? (
        <section className={styles.section} aria-labelledby="lead-listings">
          <h2 id="lead-listings">{t('info.listings')}</h2>
          {listings.error ? (
            <p role="alert" className={styles.formError}>
              {errorMessage(listings.error)}
            </p>
          ) : null}
          <ListingsTable leadId={data.id} listings={listings.data ?? []} canManage={canManage} />
        </section>
      ) : null}

      {isOwner ? (
        <section className={styles.section} aria-label={t('advertise.heading')}>
          <AdvertiseSection lead={data} canManage={canManage} organizationId={organizationId} />
        </section>
      ) : null}
    </div>
  );
}

function OwnNotesForm({ lead }: { lead: Lead }) {
  const queryClient = useQueryClient();
  return (
    <NotesForm
      notes={lead.notes}
      save={(notes) => updateLeadNotes({ leadId: lead.id, notes })}
      onSaved={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: leadKeys.lead(lead.id) }),
          queryClient.invalidateQueries({ queryKey: leadKeys.lists(lead.organizationId) }),
        ])
      }
    />
  );
}

type HistoryEvent = { key: string; at: string; text: string };

/** The lead's story, newest first: creation, listings, purchases (from their rows) and the recorded status and note changes. */
function History({
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
      at: lead.createdAt,
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
