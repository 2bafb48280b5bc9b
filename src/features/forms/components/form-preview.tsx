import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import type { FormDefinition } from '@/lib/forms/engine';
import type { FormEditorData } from '../api/get-form';
import { previewForm } from '../utils/preview-form';
import styles from './forms.module.css';
import { FormView } from './public/form-view';

/**
 * The live preview: the public form itself (FormView in preview: nothing is sent or kept) on the
 * draft being edited, at a phone's or a desktop's width. Editing the questions resets it.
 */
export function FormPreview({ data, definition }: { data: FormEditorData; definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');

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
        <FormView
          key={JSON.stringify(definition)}
          form={previewForm(data)}
          definition={definition}
          preview
          headingLevel={2}
        />
      </div>
    </section>
  );
}
