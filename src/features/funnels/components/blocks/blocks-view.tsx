import { useState } from 'react';
import { paragraphsOf, videoEmbed, type Block, type VideoBlock } from '../../utils/blocks';
import styles from './blocks-view.module.css';

/** The renderer's few words, from the caller's namespace (the editor's, or the public page's texts). */
export type BlocksViewTexts = {
  /** The play button of a video not yet loaded («Spill av videoen (YouTube)»). */
  playVideo: (provider: string) => string;
  /** Said under it: nothing is fetched from the provider before the visitor asks. */
  videoNote: (provider: string) => string;
  /** The player's frame title once loaded. */
  videoTitle: string;
};

type BlocksViewProps = {
  blocks: readonly Block[];
  /** The link of a library image (signed by the caller: public-media on a public page), null while it is had. */
  imageUrl: (mediaId: string) => string | null | undefined;
  texts: BlocksViewTexts;
  /** What a button block does (the public page: on to the next step); none in the editor's preview. */
  onButton?: () => void;
  /** A button's action is under way (the next step is being fetched). */
  busy?: boolean;
  /** The page's level of a level-1 heading: 1 on a public page, 2 inside the editor's preview. */
  headingBase?: 1 | 2;
};

const PROVIDERS = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A funnel page's blocks (sales, offer, thank-you): the public page and the editor's preview render
 * the same view, mobile first.
 */
export function BlocksView({
  blocks,
  imageUrl,
  texts,
  onButton,
  busy = false,
  headingBase = 1,
}: BlocksViewProps) {
  return (
    <div className={styles.blocks}>
      {blocks.map((block) => {
        switch (block.type) {
          case 'heading': {
            const Tag =
              block.level + headingBase - 1 === 1 ? 'h1' : block.level + headingBase - 1 === 2 ? 'h2' : 'h3';
            return (
              <Tag key={block.id} className={block.level === 1 ? styles.title : styles.heading}>
                {block.text}
              </Tag>
            );
          }
          case 'text':
            return (
              <div key={block.id} className={styles.text}>
                {paragraphsOf(block.text).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            );
          case 'image': {
            const url = imageUrl(block.mediaId);
            return url ? (
              <img key={block.id} className={styles.image} src={url} alt={block.alt} loading="lazy" />
            ) : (
              <div key={block.id} className={styles.imagePending} role="img" aria-label={block.alt} />
            );
          }
          case 'video':
            return <VideoView key={block.id} block={block} texts={texts} />;
          case 'bullets':
            return (
              <ul key={block.id} className={styles.bullets}>
                {block.items.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            );
          case 'button':
            return (
              <button
                key={block.id}
                type="button"
                className={styles.button}
                onClick={onButton}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {block.text}
              </button>
            );
        }
      })}
    </div>
  );
}

/** Click to load: the provider's player (and its cookies) only after the visitor asks for it. */
function VideoView({ block, texts }: { block: VideoBlock; texts: BlocksViewTexts }) {
  const [playing, setPlaying] = useState(false);
  const embed = videoEmbed(block.url);
  if (!embed) return null;
  const provider = PROVIDERS[embed.provider];
  return (
    <div className={styles.video}>
      {playing ? (
        <iframe
          className={styles.frame}
          src={embed.embedUrl}
          title={texts.videoTitle}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className={styles.poster}>
          <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
            <span aria-hidden="true">▶</span> {texts.playVideo(provider)}
          </button>
          <p className={styles.note}>{texts.videoNote(provider)}</p>
        </div>
      )}
    </div>
  );
}
