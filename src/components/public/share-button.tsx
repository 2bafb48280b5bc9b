import { useState } from 'react';
import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

type ShareButtonProps = {
  url: string;
  title: string;
  /** The area's words: the button («Del kalenderen»), the message shared with the link, and the
   * label of the link shown to copy by hand. */
  texts: { button: string; message: string; linkLabel: string };
  /** Called once the link was shared or copied (the statistics count it). */
  onShared?: () => void;
};

/**
 * The phone's own share sheet where there is one (Web Share API), else the link is copied; where even
 * that is refused (an iframe without clipboard rights), the link is shown to copy by hand.
 */
export function ShareButton({ url, title, texts, onShared }: ShareButtonProps) {
  const { t } = usePublicTexts(sharedPublicTexts);
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');

  const share = async () => {
    const data = { title, text: texts.message, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        onShared?.();
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
      onShared?.();
    } catch {
      setState('manual');
    }
  };

  return (
    <div className={styles.actions}>
      <button type="button" className={`${styles.button} ${styles.secondary}`} onClick={() => void share()}>
        {texts.button}
      </button>
      <p role="status" className={styles.hint}>
        {state === 'copied' ? t('share.copied') : state === 'manual' ? t('share.copyFailed') : ''}
      </p>
      {state === 'manual' ? (
        <input
          className={styles.input}
          readOnly
          value={url}
          aria-label={texts.linkLabel}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
