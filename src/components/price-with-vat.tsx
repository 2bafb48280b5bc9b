import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { withVat } from '@/lib/pricing';
import { amountList } from './amount-list';

/**
 * What a card is charged for a price eks. mva, before the buyer confirms: «Pris eks. mva», «MVA
 * (25 %)» and «Å betale inkl. mva». One breakdown wherever a card pays (a pack on /payments, a lead
 * bought on demand in the marketplace), computed by the same rule as the database's charge.
 */
export function PriceWithVat({ netOre }: { netOre: number }) {
  const { t } = useTranslation('components');
  const { vatOre, totalOre } = withVat(netOre);
  return (
    <dl className={amountList.list} aria-label={t('priceWithVatLabel')}>
      <dt>{t('priceWithVatNet')}</dt>
      <dd>{formatMoney(netOre)}</dd>
      <dt>{t('priceWithVatVat')}</dt>
      <dd>{formatMoney(vatOre)}</dd>
      <dt className={amountList.total}>{t('priceWithVatTotal')}</dt>
      <dd className={amountList.total}>{formatMoney(totalOre)}</dd>
    </dl>
  );
}
