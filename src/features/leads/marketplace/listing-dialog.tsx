import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { confirm } from '@/components/dialog-store';
import type { MarketplacePlan } from '@/lib/database.types';
import { errorMessage } from '@/lib/error-message';
import { formatRelative, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { leadKeys } from '../api';
import {
  BuyLeadError,
  balanceKey,
  buyLeadConfirmed,
  listingSold,
  type Balance,
  type BuyResult,
  type MarketplaceListing,
} from './api';
import styles from './marketplace.module.css';
import { creditsText, paysWith, priceText } from './price';

export type ListingState = 'own' | 'bought' | 'buyable' | 'closed';

/** A listing's teaser, its price and «Kjøp»; after a purchase the contact details at once. */
export function ListingDialog({
  listing,
  state,
  plan,
  balance,
  organizationId,
  onClose,
}: {
  listing: MarketplaceListing;
  state: ListingState;
  plan: MarketplacePlan | null;
  balance: Balance | undefined;
  organizationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const [result, setResult] = useState<BuyResult | null>(null);
  const price = priceText(t, listing, plan);
  const canPayWithCredits = listing.price_credits > 0 && (balance?.credits ?? 0) > 0;

  const buy = useMutation({
    mutationFn: buyLeadConfirmed,
    onSuccess: async (bought) => {
      setResult(bought);
      // The lead list and this marketplace's listings start with ['leads']; the balance is shared.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceKey(organizationId) }),
      ]);
    },
  });

  async function startPurchase(payment?: 'credits') {
    const shownPrice = payment === 'credits' ? creditsText(t, listing.price_credits) : price;
    const confirmed = await confirm({
      title: t('marketplace.confirm.title'),
      description: t(
        paysWith(plan) === 'card' && !payment
          ? 'marketplace.confirm.descriptionCard'
          : 'marketplace.confirm.description',
        { price: shownPrice, title: listing.title },
      ),
      confirmLabel: t('marketplace.confirm.buy', { price: shownPrice }),
      cancelLabel: t('marketplace.confirm.cancel'),
    });
    if (!confirmed) return;
    buy.mutate({
      leadId: listing.lead_id,
      advertisedLeadId: listing.id,
      organizationId,
      ...(payment ? { payment } : {}),
    });
  }

  const { sold, max } = listingSold(listing, result ? result.purchase.buyersCount : listing.buyers_count);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={listing.title}
      description={t('marketplace.dialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('marketplace.dialog.close')}
          </Button>
          {state === 'buyable' && !result ? (
            <>
              {canPayWithCredits ? (
                <Button
                  variant="secondary"
                  loading={buy.isPending}
                  onClick={() => void startPurchase('credits')}
                >
                  {t('marketplace.dialog.buyCredits', { price: creditsText(t, listing.price_credits) })}
                </Button>
              ) : null}
              <Button loading={buy.isPending} onClick={() => void startPurchase()}>
                {t('marketplace.dialog.buy', { price })}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <div className={styles.dialogBody}>
        {listing.description ? <p>{listing.description}</p> : null}
        <dl className={styles.meta}>
          <div>
            <dt>{t('marketplace.card.category')}</dt>
            <dd>{listing.category ?? t('marketplace.card.none')}</dd>
          </div>
          <div>
            <dt>{t('marketplace.card.area')}</dt>
            <dd>{listing.area ?? t('marketplace.card.none')}</dd>
          </div>
          <div>
            <dt>{t('marketplace.card.published')}</dt>
            <dd>{formatRelative(listing.created_at)}</dd>
          </div>
        </dl>
        <p className={styles.price}>{price}</p>
        <p className={styles.muted}>{t('marketplace.card.sold', { sold, max })}</p>
        {state === 'own' ? <p className={styles.notice}>{t('marketplace.dialog.own')}</p> : null}
        {state === 'closed' ? <p className={styles.notice}>{t('marketplace.dialog.closed')}</p> : null}
        {state === 'bought' && !result ? (
          <p className={styles.notice}>
            {t('marketplace.dialog.bought')}{' '}
            <Link to={paths.lead(listing.lead_id)}>{t('marketplace.dialog.openLead')}</Link>
          </p>
        ) : null}
        {buy.isError ? <BuyError error={buy.error} /> : null}
        {result ? <Contact result={result} /> : null}
      </div>
    </Dialog>
  );
}

function BuyError({ error }: { error: Error }) {
  const { t } = useTranslation('leads');
  if (error instanceof BuyLeadError && error.code === 'authentication_required') {
    return (
      <p role="alert" className={styles.alert}>
        {error.reservedUntil
          ? t('marketplace.buy.authenticationRequiredUntil', { time: formatTime(error.reservedUntil) })
          : t('marketplace.buy.authenticationRequired')}
      </p>
    );
  }
  return (
    <p role="alert" className={styles.alert}>
      {errorMessage(error)}
    </p>
  );
}

function Contact({ result }: { result: BuyResult }) {
  const { t } = useTranslation('leads');
  const { lead } = result;
  const place = [lead.postalCode, lead.city].filter(Boolean).join(' ');
  const rows: [string, React.ReactNode][] = [
    [t('marketplace.contact.name'), lead.name],
    [t('marketplace.contact.phone'), lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : null],
    [t('marketplace.contact.email'), lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null],
    [t('marketplace.contact.company'), lead.company],
    [t('marketplace.contact.place'), place || null],
  ];
  return (
    <section className={styles.dialogBody} aria-labelledby="marketplace-contact-heading">
      <h3 id="marketplace-contact-heading">{t('marketplace.contact.heading')}</h3>
      <p role="status">{t('marketplace.contact.bought')}</p>
      <dl className={styles.contact}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value ?? t('marketplace.card.none')}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={paths.lead(lead.id)}>{t('marketplace.contact.openLead')}</Link>
      </p>
    </section>
  );
}
