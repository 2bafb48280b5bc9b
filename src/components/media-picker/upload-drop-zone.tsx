import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import page from '@/components/page.module.css';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@/lib/media/limits';
import type { MediaAccept } from '@/lib/media/types';
import styles from './media.module.css';

/** What the file dialog offers; the bytes are checked anyway (lib/media/check-file.ts). */
const ACCEPT_ATTRIBUTE: Record<MediaAccept, string> = {
  image: IMAGE_MIME_TYPES.join(','),
  video: [...VIDEO_MIME_TYPES, '.mov', '.mkv'].join(','),
  any: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES, '.mov', '.mkv'].join(','),
};

type UploadDropZoneProps = {
  onFiles: (files: File[]) => void;
  accept?: MediaAccept;
  children?: ReactNode;
};

/** Drop files here or choose them with the button (several at once); the limits said up front. */
export function UploadDropZone({ onFiles, accept = 'any', children }: UploadDropZoneProps) {
  const { t } = useTranslation('media');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      className={dragging ? `${styles.drop} ${styles.dragging}` : styles.drop}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className={page.muted}>{dragging ? t('dropHere') : t('uploadHint')}</p>
      <div className={page.actions}>
        <Button onClick={() => input.current?.click()}>{t('chooseFiles')}</Button>
        {children}
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE[accept]}
        data-testid="media-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
