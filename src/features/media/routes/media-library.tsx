import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { CreateImageForm } from '@/components/media-picker/create-image-form';
import { MediaBrowser } from '@/components/media-picker/media-browser';
import { UploadDropZone } from '@/components/media-picker/upload-drop-zone';
import { UploadQueue } from '@/components/media-picker/upload-queue';
import { useUploadQueue } from '@/components/media-picker/use-upload-queue';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import type { MediaListFilter, MediaTypeFilter, MediaRow } from '@/lib/media/types';
import { MediaPreviewDialog } from '../components/media-preview-dialog';

const typeOf = (value: string | null): MediaTypeFilter =>
  value === 'image' || value === 'video' ? value : 'all';

function MediaLibrary({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('media');
  const [params, setParams] = useSearchParams();
  const filter: MediaListFilter = { type: typeOf(params.get('type')), search: params.get('q') ?? '' };
  const [open, setOpen] = useState<MediaRow | null>(null);
  const [creating, setCreating] = useState(false);
  const queue = useUploadQueue(organizationId);

  // The filter lives in the URL, so a reload or a shared link shows the same view.
  const setFilter = (next: MediaListFilter) => {
    const query = new URLSearchParams();
    if (next.type !== 'all') query.set('type', next.type);
    if (next.search) query.set('q', next.search);
    setParams(query, { replace: true });
  };

  const aiButton = (
    <Button variant="secondary" onClick={() => setCreating(true)}>
      {t('createWithAi')}
    </Button>
  );

  return (
    <div className={page.page}>
      <header className={page.header}>
        <div>
          <h1>{t('title')}</h1>
          <p className={page.muted}>{t('intro')}</p>
        </div>
      </header>
      <UploadDropZone onFiles={queue.add}>{aiButton}</UploadDropZone>
      <UploadQueue queue={queue} />
      <MediaBrowser
        organizationId={organizationId}
        filter={filter}
        onFilterChange={setFilter}
        onOpen={setOpen}
        empty={<EmptyState title={t('empty.title')} description={t('empty.body')} action={aiButton} />}
      />
      <MediaPreviewDialog row={open} onClose={() => setOpen(null)} />
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('ai.title')}
        description={t('ai.description')}
        wide
      >
        {creating ? (
          <CreateImageForm
            organizationId={organizationId}
            onKept={() => {
              notify({ message: t('ai.kept'), tone: 'success' });
              setCreating(false);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/** The organization's media library: upload, generate, find, describe and delete images and videos. */
export default function MediaLibraryPage() {
  const organization = useCurrentOrganization();
  if (!organization) return null;
  return <MediaLibrary organizationId={organization.organizationId} />;
}
