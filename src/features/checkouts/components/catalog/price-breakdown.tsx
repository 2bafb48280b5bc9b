import { useTranslation } from 'react-i18next';
import { amountList } from '@/components/amount-list';
import { vatIncluded } from '@/lib/vat';
import { formatPrice } from '../../utils/price-text';
import { priceOreOf } from '../../utils/product-form';

/**
 * What the typed price means, as the seller types it: what a consumer pays (incl. MVA, as
 * prisopplysningsforskriften asks), the MVA inside it and the part without MVA. Read out politely
 * as it changes.
 */
export function PriceBreakdown({ price, vatRate }: { price: string; vatRate: number }) {
  const { t } = useTranslation('checkouts');
  const ore = priceOreOf(price);
  const vatOre = ore === null ? null : vatIncluded(ore, vatRate);
  const shown = (amount: number | null) => (amount === null ? '–' : formatPrice(amount));
  return (
    <dl className={amountList.list} aria-label={t('products.dialog.priceSummary')} aria-live="polite">
      <dt className={amountList.total}>{t('products.dialog.consumerPrice')}</dt>
      <dd className={amountList.total}>
        {ore === null ? '–' : t('products.priceInclVat', { price: formatPrice(ore) })}
      </dd>
      <dt>{t('products.dialog.vatPart', { rate: vatRate })}</dt>
      <dd>{shown(vatOre)}</dd>
      <dt>{t('products.dialog.exclVat')}</dt>
      <dd>{shown(ore === null || vatOre === null ? null : ore - vatOre)}</dd>
    </dl>
  );
}
