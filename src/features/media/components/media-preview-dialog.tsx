import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import page from '@/components/page.module.css';
import { formatBytes } from '@/lib/format-bytes';
import type { MediaRow } from '@/lib/media/types';
import { MediaActions } from './media-actions';
import { MediaDetailsForm } from './media-details-form';
import { MediaView } from './media-view';

type MediaPreviewDialogProps = {
  row: MediaRow | null;
  onClose: () => void;
};

/** One item: seen large, renamed, described, linked to or deleted. */
export function MediaPreviewDialog({ row, onClose }: MediaPreviewDialogProps) {
  const { t } = useTranslation('media');
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={row?.name ?? t('preview.title')}
      wide
    >
      {row ? (
        <div className={page.form}>
          <MediaView row={row} />
          <p className={page.muted}>
            {t('preview.details', {
              type: t(`types.${row.type === 'video' ? 'video' : 'image'}`),
              size: formatBytes(row.size_bytes),
            })}
            {row.width && row.height
              ? ` · ${t('preview.dimensions', { width: row.width, height: row.height })}`
              : ''}
          </p>
          <MediaDetailsForm key={row.id} row={row} />
          <MediaActions row={row} onDone={onClose} />
        </div>
      ) : null}
    </Dialog>
  );
}
