import { useState } from 'react';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { Button } from './button';
import { Checklist, ChecklistItem } from './checklist';
import { confirm } from './dialog-store';
import styles from './editor.module.css';
import { FormStatus } from './form-status';
import { notify } from './notification-store';
import layout from './page.module.css';
import { PublishDialog, type PublishDialogTexts } from './publish-dialog';

export type PublishPanelTexts = {
  /** The heading while a draft, e.g. «Før du publiserer». */
  checksTitle: string;
  publishedTitle: string;
  publishedNote: string;
  publish: string;
  unpublish: string;
  /** The question before unpublishing. */
  unpublishConfirm: string;
  /** The notices after publishing and unpublishing. */
  published: string;
  unpublished: string;
};

type PublishPanelProps = {
  published: boolean;
  /** What publishing needs or benefits from, one line each (shown while a draft). */
  checks: readonly { done: boolean; label: string }[];
  /** Why publishing is not possible yet (the database would refuse), or null. */
  blocked: string | null;
  pending: boolean;
  error: unknown;
  /** Saves the publication moment (null: unpublished) and calls `done` once it is saved. */
  save: (publishedAt: string | null, done: () => void) => void;
  texts: PublishPanelTexts;
  dialog: { texts: PublishDialogTexts; gaps: readonly string[] };
};

/**
 * Publish / unpublish a campaign. While a draft the checks are listed and a blocking gap disables
 * «Publiser» with the reason; «Publiser» asks first with what is unfinished (PublishDialog). One
 * button for both jobs, so focus stays on it when its job changes; unpublishing asks first, and each
 * outcome is announced.
 */
export function PublishPanel({
  published,
  checks,
  blocked,
  pending,
  error,
  save,
  texts,
  dialog,
}: PublishPanelProps) {
  const [asking, setAsking] = useState(false);
  const action = useKeepFocus(pending);
  const blocking = !published && blocked !== null;
  const publish = () =>
    save(new Date().toISOString(), () => notify({ message: texts.published, tone: 'success' }));
  const unpublish = async () => {
    if (!(await confirm({ title: texts.unpublishConfirm, confirmLabel: texts.unpublish, tone: 'danger' })))
      return;
    save(null, () => notify({ message: texts.unpublished, tone: 'success' }));
  };
  return (
    <section className={layout.section} aria-labelledby="publish-title">
      <h2 id="publish-title">{published ? texts.publishedTitle : texts.checksTitle}</h2>
      {published ? (
        <p className={layout.muted}>{texts.publishedNote}</p>
      ) : (
        <Checklist>
          {checks.map((check) => (
            <ChecklistItem key={check.label} done={check.done}>
              {check.label}
            </ChecklistItem>
          ))}
        </Checklist>
      )}
      {blocking ? (
        <p className={styles.warning} id="publish-blocked">
          {blocked}
        </p>
      ) : null}
      <FormStatus error={error} />
      <div className={layout.actions}>
        <Button
          ref={action}
          variant={published ? 'secondary' : 'primary'}
          loading={pending}
          disabled={blocking}
          aria-describedby={blocking ? 'publish-blocked' : undefined}
          onClick={() => (published ? void unpublish() : setAsking(true))}
        >
          {published ? texts.unpublish : texts.publish}
        </Button>
      </div>
      <PublishDialog
        open={asking}
        onOpenChange={setAsking}
        gaps={dialog.gaps}
        onPublish={publish}
        texts={dialog.texts}
      />
    </section>
  );
}
