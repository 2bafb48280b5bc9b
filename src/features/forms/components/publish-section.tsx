import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import { checkDefinition, type DefinitionProblem, type FormDefinition } from '@/lib/forms/engine';
import { definitionProblemMessage, type FormMessages } from '@/lib/forms/messages';
import { paths } from '@/lib/paths';
import type { FormEditorData } from '../api/get-form';
import { usePublishForm } from '../api/get-form';
import type { SaveState } from '../hooks/use-autosave';
import { CONSENT_FIELD } from './consent-settings';
import styles from './forms.module.css';

/** Where a problem is mended: the block's settings, else the logic (rules and endings). */
function problemLink(formId: string, problem: DefinitionProblem): string {
  if (problem.rule || problem.ending) return paths.formEdit(formId, 'logic');
  const base = paths.formEdit(formId, 'questions');
  return problem.block ? `${base}&block=${encodeURIComponent(problem.block)}` : base;
}

/**
 * «Publisering»: the engine's problems with links to what they are about, the consent text the
 * database requires, then «Publiser», refused while anything is listed or a change is unsaved.
 */
export function PublishSection({
  data,
  definition,
  messages,
  saveState,
  hasDraft,
}: {
  data: FormEditorData;
  definition: FormDefinition;
  messages: FormMessages;
  saveState: SaveState;
  hasDraft: boolean;
}) {
  const { t } = useTranslation('forms');
  const formId = data.form.id;
  const publish = usePublishForm(formId, data.form.organization_id);
  const problems = checkDefinition(definition);
  const consent = Boolean(data.consentText?.trim());
  const blocked = problems.length > 0 || !consent;
  const waiting = saveState !== 'saved';

  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: () =>
        notify({
          message: t('publish.published', { version: (data.publishedVersion ?? 0) + 1 }),
          tone: 'success',
        }),
    });

  return (
    <section aria-labelledby="form-publish-title" className={styles.blocks}>
      <h2 id="form-publish-title">{t('publish.title')}</h2>
      <p>
        {data.publishedVersion
          ? t('publish.version', { version: data.publishedVersion })
          : t('publish.notPublished')}
      </p>
      {problems.length > 0 ? (
        <>
          <h3>{t('publish.problems')}</h3>
          <ul className={styles.problems}>
            {problems.map((problem, index) => (
              <li key={index}>
                {definitionProblemMessage(problem, messages)}{' '}
                <Link to={problemLink(formId, problem)}>{t('publish.goTo')}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('publish.noProblems')}</p>
      )}
      <Checklist>
        <ChecklistItem done={consent}>
          {consent ? (
            t('publish.consent')
          ) : (
            <>
              {t('publish.consentMissing')}{' '}
              <Link to={`${paths.formEdit(formId, 'settings')}#${CONSENT_FIELD}`}>
                {t('publish.consentLink')}
              </Link>
            </>
          )}
        </ChecklistItem>
      </Checklist>
      {!hasDraft ? <p>{t('publish.noDraft')}</p> : null}
      <FormStatus error={publish.error} />
      <div>
        <Button
          onClick={onPublish}
          loading={publish.isPending}
          disabled={blocked || waiting || !hasDraft}
          aria-describedby={blocked ? 'form-publish-blocked' : undefined}
        >
          {t('publish.publish')}
        </Button>
      </div>
      {blocked ? (
        <p id="form-publish-blocked">{t('publish.blocked')}</p>
      ) : waiting ? (
        <p>{t('publish.waitForSave')}</p>
      ) : null}
    </section>
  );
}
