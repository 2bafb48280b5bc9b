import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import type { MediaRow } from '@/lib/media/types';
import styles from './media.module.css';
import { isFinished, type QueueItem, type UploadQueueState } from './use-upload-queue';

type UploadQueueProps = {
  queue: UploadQueueState;
  /** The picker offers «Bruk» on a finished upload. */
  onChoose?: (row: MediaRow) => void;
};

const STAGES_WITH_BAR = new Set(['uploading', 'processing']);

function stageText(t: TFunction<'media'>, item: QueueItem): string {
  switch (item.stage) {
    case 'waiting':
    case 'checking':
      return t('queue.checking');
    case 'preparing':
      return t('queue.preparing');
    case 'uploading':
      return t('queue.uploading');
    case 'processing':
      return t('queue.processing');
    case 'done':
      return t('queue.done');
    case 'cancelled':
      return t('queue.cancelled');
    case 'failed':
      return '';
  }
}

/** Each file being uploaded: its name, a progress bar, what is happening or what went wrong, and cancel. */
export function UploadQueue({ queue, onChoose }: UploadQueueProps) {
  const { t } = useTranslation('media');
  if (queue.items.length === 0) return null;
  return (
    <section aria-label={t('queue.label')} className={page.form}>
      <ul className={styles.queue}>
        {queue.items.map((item) => {
          const percent = Math.round(item.progress * 100);
          return (
            <li key={item.key} className={styles.queueItem}>
              <strong className={styles.name}>{item.name}</strong>
              {isFinished(item) ? (
                item.stage === 'done' && item.row && onChoose ? (
                  <Button
                    size="sm"
                    onClick={() => item.row && onChoose(item.row)}
                    aria-label={t('queue.choose', { name: item.name })}
                  >
                    {t('picker.choose')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => queue.dismiss(item.key)}
                    aria-label={t('queue.dismiss', { name: item.name })}
                  >
                    ×
                  </Button>
                )
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => queue.cancel(item.key)}
                  aria-label={t('queue.cancel', { name: item.name })}
                >
                  {t('queue.stop')}
                </Button>
              )}
              {STAGES_WITH_BAR.has(item.stage) ? (
                <progress max={100} value={percent} aria-label={`${item.name}: ${stageText(t, item)}`}>
                  {percent} %
                </progress>
              ) : null}
              {item.stage === 'failed' ? (
                <FormStatus error={item.error} />
              ) : (
                <p role="status">
                  {stageText(t, item)}
                  {STAGES_WITH_BAR.has(item.stage) ? ` ${percent} %` : ''}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {queue.items.some(isFinished) ? (
        <div className={page.actions}>
          <Button size="sm" variant="ghost" onClick={queue.clearFinished}>
            {t('queue.clear')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
