import { useQuery } from '@tanstack/react-query';
import { Redo2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { EditorPage } from '@/components/editor-page';
import { Menu, MenuItem } from '@/components/menu';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import type { BlockKind } from '@/lib/forms/engine';
import formAnswersEn from '@/lib/forms/locales/answers-en.json';
import formAnswersNb from '@/lib/forms/locales/answers-nb.json';
import formProblemsEn from '@/lib/forms/locales/en.json';
import formProblemsNb from '@/lib/forms/locales/nb.json';
import { paths } from '@/lib/paths';
import { useSectionParam } from '@/lib/use-section-param';
import { formQueryOptions, type FormEditorData } from '../api/get-form';
import type { FormStatus } from '../api/get-forms';
import { BlockList } from '../components/block-list';
import { FormPreview } from '../components/form-preview';
import { FormStatusBadge } from '../components/form-status-badge';
import styles from '../components/forms.module.css';
import { LogicSection } from '../components/logic-section';
import { PublishSection } from '../components/publish-section';
import { SettingsSection } from '../components/settings-section';
import { useAutosave } from '../hooks/use-autosave';
import { builderReducer, initialBuilderState } from '../utils/builder-reducer';
import { toItems } from '../utils/items';

const SECTIONS = ['questions', 'logic', 'settings', 'publish', 'results'] as const;

// The responses, their charts and exports load when the tab is opened.
const ResultsSection = lazy(() =>
  import('../components/results/results-section').then((module) => ({ default: module.ResultsSection })),
);

const KINDS: BlockKind[] = [
  'short_text',
  'long_text',
  'email',
  'phone',
  'number',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rating',
  'nps',
  'date',
  'file',
  'consent',
  'statement',
  'hidden',
];

const STATUSES: readonly FormStatus[] = ['draft', 'open', 'scheduled', 'closed', 'archived'];

function Builder({ data }: { data: FormEditorData }) {
  const { t, i18n } = useTranslation('forms');
  const [section, setSection] = useSectionParam(SECTIONS, ['block']);
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(builderReducer, data.definition, initialBuilderState);
  const [openId, setOpenId] = useState<string | null>(params.get('block'));
  const autosave = useAutosave(data.form.id, state.present);
  const definition = state.present;

  // A problem's link opens its block and scrolls to it.
  const wanted = params.get('block');
  const [lastWanted, setLastWanted] = useState(wanted);
  if (wanted !== lastWanted) {
    setLastWanted(wanted);
    if (wanted) setOpenId(wanted);
  }
  useEffect(() => {
    if (wanted) document.getElementById(`item-${wanted}`)?.scrollIntoView({ block: 'center' });
  }, [wanted, section]);

  // Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, anywhere in the builder: the fields are the
  // document's, so the browser's own undo inside one field would disagree with it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      event.preventDefault();
      dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const questions = (
    <div className={styles.layout}>
      <div className={styles.blocks}>
        <BlockList items={toItems(definition)} openId={openId} setOpenId={setOpenId} dispatch={dispatch} />
        <div className={styles.toolbar}>
          <Menu label={t('builder.add')} trigger="button">
            {KINDS.map((kind) => (
              <MenuItem
                key={kind}
                onSelect={() => dispatch({ type: 'add', kind, label: t(`builder.kinds.${kind}`) })}
              >
                {t(`builder.kinds.${kind}`)}
              </MenuItem>
            ))}
          </Menu>
          <Button variant="secondary" onClick={() => dispatch({ type: 'add-page' })}>
            {t('builder.addPage')}
          </Button>
        </div>
      </div>
      <FormPreview data={data} definition={definition} />
    </div>
  );
  const content = {
    questions,
    logic: <LogicSection definition={definition} dispatch={dispatch} />,
    settings: <SettingsSection data={data} definition={definition} />,
    publish: (
      <PublishSection
        data={data}
        definition={definition}
        messages={
          i18n.language === 'en'
            ? { ...formAnswersEn, ...formProblemsEn }
            : { ...formAnswersNb, ...formProblemsNb }
        }
        saveState={autosave.state}
        hasDraft={data.hasDraft || autosave.savedOnce}
      />
    ),
    results: (
      <Suspense fallback={<SkeletonText lines={4} />}>
        <ResultsSection formId={data.form.id} organizationId={data.form.organization_id} />
      </Suspense>
    ),
  };

  return (
    <div className={styles.blocks}>
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          size="sm"
          disabled={state.past.length === 0}
          onClick={() => dispatch({ type: 'undo' })}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          <Undo2 aria-hidden="true" />
          {t('editor.undo')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={state.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        >
          <Redo2 aria-hidden="true" />
          {t('editor.redo')}
        </Button>
        <p className={styles.saveState} role="status">
          {t(`editor.save.${autosave.state}`)}{' '}
          {autosave.state === 'failed' ? (
            <Button variant="secondary" size="sm" onClick={autosave.retry}>
              {t('editor.save.retry')}
            </Button>
          ) : null}
        </p>
      </div>
      <SectionTabs
        label={t('editor.sections')}
        sections={SECTIONS}
        value={section}
        onValueChange={setSection}
        labelOf={(value) => t(`editor.sectionNames.${value}`)}
        render={(value) => content[value]}
      />
    </div>
  );
}

/** /forms/:formId/edit (form-edit): the builder, with the questions, logic, settings, publishing and the responses. */
export default function FormEditPage() {
  const { t } = useTranslation('forms');
  const { formId = '' } = useParams();
  const form = useQuery(formQueryOptions(formId));
  const back = { to: paths.forms, label: t('editor.back') };
  if (!form.data) return <EditorPage back={back} loading={{ pending: form.isPending, error: form.error }} />;
  const data = form.data;
  const status = STATUSES.find((value) => value === data.form.form_status) ?? 'draft';
  return (
    <EditorPage back={back} loading={null} title={data.name} summary={<FormStatusBadge status={status} />}>
      <Builder key={data.form.id} data={data} />
    </EditorPage>
  );
}
