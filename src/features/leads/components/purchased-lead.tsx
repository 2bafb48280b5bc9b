import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { PhoneLink } from '@/components/phone-link';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDate, formatDateTime, formatLongDate, formatMoney } from '@/lib/format';
import type { PurchasedLead } from '../api/get-purchased-lead';
import styles from './leads.module.css';
import { NotesForm } from './notes-form';
import { StatusSelect } from './status-select';

/** What the organization paid, in the currency it paid with. */
function usePaid(purchase: PurchasedLead): string {
  const { t } = useTranslation('leads');
  if (purchase.paidWith === 'tickets' && purchase.priceTickets > 0)
    return t('info.priceTickets', { count: purchase.priceTickets });
  if (purchase.paidWith === 'credits' && purchase.priceCredits > 0)
    return t('info.priceCredits', { count: purchase.priceCredits });
  // The purchase keeps the listing's price eks. mva; the card's total incl. mva is on the receipt.
  if (purchase.paidWith === 'card' && purchase.amountOre > 0)
    return t('info.priceExVat', { price: formatMoney(purchase.amountOre) });
  return t('purchased.free');
}

/**
 * The lead page of a bought lead: what the purchase contains — the contact details, the teaser it was
 * bought through, what was paid and when — and the buying organization's own status and notes. The
 * seller's notes, status, history and consent are not the buyer's; the database does not give them
 * (purchased_leads), and this page has nothing to show them with.
 */
export function PurchasedLeadDetails({ purchase, back }: { purchase: PurchasedLead; back: ReactNode }) {
  const { t } = useTranslation('leads');
  const membership = useCurrentOrganization();
  const paid = usePaid(purchase);
  const target = {
    leadId: purchase.id,
    organizationId: purchase.organizationId,
    purchaseId: purchase.purchaseId,
  };
  const notSet = t('info.notSet');
  const title = purchase.name ?? purchase.email ?? purchase.phone ?? t('list.unnamed');
  const address = [purchase.postalCode, purchase.city].filter(Boolean).join(' ');

  return (
    <div className={layout.page}>
      {back}
      <h1>{title}</h1>
      <p className={layout.muted}>
        {t('purchased.summary', {
          date: formatDate(purchase.boughtAt),
          marketplace: purchase.marketplaceName,
          paid,
        })}
      </p>
      {purchase.erasureRequestedAt ? (
        <section className={styles.erasure} aria-labelledby="purchase-erasure">
          <h2 id="purchase-erasure">{t('purchased.erasureHeading')}</h2>
          <p>{t('purchased.erasureRequested', { date: formatLongDate(purchase.erasureRequestedAt) })}</p>
          <p>{t('purchased.erasureDuty')}</p>
        </section>
      ) : null}

      <section className={`${layout.section} ${styles.section}`} aria-labelledby="purchase-contact">
        <h2 id="purchase-contact">{t('purchased.contact')}</h2>
        <dl className={styles.details}>
          <dt>{t('info.email')}</dt>
          <dd>{purchase.email ? <a href={`mailto:${purchase.email}`}>{purchase.email}</a> : notSet}</dd>
          <dt>{t('info.phone')}</dt>
          <dd>{purchase.phone ? <PhoneLink phone={purchase.phone} /> : notSet}</dd>
          <dt>{t('info.company')}</dt>
          <dd>{purchase.company ?? notSet}</dd>
          <dt>{t('info.address')}</dt>
          <dd>{address || notSet}</dd>
        </dl>
      </section>

      <section className={`${layout.section} ${styles.section}`} aria-labelledby="purchase-listing">
        <h2 id="purchase-listing">{t('purchased.listing')}</h2>
        <dl className={styles.details}>
          <dt>{t('purchased.title')}</dt>
          <dd>{purchase.title}</dd>
          <dt>{t('purchased.description')}</dt>
          <dd>{purchase.description ?? notSet}</dd>
          <dt>{t('info.category')}</dt>
          <dd>{purchase.category ?? notSet}</dd>
          <dt>{t('info.area')}</dt>
          <dd>{purchase.area ?? notSet}</dd>
          <dt>{t('purchased.paid')}</dt>
          <dd>{paid}</dd>
          <dt>{t('purchased.boughtAt')}</dt>
          <dd>
            <time dateTime={purchase.boughtAt}>{formatDateTime(purchase.boughtAt)}</time>
          </dd>
        </dl>
      </section>

      <section className={`${layout.section} ${styles.section}`} aria-labelledby="purchase-follow-up">
        <h2 id="purchase-follow-up">{t('purchased.followUp')}</h2>
        <p className={layout.muted}>
          {t('purchased.followUpNote', { organization: membership?.name ?? '' })}
        </p>
        <dl className={styles.details}>
          <dt>{t('info.status')}</dt>
          <dd>
            <StatusSelect target={target} status={purchase.status} label={t('info.status')} />
          </dd>
        </dl>
        <NotesForm
          key={`${purchase.purchaseId}-${purchase.notes ?? ''}`}
          notes={purchase.notes}
          target={target}
        />
      </section>
    </div>
  );
}
