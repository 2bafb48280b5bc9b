import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { PhoneLink } from '@/components/phone-link';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { leadQueryOptions } from '../api/get-lead';
import { leadEventsQueryOptions } from '../api/get-lead-events';
import { leadListingsQueryOptions } from '../api/get-lead-listings';
import { leadPurchasesQueryOptions } from '../api/get-lead-purchases';
import { AdvertiseSection } from '../components/advertise-section';
import { LeadHistory } from '../components/lead-history';
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
  const view = useQuery(leadQueryOptions(leadId, organizationId));
  const own = view.data?.kind === 'own' ? view.data.lead : undefined;
  // Listings, buyers and history are the seller's record: read only for the lead itself.
  const listings = useQuery({ ...leadListingsQueryOptions(leadId), enabled: own !== undefined });
  const purchases = useQuery({ ...leadPurchasesQueryOptions(leadId), enabled: own !== undefined });
  const isOwner = own?.organization_id === organizationId;
  const events = useQuery({ ...leadEventsQueryOptions(leadId), enabled: isOwner });
  const canManage = isOwner && (membership?.role === 'owner' || membership?.role === 'admin');

  const back = <Link to={paths.leads}>{t('info.back')}</Link>;

  if (view.isPending) {
    return (
      <div className={layout.page} aria-busy="true">
        {back}
        <SkeletonText lines={6} />
      </div>
    );
  }
  if (view.error) {
    return (
      <div className={layout.page}>
        {back}
        <h1>{t('info.notFound')}</h1>
        <FormStatus error={view.error} />
      </div>
    );
  }
  if (view.data.kind === 'bought') return <PurchasedLeadDetails purchase={view.data.purchase} back={back} />;

  const data = view.data.lead;
  const title = data.name ?? data.email ?? data.phone ?? t('list.unnamed');
  const notSet = t('info.notSet');
  const address = [data.postal_code, data.city].filter(Boolean).join(' ');
  const target = { leadId: data.id, organizationId: data.organization_id, purchaseId: null };

  return (
    <div className={layout.page}>
      {back}
      <h1>{title}</h1>

      <section className={`${layout.section} ${styles.section}`} aria-labelledby="lead-details">
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
          <dd>{formatDateTime(data.created_at)}</dd>
          <dt>{t('info.status')}</dt>
          <dd>
            {isOwner ? (
              <StatusSelect target={target} status={data.status} label={t('info.status')} />
            ) : (
              t(`status.${data.status}`, { defaultValue: data.status })
            )}
          </dd>
        </dl>
        {isOwner ? null : <p className={layout.muted}>{t('info.readOnlyNote')}</p>}
      </section>

      {isOwner ? (
        <NotesForm key={`${data.id}-${data.updated_at}`} notes={data.notes} target={target} />
      ) : null}

      <section className={`${layout.section} ${styles.section}`} aria-labelledby="lead-history">
        <h2 id="lead-history">{t('info.history')}</h2>
        <LeadHistory
          lead={data}
          listings={listings.data ?? []}
          purchases={purchases.data ?? []}
          changes={events.data ?? []}
        />
      </section>

      {isOwner ? (
        <section className={`${layout.section} ${styles.section}`} aria-labelledby="lead-listings">
          <h2 id="lead-listings">{t('info.listings')}</h2>
          <FormStatus error={listings.error} />
          <ListingsTable leadId={data.id} listings={listings.data ?? []} canManage={canManage} />
        </section>
      ) : null}

      {isOwner ? (
        <section className={`${layout.section} ${styles.section}`} aria-label={t('advertise.heading')}>
          <AdvertiseSection lead={data} canManage={canManage} organizationId={organizationId} />
        </section>
      ) : null}
    </div>
  );
}
