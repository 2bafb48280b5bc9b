import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { useSectionParam } from '@/lib/use-section-param';
import { checkoutEditorQueryOptions } from '../api/get-checkout-editor';
import { checkoutHeaderQueryOptions, type CheckoutHeader } from '../api/get-checkout-header';
import { CheckoutEditor, type EditorMemory } from '../components/editor/checkout-editor';
import { FiguresView } from '../components/figures/figures-view';
import { OrdersSection } from '../components/orders/orders-section';

const TABS = ['oppsett', 'tall', 'ordrer'] as const;

/** «Oppsett»: the editor, once its checkout is read. */
function SetupTab({
  checkoutId,
  memory,
  onKeep,
}: {
  checkoutId: string;
  memory: EditorMemory | null;
  onKeep: (memory: EditorMemory) => void;
}) {
  const editor = useQuery(checkoutEditorQueryOptions(checkoutId));
  if (!editor.data)
    return (
      <>
        <FormStatus error={editor.error} />
        {editor.isPending ? <SkeletonText lines={8} /> : null}
      </>
    );
  return <CheckoutEditor key={editor.data.id} data={editor.data} memory={memory} onKeep={onKeep} />;
}

function CheckoutTabs({ checkout }: { checkout: CheckoutHeader }) {
  const { t, i18n } = useTranslation('checkouts');
  const membership = useCurrentOrganization();
  const canRefund = membership?.role === 'owner' || membership?.role === 'admin';
  // A draft is being built; a published checkout is mostly looked at. Decided on opening, so
  // publishing from «Oppsett» stays there.
  const [fallback] = useState<(typeof TABS)[number]>(checkout.published ? 'tall' : 'oppsett');
  const [tab, setTab] = useSectionParam(TABS, ['del'], { name: 'fane', fallback });
  // The editor's unsaved edits while another tab is open.
  const [memory, setMemory] = useState<EditorMemory | null>(null);
  const title = t(`editor.titles.${tab}`, { name: checkout.name });
  const appName = i18n.t('appName');
  // After the root's title for the route: each tab names itself (WCAG 2.4.2).
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return (
    <SectionTabs
      label={t('editor.tabs')}
      sections={TABS}
      value={tab}
      onValueChange={setTab}
      labelOf={(value) => t(`editor.tabNames.${value}`)}
      render={(value) =>
        value === 'oppsett' ? (
          <SetupTab checkoutId={checkout.id} memory={memory} onKeep={setMemory} />
        ) : value === 'tall' ? (
          <FiguresView checkoutId={checkout.id} />
        ) : (
          <OrdersSection checkoutId={checkout.id} checkoutName={checkout.name} canRefund={canRefund} />
        )
      }
    />
  );
}

/**
 * /checkouts/:checkout_id (checkout-analytics): one checkout in three tabs (`?fane=`): «Oppsett», the
 * editor with its live preview (a draft opens here); «Tall», the figures for a date range (a published
 * checkout opens here); «Ordrer», its orders with refunds and a CSV.
 */
export default function CheckoutAnalyticsPage() {
  const { t } = useTranslation('checkouts');
  const { checkout_id: checkoutId = '' } = useParams();
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
      <CheckoutTabs key={checkout.id} checkout={checkout} />
    </EditorPage>
  );
}
