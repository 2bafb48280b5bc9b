import { useCallback, useMemo, useRef } from 'react';
import { useFormTexts, useStatusTexts } from '@/components/public/form-fields/form-texts';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import type { Answers, HiddenValues } from '@/lib/forms/engine-visitor';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { loadPublicForm, submitForm, trackFormProgress } from '../../api/public-form';
import { endVisit, forgetAnswers, visitSessionId } from './form-storage';
import { FormView } from './form-view';

/**
 * The hidden blocks' values: the link's query (utm_source, …) and the page the form is on — its own
 * address when hosted, the embedding page's (document.referrer) in an iframe.
 */
function hiddenValues(embedded: boolean): HiddenValues {
  const values: HiddenValues = {};
  new URLSearchParams(window.location.search).forEach((value, key) => {
    if (key !== 'id' && key !== 'lang') values[key] = value.slice(0, 500);
  });
  const page = embedded ? document.referrer : `${window.location.origin}${window.location.pathname}`;
  if (page && !values.page) values.page = page.slice(0, 500);
  return values;
}

/** A published form for the public, hosted (`/skjema/:id`) or embedded (`/skjema/iframe?id=…`). */
export function PublicFormPage({ formId, embedded }: { formId: string | null; embedded: boolean }) {
  const { t } = useFormTexts();
  const statusTexts = useStatusTexts();
  const { state, reload } = usePublicLoad(
    (signal) =>
      formId
        ? loadPublicForm(formId, signal)
        : Promise.reject(Object.assign(new Error(), { code: 'missing-id' })),
    formId ?? '',
  );
  const loaded = state.status === 'ready' ? state.data : null;
  useDocumentTitle(
    loaded
      ? t('titles.form', { name: loaded.form.name, organization: loaded.form.organization_name })
      : t('titles.fallback'),
  );
  const hidden = useMemo(() => hiddenValues(embedded), [embedded]);
  const shownAt = useRef(new Date().toISOString());
  const sessionId = useMemo(() => (formId ? visitSessionId(formId) : ''), [formId]);

  const onProgress = useCallback(
    (pageId: string, blockId?: string) => {
      if (formId) trackFormProgress(formId, sessionId, pageId, blockId);
    },
    [formId, sessionId],
  );

  const onSubmit = async (answers: Answers, extra: { consent: boolean; honeypot: string }) => {
    if (!loaded) return { ok: false as const, code: 'unknown' };
    const result = await submitForm({
      formId: loaded.form.id,
      versionId: loaded.form.version_id,
      answers,
      hidden,
      sessionId,
      honeypot: extra.honeypot,
      shownAt: shownAt.current,
      startedAt: shownAt.current,
      consent: extra.consent,
    });
    if (result.ok) {
      forgetAnswers(loaded.form.id);
      endVisit(loaded.form.id);
      // A popup that shows this form counts it as its conversion (docs/popups.md, «The snippet»).
      if (embedded) window.parent.postMessage({ type: 'leadtorget:form-sent', formId: loaded.form.id }, '*');
    }
    // A new version: load it; what was typed is kept in sessionStorage and comes back.
    if (!result.ok && result.code === 'form-version-outdated') reload();
    return result;
  };

  return (
    <PublicPage>
      {loaded ? (
        <FormView
          key={loaded.form.version_id}
          form={loaded.form}
          definition={loaded.definition}
          hidden={hidden}
          onSubmit={onSubmit}
          onProgress={onProgress}
        />
      ) : (
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      )}
    </PublicPage>
  );
}
