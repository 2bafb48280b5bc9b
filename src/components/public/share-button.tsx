import { useState } from 'react';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

type ShareButtonProps = {
  url: string;
  title: string;
  /** Called once the link was shared or copied (the statistics count it). */
  onShared?: () => void;
};

/**
 * The phone's own share sheet where there is one (Web Share API), else the link is copied; where even
 * that is refused (an iframe without clipboard rights), the link is shown to copy by hand.
 */
export function ShareButton({ url, title, onShared }: ShareButtonProps) {
  const { t } = useCalendarTexts();
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');

  const share = async () => {
    const data = { title, text: t('share.text', { name: title }), url };
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
        {t('share.button')}
      </button>
      <p role="status" className={styles.hint}>
        {state === 'copied' ? t('share.copied') : state === 'manual' ? t('share.copyFailed') : ''}
      </p>
      {state === 'manual' ? (
        <input
          className={styles.input}
          readOnly
          value={url}
          aria-label={t('share.linkLabel')}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
