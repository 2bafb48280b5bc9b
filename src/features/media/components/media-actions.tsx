import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import { useDeleteMedia } from '@/lib/media/api/delete-media';
import { mediaUsagesQueryOptions } from '@/lib/media/api/get-media-usages';
import { useRetryVideoProcessing } from '@/lib/media/api/retry-video-processing';
import { signMediaPathFor } from '@/lib/media/api/sign-share-link';
import { SHARE_LINK_SECONDS } from '@/lib/media/limits';
import { videoFailed, type MediaRow } from '@/lib/media/types';
import styles from './media-library.module.css';

const USAGE_KINDS = ['calendar', 'competition', 'popup', 'form'] as const;
const usageKindOf = (kind: string) => USAGE_KINDS.find((known) => known === kind) ?? 'other';

type MediaActionsProps = {
  row: MediaRow;
  /** The item is gone, or back in the library's hands (a failed video tried again): close the view. */
  onDone: () => void;
};

/**
 * Copy a link (valid 7 days: the files are private, so a shared link must run out), try a failed
 * video again, and delete. An item still in use lists where, and cannot be deleted until it is
 * removed there.
 */
export function MediaActions({ row, onDone }: MediaActionsProps) {
  const { t } = useTranslation('media');
  const usages = useQuery(mediaUsagesQueryOptions(row.id));
  const remove = useDeleteMedia();
  const retry = useRetryVideoProcessing();
  const [copyError, setCopyError] = useState<unknown>(null);
  const inUse = (usages.data?.length ?? 0) > 0;

  const copyLink = async () => {
    setCopyError(null);
    try {
      const link = await signMediaPathFor(row.url ?? row.storage_path, SHARE_LINK_SECONDS);
      await navigator.clipboard.writeText(link);
      notify({ message: t('preview.linkCopied'), tone: 'success' });
    } catch (error) {
      setCopyError(error);
    }
  };

  const deleteItem = async () => {
    const confirmed = await confirm({
      title: t('preview.deleteTitle', { name: row.name }),
      description: t('preview.deleteBody'),
      confirmLabel: t('preview.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    remove.mutate(row, {
      onSuccess: () => {
        notify({ message: t('preview.deleted', { name: row.name }), tone: 'success' });
        onDone();
      },
    });
  };

  const retryVideo = () =>
    retry.mutate(row, {
      onSuccess: () => {
        notify({ message: t('preview.retried'), tone: 'info' });
        onDone();
      },
    });

  return (
    <div className={page.form}>
      <p className={page.muted}>{t('preview.linkHint')}</p>
      {usages.isPending ? (
        <p className={page.muted} role="status">
          {t('preview.checkingUsage')}
        </p>
      ) : inUse ? (
        <div>
          <p>{t('preview.inUse')}</p>
          <ul className={styles.usages}>
            {usages.data?.map((usage) => (
              <li key={`${usage.kind}-${usage.ref_id ?? usage.label ?? ''}`}>
                {t(`usageKinds.${usageKindOf(usage.kind)}`)}
                {usage.label ? `: ${usage.label}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FormStatus error={copyError ?? remove.error ?? retry.error ?? usages.error} />
      <div className={page.actions}>
        {videoFailed(row) ? (
          <Button variant="secondary" onClick={retryVideo} loading={retry.isPending}>
            {t('preview.retry')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void copyLink()}>
          {t('preview.copyLink')}
        </Button>
        <Button
          variant="danger"
          onClick={() => void deleteItem()}
          loading={remove.isPending}
          disabled={inUse || usages.isPending}
        >
          {t('preview.delete')}
        </Button>
      </div>
    </div>
  );
}
