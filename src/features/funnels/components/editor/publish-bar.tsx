import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import type { FunnelEditorData } from '../../api/get-funnel';
import { usePublishFunnel } from '../../api/save-funnel';
import type { PrelaunchProblem } from '../../utils/prelaunch';
import styles from './funnel-editor.module.css';

type PublishBarProps = {
  data: FunnelEditorData;
  /** The pre-launch check of what is saved (empty: it passes; null: not run yet). */
  problems: readonly PrelaunchProblem[] | null;
  onShowStep: (stepId: string) => void;
};

/**
 * Publishing: while a draft, the pre-launch check's findings, each with a way to the step, and
 * «Publiser» only when there are none (the database refuses the worst gaps too); once published,
 * «Avpubliser» after a question.
 */
export function PublishBar({ data, problems, onShowStep }: PublishBarProps) {
  const { t } = useTranslation('funnels');
  const publish = usePublishFunnel(data.id);
  const published = data.publishedAt !== null;
  const nameOf = (stepId: string | null) => data.steps.find((step) => step.id === stepId)?.name ?? '';

  const onPublish = () =>
    publish.mutate(new Date().toISOString(), {
      onSuccess: () => notify({ message: t('editor.publish.published'), tone: 'success' }),
    });
  const onUnpublish = async () => {
    const sure = await confirm({
      title: t('editor.publish.unpublishConfirm'),
      description: t('editor.publish.unpublishConfirmBody'),
      confirmLabel: t('editor.publish.unpublish'),
    });
    if (sure)
      publish.mutate(null, {
        onSuccess: () => notify({ message: t('editor.publish.unpublished'), tone: 'success' }),
      });
  };

  if (data.archivedAt) return <FormStatus tone="info">{t('editor.publish.archived')}</FormStatus>;
  return (
    <section className={styles.publish} aria-labelledby="funnel-publish-title">
      <h2 id="funnel-publish-title">{t('editor.publish.title')}</h2>
      {published ? (
        <p>{t('editor.publish.publishedNote')}</p>
      ) : problems === null ? null : problems.length === 0 ? (
        <p>{t('editor.publish.passes')}</p>
      ) : (
        <>
          <p id="funnel-problems">{t('editor.publish.problems', { count: problems.length })}</p>
          <ul className={styles.problems} aria-labelledby="funnel-problems">
            {problems.map((problem, index) => (
              <li key={`${problem.code}-${problem.stepId ?? ''}-${problem.variant ?? ''}-${index}`}>
                {problem.stepId
                  ? problem.variant && problem.variant !== 'A'
                    ? t('editor.publish.whereVariant', {
                        step: nameOf(problem.stepId),
                        variant: problem.variant,
                      })
                    : t('editor.publish.where', { step: nameOf(problem.stepId) })
                  : null}
                {t(`editor.publish.codes.${problem.code}`)}{' '}
                {problem.stepId ? (
                  <Button variant="ghost" size="sm" onClick={() => onShowStep(problem.stepId ?? '')}>
                    {t('editor.publish.showStep')}
                    <span className="visually-hidden"> {nameOf(problem.stepId)}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      <FormStatus error={publish.error} />
      <div className={styles.rowButtons}>
        {published ? (
          <Button variant="secondary" loading={publish.isPending} onClick={() => void onUnpublish()}>
            {t('editor.publish.unpublish')}
          </Button>
        ) : (
          <Button
            loading={publish.isPending}
            disabled={problems === null || problems.length > 0}
            onClick={onPublish}
          >
            {t('editor.publish.publish')}
          </Button>
        )}
      </div>
    </section>
  );
}
