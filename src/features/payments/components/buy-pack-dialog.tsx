import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import { PriceWithVat } from '@/components/price-with-vat';
import { brandName } from '@/lib/card-brand';
import { formatMoney } from '@/lib/format';
import { withVat } from '@/lib/pricing';
import type { Pack } from '../api/get-packs';
import type { SavedCard } from '../api/get-saved-card';
import { usePackPurchase, type PaymentMethod } from '../hooks/use-pack-purchase';
import { packName } from '../utils/pack-name';
import styles from './overview.module.css';

/**
 * Buying one pack (docs/payments.md «payments-pack»): the price with its VAT, the saved card or a
 * new one, then the purchase's steps (usePackPurchase) — the new card's fields when payments-pack
 * asks for them.
 */
export function BuyPackDialog({
  organizationId,
  pack,
  savedCard,
  onClose,
}: {
  organizationId: string;
  pack: Pack;
  savedCard: SavedCard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const cardFieldsId = useId();
  const [method, setMethod] = useState<PaymentMethod>(savedCard ? 'saved' : 'new');
  const [saveCard, setSaveCard] = useState(false);
  const name = packName(t, pack);
  // The pack's price is eks. mva; the card pays it with 25 % MVA, shown before «Betal».
  const { totalOre } = withVat(pack.priceOre);
  const { submit, intent, error, pending } = usePackPurchase({
    organizationId,
    pack,
    onDone: (status) => {
      notify(
        status === 'succeeded'
          ? { message: t('overview.buy.succeeded', { name }), tone: 'success' }
          : { message: t('overview.buy.processing', { name }), tone: 'info', duration: 10_000 },
      );
      onClose();
    },
  });

  // The card fields appear after payments-pack made the payment: put the cursor in them.
  useEffect(() => {
    if (intent) document.getElementById(cardFieldsId)?.focus();
  }, [intent, cardFieldsId]);

  const CardFields = intent?.client.CardFields;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t('overview.buy.title', { name })}
      description={t('overview.buy.description', { name, marketplace: pack.marketplaceName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('overview.buy.cancel')}
          </Button>
          <Button onClick={() => submit(method, saveCard)} loading={pending}>
            {method === 'new' && !intent ? t('overview.buy.continue') : t('overview.buy.pay')}
          </Button>
        </>
      }
    >
      <PriceWithVat netOre={pack.priceOre} />
      {intent && CardFields ? (
        <>
          <p className={page.muted}>{t('overview.buy.newCardHint', { total: formatMoney(totalOre) })}</p>
          <CardFields id={cardFieldsId} disabled={pending} />
        </>
      ) : (
        <fieldset className={styles.choice} disabled={pending}>
          <legend>{t('overview.buy.method')}</legend>
          {savedCard ? (
            <label className={styles.radio}>
              <input
                type="radio"
                name="method"
                value="saved"
                checked={method === 'saved'}
                onChange={() => setMethod('saved')}
              />
              {t('overview.buy.savedCard', { brand: brandName(savedCard.brand), last4: savedCard.last4 })}
            </label>
          ) : (
            <p className={page.muted}>{t('overview.buy.noSavedCard')}</p>
          )}
          <label className={styles.radio}>
            <input
              type="radio"
              name="method"
              value="new"
              checked={method === 'new'}
              onChange={() => setMethod('new')}
            />
            {t('overview.buy.newCard')}
          </label>
          {method === 'new' ? (
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
              {t('overview.buy.saveCard')}
            </label>
          ) : null}
        </fieldset>
      )}
      <FormStatus error={error} />
    </Dialog>
  );
}
