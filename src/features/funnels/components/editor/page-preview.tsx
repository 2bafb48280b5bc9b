import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaSummary } from '@/lib/media/types';
import { blockMediaIds, showableBlocks, type Block } from '../../utils/blocks';
import { BlocksView } from '../blocks/blocks-view';
import styles from './funnel-editor.module.css';

/**
 * The page as a visitor sees it, live while editing: on a phone's width or a desktop's, through the
 * public pages' own renderer. Only the blocks that are filled in show (as on the public page).
 */
export function PagePreview({
  blocks,
  media,
  offer,
}: {
  blocks: readonly Block[];
  media: ReadonlyMap<string, MediaSummary>;
  offer: boolean;
}) {
  const { t } = useTranslation('funnels');
  const [device, setDevice] = useState<'phone' | 'desktop'>('phone');
  const shown = showableBlocks(blocks);
  const paths = blockMediaIds(shown).map((id) => media.get(id)?.url ?? null);
  const links = useSignedMediaUrls(paths);
  const imageUrl = (mediaId: string) => {
    const path = media.get(mediaId)?.url;
    return path ? links.get(path) : null;
  };

  return (
    <section className={styles.preview} aria-labelledby="funnel-preview-title">
      <div className={styles.previewHeader}>
        <h3 id="funnel-preview-title">{t('editor.preview.title')}</h3>
        <div role="group" aria-label={t('editor.preview.device')} className={styles.rowButtons}>
          <Button
            size="sm"
            variant={device === 'phone' ? 'primary' : 'secondary'}
            aria-pressed={device === 'phone'}
            onClick={() => setDevice('phone')}
          >
            <Smartphone aria-hidden /> {t('editor.preview.phone')}
          </Button>
          <Button
            size="sm"
            variant={device === 'desktop' ? 'primary' : 'secondary'}
            aria-pressed={device === 'desktop'}
            onClick={() => setDevice('desktop')}
          >
            <Monitor aria-hidden /> {t('editor.preview.desktop')}
          </Button>
        </div>
      </div>
      <div className={device === 'phone' ? styles.phone : styles.desktop} data-device={device}>
        <BlocksView
          blocks={shown}
          imageUrl={imageUrl}
          headingBase={2}
          texts={{
            playVideo: (provider) => t('editor.view.playVideo', { provider }),
            videoNote: (provider) => t('editor.view.videoNote', { provider }),
            videoTitle: t('editor.view.videoTitle'),
          }}
        />
        {offer ? (
          <div className={styles.offerButtons} aria-hidden="true">
            <span className={styles.fakeAccept}>{t('editor.preview.offerAccept')}</span>
            <span className={styles.fakeDecline}>{t('editor.preview.offerDecline')}</span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
