import { useId, useState } from 'react';
import { Button } from './button';
import { Checklist, ChecklistItem } from './checklist';
import { Dialog } from './dialog';
import styles from './editor.module.css';
import layout from './page.module.css';

/** The dialog's words, from the screen's own namespace (none of them belongs in the start-up bundle). */
export type PublishDialogTexts = {
  title: string;
  /** Shown when nothing is unfinished. */
  ready: string;
  /** Above the list of what is unfinished. */
  gapsIntro: string;
  cancel: string;
  publish: string;
  publishAnyway: string;
  confirmAnyway: string;
  anywayNote: string;
};

type PublishDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  texts: PublishDialogTexts;
  /** What is unfinished, one line each; empty when all is done. */
  gaps: readonly string[];
  onPublish: () => void;
};

/**
 * «Publiser» asks first: with nothing unfinished a plain yes; with gaps it lists them, and publishing
 * anyway needs a second, explicit yes (the box ticked) so nobody publishes `[premiene]` by a slip.
 */
export function PublishDialog({ open, onOpenChange, texts, gaps, onPublish }: PublishDialogProps) {
  const [anyway, setAnyway] = useState(false);
  const noteId = useId();
  const unfinished = gaps.length > 0;
  const change = (next: boolean) => {
    if (!next) setAnyway(false);
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={texts.title}
      description={unfinished ? texts.gapsIntro : texts.ready}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            {texts.cancel}
          </Button>
          <Button
            disabled={unfinished && !anyway}
            aria-describedby={unfinished && !anyway ? noteId : undefined}
            onClick={() => {
              change(false);
              onPublish();
            }}
          >
            {unfinished ? texts.publishAnyway : texts.publish}
          </Button>
        </>
      }
    >
      {unfinished ? (
        <>
          <Checklist>
            {gaps.map((gap) => (
              <ChecklistItem key={gap} done={false}>
                {gap}
              </ChecklistItem>
            ))}
          </Checklist>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={anyway} onChange={(event) => setAnyway(event.target.checked)} />
            {texts.confirmAnyway}
          </label>
          <p id={noteId} className={layout.muted}>
            {texts.anywayNote}
          </p>
        </>
      ) : null}
    </Dialog>
  );
}
