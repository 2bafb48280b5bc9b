import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { EditorPage } from '@/components/editor-page';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import { organizerQueryOptions } from '@/lib/campaign/api/get-organizer';
import type { MediaSummary } from '@/lib/media/types';
import { paths } from '@/lib/paths';
import { useSectionParam } from '@/lib/use-section-param';
import { popupQueryOptions, type PopupEditorData } from '../api/get-popup';
import { ContentSection } from '../components/editor/content-section';
import { DesignSection } from '../components/editor/design-section';
import { FrequencySection } from '../components/editor/frequency-section';
import styles from '../components/editor/popup-editor.module.css';
import { PopupPreview } from '../components/editor/popup-preview';
import { PublishBar } from '../components/editor/publish-bar';
import { TargetingSection } from '../components/editor/targeting-section';
import { TriggersSection } from '../components/editor/triggers-section';
import { PopupStatusBadge } from '../components/popup-status-badge';
import { SitesSection } from '../components/sites/sites-section';
import { usePopupAutosave } from '../hooks/use-popup-autosave';
import { draftOf, MAX_NAME, type PopupDraft } from '../utils/popup-draft';

const SECTIONS = ['content', 'design', 'triggers', 'targeting', 'frequency', 'sites', 'results'] as const;

// The figures, their chart and the A/B verdict load when the tab is opened.
const ResultsSection = lazy(() =>
  import('../components/results/results-section').then((module) => ({ default: module.ResultsSection })),
);

function Editor({ data }: { data: PopupEditorData }) {
  const { t } = useTranslation('popups-editor');
  const [section, setSection] = useSectionParam(SECTIONS);
  const [initial] = useState(() => draftOf(data));
  const [draft, setDraft] = useState<PopupDraft>(initial);
  const [active, setActive] = useState(initial.variants[0]?.label ?? 'A');
  // What was just picked from the library, until the read knows it.
  const [picked, setPicked] = useState<Map<string, MediaSummary>>(() => new Map());
  const organizationName = useQuery(organizerQueryOptions(data.organizationId)).data?.name ?? '';
  const autosave = usePopupAutosave(data.id, data.organizationId, draft, initial, Boolean(data.publishedAt));
  const media = new Map([...data.media, ...picked]);

  // A problem found on the client, else the field the server's refusal named.
  const errorOf = (field: string) => {
    const problem = autosave.problems.find((item) => item.field === field);
    if (problem) return t(`problems.${problem.code}`);
    if (autosave.refused?.field === field)
      return t(`popup-errors:errors.${autosave.refused.error.code}` as never);
    return undefined;
  };
  const change = (update: (previous: PopupDraft) => PopupDraft) => setDraft(update);
  const props = { draft, change, errorOf };
  const variant = draft.variants.find((item) => item.label === active) ?? draft.variants[0];
  const preview = variant ? (
    <PopupPreview
      popupId={data.id}
      draft={draft}
      variant={variant}
      image={variant.imageMediaId ? (media.get(variant.imageMediaId) ?? null) : null}
    />
  ) : null;
  const withPreview = (settings: ReactNode) => (
    <div className={styles.layout}>
      <div className={styles.column}>{settings}</div>
      {preview}
    </div>
  );

  const content = {
    content: withPreview(
      <ContentSection
        {...props}
        organizationId={data.organizationId}
        organizationName={organizationName}
        active={variant?.label ?? 'A'}
        setActive={setActive}
        media={media}
        onPicked={(item) => setPicked((previous) => new Map(previous).set(item.id, item))}
      />,
    ),
    design: withPreview(<DesignSection {...props} organizationId={data.organizationId} />),
    triggers: <TriggersSection {...props} />,
    targeting: <TargetingSection {...props} />,
    frequency: <FrequencySection {...props} />,
    sites: <SitesSection popupId={data.id} organizationId={data.organizationId} siteIds={data.siteIds} />,
    // The saved variants: the draft may hold one that has no figures yet.
    results: (
      <Suspense fallback={<SkeletonText lines={4} />}>
        <ResultsSection popupId={data.id} variants={data.variants} />
      </Suspense>
    ),
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Input
          label={t('name')}
          hint={t('nameHint')}
          value={draft.name}
          maxLength={MAX_NAME + 20}
          error={errorOf('name')}
          onChange={(event) => setDraft((previous) => ({ ...previous, name: event.target.value }))}
        />
        <p className={styles.saveState} role="status">
          {t(`save.${autosave.state}`)}
          {autosave.state === 'failed' ? (
            <Button variant="secondary" size="sm" onClick={autosave.retry}>
              {t('save.retry')}
            </Button>
          ) : null}
        </p>
      </div>
      {autosave.state === 'failed' && autosave.refused && !autosave.refused.field ? (
        <FormStatus error={autosave.refused.error} />
      ) : null}
      <PublishBar data={data} draft={draft} saved={autosave.state === 'saved'} />
      <SectionTabs
        label={t('sections')}
        sections={SECTIONS}
        value={section}
        onValueChange={setSection}
        labelOf={(value) => t(`sectionNames.${value}`)}
        render={(value) => content[value]}
      />
    </>
  );
}

/** /popups/edit/:id (popup-edit): the popup's settings in sections beside its live preview, saved as you type. */
export default function PopupEditPage() {
  const { t } = useTranslation('popups-editor');
  const { id = '' } = useParams();
  const popup = useQuery(popupQueryOptions(id));
  const back = { to: paths.popups, label: t('back') };
  if (!popup.data)
    return <EditorPage back={back} loading={{ pending: popup.isPending, error: popup.error }} />;
  const data = popup.data;
  return (
    <EditorPage
      back={back}
      loading={null}
      title={data.name}
      summary={<PopupStatusBadge status={data.status} />}
    >
      <Editor key={data.id} data={data} />
    </EditorPage>
  );
}
