import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { checkoutHeaderQueryOptions } from '../api/get-checkout-header';
import { FiguresView } from '../components/figures/figures-view';
import { OrdersSection } from '../components/orders/orders-section';

/**
 * /checkouts/:checkout_id (checkout-analytics): one checkout's figures for a date range — visits,
 * buyers who started, paid orders, conversion, revenue, order value, bump take rate, earnings per
 * visitor, refunds; per day with a chart and per source — and its orders with refunds and a CSV.
 */
export default function CheckoutAnalyticsPage() {
  const { t } = useTranslation('checkouts');
  const { checkout_id: checkoutId = '' } = useParams();
  const membership = useCurrentOrganization();
  const canRefund = membership?.role === 'owner' || membership?.role === 'admin';
  const header = useQuery(checkoutHeaderQueryOptions(checkoutId));
  const back = { to: paths.checkouts, label: t('figures.back') };
  if (!header.data)
    return <EditorPage back={back} loading={{ pending: header.isPending, error: header.error }} />;
  const checkout = header.data;
  return (
    <EditorPage
      back={back}
      loading={null}
      title={checkout.name}
      summary={t(
        checkout.archived ? 'figures.archived' : checkout.published ? 'figures.live' : 'figures.draft',
      )}
      preview={
        checkout.published ? { to: `/kasse/${checkout.id}`, label: t('figures.openPublic') } : undefined
      }
    >
      <FiguresView checkoutId={checkout.id} />
      <OrdersSection checkoutId={checkout.id} checkoutName={checkout.name} canRefund={canRefund} />
    </EditorPage>
  );
}
