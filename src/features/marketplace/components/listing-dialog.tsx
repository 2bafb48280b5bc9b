import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { PhoneLink } from '@/components/phone-link';
import { PriceWithVat } from '@/components/price-with-vat';
import type { MarketplacePlan } from '@/lib/database.types';
import { AppError } from '@/lib/errors';
import { formatLastDay, formatTime } from '@/lib/format';
import type { Balance } from '@/lib/organization-payments/api/get-balance';
import { paths } from '@/lib/paths';
import { reservedUntilOf, useBuyLead, type BuyResult } from '../api/buy-lead';
import type { MarketplaceListing } from '../types';
import { cardTotalText, creditsText, paysWith, priceText } from '../utils/price';
import { listingSold } from '../utils/sold';
import { ListingFacts } from './listing-facts';
import styles from './marketplace.module.css';

export type ListingState = 'own' | 'bought' | 'buyable' | 'closed';

/** How a purchase is paid: the plan's way (tickets or card), or the organization's credits. */
type Payment = 'plan' | 'credits';

/**
 * A listing's teaser, its price and «Kjøp»; then a confirm step in the same dialog (no second modal
 * on top); after the purchase the contact details at once. Focus follows each step: the question, the
 * contact details, or back to the button that asked when the buyer cancels.
 */
export function ListingDialog({
  listing,
  state,
  plan,
  balance,
  organizationId,
  onBought,
  onClose,
}: {
  listing: MarketplaceListing;
  state: ListingState;
  plan: MarketplacePlan | null;
  balance: Balance | undefined;
  organizationId: string;
  /** The listing as the purchase left it (sold out listings leave the marketplace's list). */
  onBought: (listing: MarketplaceListing) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const [result, setResult] = useState<BuyResult | null>(null);
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const price = priceText(t, listing, plan);
  const canPayWithCredits = listing.price_credits > 0 && (balance?.credits ?? 0) > 0;
  const headingId = useId();

  // The element each step should focus once it is on screen (set by the step's action).
  const focusNext = useRef<'confirm' | 'contact' | Payment | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const contactHeading = useRef<HTMLHeadingElement>(null);
  const planButton = useRef<HTMLButtonElement>(null);
  const creditsButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    const targets = {
      confirm: confirmHeading,
      contact: contactHeading,
      plan: planButton,
      credits: creditsButton,
    };
    const target = targets[wanted].current;
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  });

  const buy = useBuyLead(organizationId, (bought) => {
    focusNext.current = 'contact';
    setConfirming(null);
    setResult(bought);
    onBought({
      ...listing,
      buyers_count: bought.purchase.buyersCount,
      status: bought.purchase.buyersCount >= bought.purchase.maxBuyers ? 'sold_out' : listing.status,
    });
  });

  const ask = (payment: Payment) => {
    buy.reset();
    focusNext.current = 'confirm';
    setConfirming(payment);
  };
  const cancel = () => {
    focusNext.current = confirming;
    setConfirming(null);
  };
  const purchase = () => {
    if (!confirming) return;
    buy.mutate({
      leadId: listing.lead_id,
      advertisedLeadId: listing.id,
      organizationId,
      ...(confirming === 'credits' ? { payment: 'credits' as const } : {}),
    });
  };

  // A card pays the price eks. mva plus 25 % MVA: the confirm step shows the breakdown and the total.
  const byCard = confirming === 'plan' && paysWith(plan) === 'card' && listing.price_ore > 0;
  const shownPrice =
    confirming === 'credits'
      ? creditsText(t, listing.price_credits)
      : byCard
        ? cardTotalText(t, listing.price_ore)
        : price;
  const { sold, max } = listingSold(listing, result ? result.purchase.buyersCount : listing.buyers_count);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={listing.title}
      description={t('dialog.description')}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" disabled={buy.isPending} onClick={cancel}>
              {t('confirm.cancel')}
            </Button>
            <Button loading={buy.isPending} onClick={purchase}>
              {t('confirm.buy', { price: shownPrice })}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('dialog.close')}
            </Button>
            {state === 'buyable' && !result ? (
              <>
                {canPayWithCredits ? (
                  <Button ref={creditsButton} variant="secondary" onClick={() => ask('credits')}>
                    {t('dialog.buyCredits', { price: creditsText(t, listing.price_credits) })}
                  </Button>
                ) : null}
                <Button ref={planButton} onClick={() => ask('plan')}>
                  {t('dialog.buy', { price })}
                </Button>
              </>
            ) : null}
          </>
        )
      }
    >
      <div className={styles.dialogBody}>
        {listing.description ? <p>{listing.description}</p> : null}
        <ListingFacts listing={listing}>
          <div>
            <dt>{t('card.expires')}</dt>
            <dd>{t('card.through', { date: formatLastDay(listing.expires_at) })}</dd>
          </div>
        </ListingFacts>
        <p className={styles.price}>{price}</p>
        <p className={layout.muted}>{t('card.sold', { sold, max })}</p>
        {state === 'own' ? <p className={styles.notice}>{t('dialog.own')}</p> : null}
        {state === 'closed' ? <p className={styles.notice}>{t('dialog.closed')}</p> : null}
        {state === 'bought' && !result ? (
          <p className={styles.notice}>
            {t('dialog.bought')} <Link to={paths.lead(listing.lead_id)}>{t('dialog.openLead')}</Link>
          </p>
        ) : null}
        {confirming ? (
          <section className={styles.confirm} aria-labelledby={`${headingId}-confirm`}>
            <h3 id={`${headingId}-confirm`} ref={confirmHeading} tabIndex={-1}>
              {t('confirm.title')}
            </h3>
            {byCard ? <PriceWithVat netOre={listing.price_ore} /> : null}
            <p>
              {t(
                paysWith(plan) === 'card' && confirming === 'plan'
                  ? 'confirm.descriptionCard'
                  : 'confirm.description',
                { price: shownPrice, title: listing.title },
              )}
            </p>
          </section>
        ) : null}
        {buy.isError ? <BuyError error={buy.error} /> : null}
        {result ? <Contact result={result} headingRef={contactHeading} /> : null}
      </div>
    </Dialog>
  );
}

function BuyError({ error }: { error: Error }) {
  const { t } = useTranslation('marketplace');
  if (error instanceof AppError && error.code === 'authentication_required') {
    const reservedUntil = reservedUntilOf(error);
    return (
      <FormStatus tone="error">
        {reservedUntil
          ? t('buy.authenticationRequiredUntil', { time: formatTime(reservedUntil) })
          : t('buy.authenticationRequired')}
      </FormStatus>
    );
  }
  return <FormStatus error={error} />;
}

function Contact({ result, headingRef }: { result: BuyResult; headingRef: React.Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('marketplace');
  const { lead } = result;
  const place = [lead.postalCode, lead.city].filter(Boolean).join(' ');
  const rows: [string, React.ReactNode][] = [
    [t('contact.name'), lead.name],
    [t('contact.phone'), lead.phone ? <PhoneLink phone={lead.phone} /> : null],
    [t('contact.email'), lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null],
    [t('contact.company'), lead.company],
    [t('contact.place'), place || null],
  ];
  return (
    <section className={styles.dialogBody} aria-labelledby="marketplace-contact-heading">
      <h3 id="marketplace-contact-heading" ref={headingRef} tabIndex={-1}>
        {t('contact.heading')}
      </h3>
      <p role="status">{t('contact.bought')}</p>
      <dl className={styles.contact}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value ?? t('card.none')}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={paths.lead(lead.id)}>{t('contact.openLead')}</Link>
      </p>
    </section>
  );
}
