import { useTranslation } from 'react-i18next';
import { DevicePreview } from '@/components/device-preview';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaSummary } from '@/lib/media/types';
import { blockMediaIds, showableBlocks, type Block } from '../../utils/blocks';
import { BlocksView } from '../blocks/blocks-view';
import styles from './funnel-editor.module.css';

/**
 * The page as a visitor sees it, live while editing (at a phone's or a desktop's width), through the
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
  const shown = showableBlocks(blocks);
  const paths = blockMediaIds(shown).map((id) => media.get(id)?.url ?? null);
  const links = useSignedMediaUrls(paths);
  const imageUrl = (mediaId: string) => {
    const path = media.get(mediaId)?.url;
    return path ? links.get(path) : null;
  };

  return (
    <DevicePreview headingLevel={3} className={styles.preview}>
      <div className={styles.page}>
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
    </DevicePreview>
  );
}
