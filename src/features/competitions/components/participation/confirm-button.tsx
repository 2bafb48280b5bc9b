import { useEffect, useId, useRef, useState } from 'react';
import ui from '@/components/public/public-ui.module.css';

type ConfirmButtonProps = {
  /** The button, e.g. «Forlat Tråkkerne». */
  label: string;
  /** The question asked before acting. */
  question: string;
  yes: string;
  cancel: string;
  busy: boolean;
  onConfirm: () => Promise<void>;
  /** `danger` for what cannot be undone by the person alone. */
  tone?: 'danger' | 'secondary';
};

/**
 * A button that asks first, in place (no modal on the lean public pages): the question is a labelled
 * group that takes focus on its safe answer, so the question is read out and an Enter pressed too
 * soon changes nothing; «Avbryt» gives focus back to the button.
 */
export function ConfirmButton({
  label,
  question,
  yes,
  cancel,
  busy,
  onConfirm,
  tone = 'danger',
}: ConfirmButtonProps) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) cancelButton.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const toneClass = tone === 'danger' ? ui.danger : ui.secondary;

  if (!asking)
    return (
      <button
        ref={trigger}
        type="button"
        className={`${ui.button} ${toneClass}`}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <div role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{question}</p>
      <div className={ui.actions}>
        <button
          type="button"
          className={`${ui.button} ${toneClass}`}
          disabled={busy}
          onClick={() => void onConfirm().catch(() => setAsking(false))}
        >
          {yes}
        </button>
        <button
          ref={cancelButton}
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          onClick={() => setAsking(false)}
        >
          {cancel}
        </button>
      </div>
    </div>
  );
}
