import { useEffect, useId, useRef } from 'react';
import ui from './public-ui.module.css';
import styles from './test-bank-challenge.module.css';

export type TestBankTexts = { title: string; text: string; approve: string; decline: string };

/**
 * The local payment provider's stand-in for the bank's 3-D Secure page (a test card that asks for
 * it): approve or decline, the first button focused as a bank's page would take focus.
 */
export function TestBankChallenge({
  texts,
  headingLevel = 2,
  busy = false,
  onAnswer,
}: {
  texts: TestBankTexts;
  headingLevel?: 2 | 3;
  busy?: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  const id = useId();
  const approve = useRef<HTMLButtonElement>(null);
  useEffect(() => approve.current?.focus(), []);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div
      className={styles.challenge}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <Heading id={`${id}-title`} className={ui.heading}>
        {texts.title}
      </Heading>
      <p id={`${id}-text`}>{texts.text}</p>
      <div className={ui.actions}>
        <button
          ref={approve}
          type="button"
          className={ui.button}
          disabled={busy}
          onClick={() => onAnswer(true)}
        >
          {texts.approve}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={busy}
          onClick={() => onAnswer(false)}
        >
          {texts.decline}
        </button>
      </div>
    </div>
  );
}
