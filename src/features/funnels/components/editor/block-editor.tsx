import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/components/button';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { NativeSelect } from '@/components/native-select';
import { Textarea } from '@/components/textarea';
import type { MediaSummary } from '@/lib/media/types';
import {
  BLOCK_LIMITS,
  BLOCK_TYPES,
  emptyBlock,
  MAX_BLOCKS,
  moveItem,
  type Block,
  type BlockErrorCode,
} from '../../utils/blocks';
import styles from './funnel-editor.module.css';

type BlockEditorProps = {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  /** The first problem of each block, by its id (shown under it). */
  errors: ReadonlyMap<string, BlockErrorCode>;
  media: ReadonlyMap<string, MediaSummary>;
  onPicked: (media: MediaSummary) => void;
  /** The editor's own words for an offer: its page adds «Ja» and «Nei takk» itself. */
  offer: boolean;
};

/** A page's blocks: each one's fields with move up / down and remove, and buttons to add one of each type. */
export function BlockEditor({ blocks, onChange, errors, media, onPicked, offer }: BlockEditorProps) {
  const { t } = useTranslation('funnels');
  const update = (index: number, block: Block) =>
    onChange(blocks.map((item, at) => (at === index ? block : item)));
  const numbered = new Map<string, number>();
  const counts: Record<string, number> = {};
  for (const block of blocks) {
    counts[block.type] = (counts[block.type] ?? 0) + 1;
    numbered.set(block.id, counts[block.type] ?? 1);
  }

  return (
    <div className={styles.blocks}>
      {blocks.length === 0 ? <p className={editor.warning}>{t('editor.blocks.empty')}</p> : null}
      {offer ? <p className={styles.muted}>{t('editor.blocks.offerButtons')}</p> : null}
      <ol className={styles.blockList}>
        {blocks.map((block, index) => {
          const name = t('editor.blocks.block', {
            type: t(`editor.blocks.types.${block.type}`),
            number: numbered.get(block.id) ?? 1,
          });
          const error = errors.get(block.id);
          const message = error ? t(`editor.blocks.errors.${error}`) : undefined;
          return (
            <li key={block.id}>
              <fieldset className={editor.fieldset}>
                <legend>{name}</legend>
                <BlockFields
                  block={block}
                  error={message}
                  media={media}
                  onPicked={onPicked}
                  onChange={(next) => update(index, next)}
                />
                <div className={styles.rowButtons}>
                  <IconButton
                    label={t('editor.blocks.moveUp', { block: name })}
                    icon={<ArrowUp aria-hidden />}
                    size="sm"
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(blocks, index, -1))}
                  />
                  <IconButton
                    label={t('editor.blocks.moveDown', { block: name })}
                    icon={<ArrowDown aria-hidden />}
                    size="sm"
                    disabled={index === blocks.length - 1}
                    onClick={() => onChange(moveItem(blocks, index, 1))}
                  />
                  <IconButton
                    label={t('editor.blocks.remove', { block: name })}
                    icon={<Trash2 aria-hidden />}
                    size="sm"
                    onClick={() => onChange(blocks.filter((item) => item.id !== block.id))}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className={styles.addRow} role="group" aria-label={t('editor.blocks.add')}>
        <span aria-hidden="true">{t('editor.blocks.add')}:</span>
        {BLOCK_TYPES.map((type) => (
          <Button
            key={type}
            size="sm"
            variant="secondary"
            disabled={blocks.length >= MAX_BLOCKS}
            onClick={() => onChange([...blocks, emptyBlock(type)])}
          >
            {t(`editor.blocks.types.${type}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

type FieldsProps = {
  block: Block;
  error: string | undefined;
  media: ReadonlyMap<string, MediaSummary>;
  onPicked: (media: MediaSummary) => void;
  onChange: (block: Block) => void;
};

function BlockFields({ block, error, media, onPicked, onChange }: FieldsProps) {
  const { t } = useTranslation('funnels');
  switch (block.type) {
    case 'heading':
      return (
        <>
          <Input
            label={t('editor.blocks.text')}
            value={block.text}
            maxLength={BLOCK_LIMITS.heading}
            error={error}
            onChange={(event) => onChange({ ...block, text: event.target.value })}
          />
          <NativeSelect
            label={t('editor.blocks.level')}
            value={String(block.level)}
            options={[
              { value: '1', label: t('editor.blocks.level1') },
              { value: '2', label: t('editor.blocks.level2') },
            ]}
            onChange={(event) => onChange({ ...block, level: event.target.value === '1' ? 1 : 2 })}
          />
        </>
      );
    case 'text':
      return (
        <Textarea
          label={t('editor.blocks.text')}
          hint={t('editor.blocks.textHint')}
          value={block.text}
          rows={5}
          error={error}
          onChange={(event) => onChange({ ...block, text: event.target.value })}
        />
      );
    case 'image': {
      const chosen = block.mediaId ? (media.get(block.mediaId) ?? null) : null;
      return (
        <>
          <MediaChoice
            legend={t('editor.blocks.imageLegend')}
            media={chosen}
            accept="image"
            onChoose={(item) => {
              if (item) onPicked(item);
              onChange({ ...block, mediaId: item?.id ?? '', alt: block.alt || (item?.alt_text ?? '') });
            }}
            texts={{
              choose: t('editor.blocks.media.choose'),
              change: t('editor.blocks.media.change'),
              remove: t('editor.blocks.media.remove'),
              altMissing: t('editor.blocks.media.altMissing'),
              alt: (alt) => t('editor.blocks.media.alt', { alt }),
            }}
          />
          {error ? <p className={editor.warning}>{error}</p> : null}
          <Input
            label={t('editor.blocks.alt')}
            hint={t('editor.blocks.altHint')}
            value={block.alt}
            maxLength={BLOCK_LIMITS.alt}
            onChange={(event) => onChange({ ...block, alt: event.target.value })}
          />
        </>
      );
    }
    case 'video':
      return (
        <Input
          label={t('editor.blocks.video')}
          hint={t('editor.blocks.videoHint')}
          type="url"
          inputMode="url"
          value={block.url}
          error={error}
          onChange={(event) => onChange({ ...block, url: event.target.value })}
        />
      );
    case 'bullets':
      return (
        <Textarea
          label={t('editor.blocks.bullets')}
          hint={t('editor.blocks.bulletsHint')}
          value={block.items.join('\n')}
          rows={4}
          error={error}
          onChange={(event) => onChange({ ...block, items: event.target.value.split('\n') })}
        />
      );
    case 'button':
      return (
        <Input
          label={t('editor.blocks.buttonText')}
          hint={t('editor.blocks.buttonHint')}
          value={block.text}
          maxLength={BLOCK_LIMITS.button}
          error={error}
          onChange={(event) => onChange({ ...block, text: event.target.value })}
        />
      );
  }
}
