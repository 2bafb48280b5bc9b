import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { notify } from '@/components/notification-store';
import { SkeletonText } from '@/components/skeleton';
import { Textarea } from '@/components/textarea';
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
import { StatusSelect } from '../components/status-select';

const MAX_NOTES = 10_000;

/**
 * /leads/lead/{leadId} (lead-info): details, notes, history, and for the owner organization the
 * listings of the lead with advertise / pause / resume / withdraw.
 */
export default function LeadInfoPage() {
  const { t } = useTranslation('leads');
  const { leadId = '' } = useParams();
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const lead = useQuery(leadQuery(leadId));
  const listings = useQuery(listingsQuery(leadId));
  const purchases = useQuery(purchasesQuery(leadId));
  const isOwner = lead.data?.organizationId === organizationId;
  const events = useQuery({ ...leadEventsQuery(leadId), enabled: isOwner });
  const canManage = isOwner && (membership?.role === 'owner' || membership?.role === 'admin');

  const back = <Link to={paths.leads}>{t('info.back')}</Link>;

  if (lead.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        {back}
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (lead.error) {
    return (
      <div className={styles.page}>
        {back}
        <h1>{t('info.notFound')}</h1>
        <p role="alert" className={styles.formError}>
          {errorMessage(lead.error)}
        </p>
      </div>
    );
  }

  const data = lead.data;
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
          <dd>{data.phone ? <a href={`tel:${data.phone.replace(/\s/g, '')}`}>{data.phone}</a> : notSet}</dd>
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
        {isOwner ? null : <p className={styles.muted}>{t('info.boughtNote')}</p>}
      </section>

      {isOwner ? <NotesForm key={`${data.id}-${data.updatedAt}`} lead={data} /> : null}

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

function NotesForm({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [tooLong, setTooLong] = useState(false);
  const save = useMutation({
    mutationFn: updateLeadNotes,
    onSuccess: async () => {
      notify({ message: t('info.notesSaved'), tone: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lead(lead.id) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.lists(lead.organizationId) }),
      ]);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (notes.length > MAX_NOTES) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    save.mutate({ leadId: lead.id, notes });
  }

  return (
    <form className={`${styles.section} ${styles.form}`} onSubmit={submit} noValidate>
      <Textarea
        label={<strong>{t('info.notes')}</strong>}
        name="notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={tooLong ? t('info.notesTooLong') : undefined}
      />
      {save.error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('info.notesSave')}
        </Button>
      </div>
    </form>
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
