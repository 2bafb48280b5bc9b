import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSectionParam } from '@/lib/use-section-param';
import { funnelQueryOptions, type FunnelEditorData } from '../api/get-funnel';
import { funnelChoicesQueryOptions, type FunnelChoices } from '../api/get-funnel-choices';
import { PublishBar } from '../components/editor/publish-bar';
import { SettingsSection } from '../components/editor/settings-section';
import { StepsSection } from '../components/editor/steps-section';
import { FunnelStatusBadge } from '../components/funnel-status-badge';
import { prelaunchProblems, type PrelaunchContext } from '../utils/prelaunch';

const TABS = ['steg', 'tall', 'innstillinger'] as const;

// The figures, their chart (Chart.js) and the A/B verdicts load when the tab is opened.
const FiguresSection = lazy(() =>
  import('../components/figures/figures-section').then((module) => ({ default: module.FiguresSection })),
);

const contextOf = (choices: FunnelChoices | undefined): PrelaunchContext => ({
  forms: new Map((choices?.forms ?? []).map((form) => [form.id, form])),
  checkouts: new Map((choices?.checkouts ?? []).map((checkout) => [checkout.id, checkout])),
  products: new Map((choices?.products ?? []).map((product) => [product.id, product])),
});

function Editor({ data }: { data: FunnelEditorData }) {
  const { t } = useTranslation('funnels');
  const [tab, setTab] = useSectionParam(TABS, [], { name: 'fane' });
  const [params, setParams] = useSearchParams();
  const choices = useQuery(funnelChoicesQueryOptions(data.organizationId)).data;
  // Null until the forms, checkouts and products are read: nothing can be published unchecked.
  const problems = choices ? prelaunchProblems(data.steps, contextOf(choices)) : null;
  useDocumentTitle(t('editor.tabTitle', { tab: t(`editor.sectionNames.${tab}`), name: data.name }));

  const select = (stepId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('fane', 'steg');
        next.set('steg', stepId);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PublishBar data={data} problems={problems} onShowStep={select} />
      <SectionTabs
        label={t('editor.sections')}
        sections={TABS}
        value={tab}
        onValueChange={setTab}
        labelOf={(value) => t(`editor.sectionNames.${value}`)}
        render={(value) =>
          value === 'steg' ? (
            <StepsSection data={data} choices={choices} selectedId={params.get('steg')} onSelect={select} />
          ) : value === 'tall' ? (
            <Suspense fallback={<SkeletonText lines={4} />}>
              <FiguresSection funnelId={data.id} steps={data.steps} />
            </Suspense>
          ) : (
            <SettingsSection data={data} />
          )
        }
      />
    </>
  );
}

/** /funnels/edit/:funnel_id (funnel-edit): the steps and their pages, the map, the figures and the settings. */
export default function FunnelEditPage() {
  const { t } = useTranslation('funnels');
  const { funnel_id: funnelId = '' } = useParams();
  const funnel = useQuery(funnelQueryOptions(funnelId));
  const back = { to: paths.funnels, label: t('editor.back') };
  if (!funnel.data)
    return <EditorPage back={back} loading={{ pending: funnel.isPending, error: funnel.error }} />;
  const data = funnel.data;
  const status = data.archivedAt ? 'archived' : data.publishedAt ? 'live' : 'draft';
  return (
    <EditorPage back={back} loading={null} title={data.name} summary={<FunnelStatusBadge status={status} />}>
      <Editor key={data.id} data={data} />
    </EditorPage>
  );
}
