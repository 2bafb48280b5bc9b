import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { Tabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { lacksAltText, type MediaAccept, type MediaListFilter, type MediaRow } from '@/lib/media/types';
import { AltTextStep } from './alt-text-step';
import { CreateImageForm } from './create-image-form';
import { MediaBrowser } from './media-browser';
import { UploadDropZone } from './upload-drop-zone';
import { UploadQueue } from './upload-queue';
import { useUploadQueue } from './use-upload-queue';

export type MediaPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accept?: MediaAccept;
  /** For a public page: an image without alt text gets one before it is handed over. */
  requireAltText?: boolean;
  onSelect: (row: MediaRow) => void;
};

const TITLE = { any: 'picker.title', image: 'picker.titleImage', video: 'picker.titleVideo' } as const;

function PickerBody({
  organizationId,
  accept,
  requireAltText,
  onChosen,
}: {
  organizationId: string;
  accept: MediaAccept;
  requireAltText: boolean;
  onChosen: (row: MediaRow) => void;
}) {
  const { t } = useTranslation('media');
  const [filter, setFilter] = useState<MediaListFilter>({ type: 'all', search: '' });
  const [needsAlt, setNeedsAlt] = useState<MediaRow | null>(null);
  const [tab, setTab] = useState('library');
  const queue = useUploadQueue(organizationId, accept);

  const choose = (row: MediaRow) => {
    if (requireAltText && lacksAltText(row)) setNeedsAlt(row);
    else onChosen(row);
  };

  if (needsAlt) return <AltTextStep row={needsAlt} onDone={onChosen} onBack={() => setNeedsAlt(null)} />;

  const items = [
    {
      value: 'library',
      label: t('picker.library'),
      content: (
        <MediaBrowser
          organizationId={organizationId}
          filter={filter}
          onFilterChange={setFilter}
          accept={accept}
          onOpen={choose}
        />
      ),
    },
    {
      value: 'upload',
      label: t('picker.upload'),
      content: (
        <>
          <UploadDropZone accept={accept} onFiles={queue.add} />
          <UploadQueue queue={queue} onChoose={choose} />
        </>
      ),
    },
    ...(accept === 'video'
      ? []
      : [
          {
            value: 'ai',
            label: t('picker.ai'),
            content: <CreateImageForm organizationId={organizationId} onKept={choose} />,
          },
        ]),
  ];
  return <Tabs label={t('picker.tabs')} items={items} value={tab} onValueChange={setTab} />;
}

/**
 * The shared media picker: choose from the organization's library, upload, or generate with AI,
 * and get the media row back. Editors load it with React.lazy (./lazy-media-picker.tsx), so a
 * screen pays for it only when it is opened.
 */
export default function MediaPicker({
  open,
  onOpenChange,
  accept = 'image',
  requireAltText = false,
  onSelect,
}: MediaPickerProps) {
  const { t } = useTranslation('media');
  const organization = useCurrentOrganization();
  const chosen = (row: MediaRow) => {
    onSelect(row);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(TITLE[accept])} wide>
      {/* Editors sit behind the organization guard; the membership is only still loading here. */}
      {organization && open ? (
        <PickerBody
          organizationId={organization.organizationId}
          accept={accept}
          requireAltText={requireAltText}
          onChosen={chosen}
        />
      ) : null}
    </Dialog>
  );
}
