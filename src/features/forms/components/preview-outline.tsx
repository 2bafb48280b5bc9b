import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { evaluate, type FormDefinition } from '@/lib/forms/engine';
import { blockName } from '../utils/block-name';
import styles from './forms.module.css';

/**
 * The live preview: what the engine makes of the form before anything is answered — each page on the
 * path with its visible questions, and what follows it. The public renderer takes this area's place
 * when it is there (it renders the same definition).
 */
export function PreviewOutline({ definition }: { definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  const result = evaluate(definition, {});
  const byId = new Map(definition.pages.flatMap((page) => page.blocks.map((block) => [block.id, block])));
  const pageNumber = (id: string) => definition.pages.findIndex((page) => page.id === id) + 1;

  return (
    <section aria-labelledby="form-preview-title" className={styles.blocks}>
      <div className={styles.toolbar}>
        <h2 id="form-preview-title">{t('preview.title')}</h2>
        <div role="group" aria-label={t('preview.width')} className={styles.rowActions}>
          {(['phone', 'desktop'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={width === value ? 'primary' : 'secondary'}
              aria-pressed={width === value}
              onClick={() => setWidth(value)}
            >
              {t(`preview.${value}`)}
            </Button>
          ))}
        </div>
      </div>
      <div className={`${styles.preview} ${width === 'phone' ? styles.phone : ''}`}>
        {result.path.map((pageId, index) => {
          const visible = result.visible[pageId] ?? [];
          const next = result.path[index + 1];
          return (
            <div key={pageId} className={styles.previewPage}>
              <h3>{t('preview.page', { number: pageNumber(pageId) })}</h3>
              {visible.length === 0 ? (
                <p>{t('preview.noBlocks')}</p>
              ) : (
                <ol>
                  {visible.map((id) => {
                    const block = byId.get(id);
                    if (!block) return null;
                    const required = 'required' in block && block.required;
                    return (
                      <li key={id}>
                        {blockName(block, t('builder.untitled'))} {required ? t('preview.required') : null}
                      </li>
                    );
                  })}
                </ol>
              )}
              <p>
                {next
                  ? t('preview.next', { number: pageNumber(next) })
                  : t('preview.end', { title: result.ending.title })}
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}
