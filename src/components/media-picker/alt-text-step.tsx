import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { useUpdateMediaDetails } from '@/lib/media/api/update-media-details';
import { MAX_ALT_TEXT_LENGTH } from '@/lib/media/limits';
import { previewPathOf, type MediaRow } from '@/lib/media/types';
import styles from './media.module.css';

type AltTextStepProps = {
  row: MediaRow;
  onDone: (row: MediaRow) => void;
  onBack: () => void;
};

/** The picker's question when an image for a public page has no alt text yet: answered, it is saved on the item. */
export function AltTextStep({ row, onDone, onBack }: AltTextStepProps) {
  const { t } = useTranslation('media');
  const [altText, setAltText] = useState('');
  const [missing, setMissing] = useState(false);
  const update = useUpdateMediaDetails();
  const path = previewPathOf(row);
  const link = useSignedMediaUrls([path]).get(path ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!altText.trim()) return setMissing(true);
    setMissing(false);
    update.mutate({ row, details: { name: row.name, altText } }, { onSuccess: onDone });
  };

  return (
    <form className={page.form} onSubmit={submit} noValidate>
      <FormStatus tone="info">{t('picker.altRequired')}</FormStatus>
      {link ? <img className={styles.result} src={link} alt="" /> : null}
      <Textarea
        label={t('preview.altText')}
        hint={t('preview.altTextHint')}
        error={missing ? t('picker.altRequiredError') : undefined}
        value={altText}
        rows={3}
        maxLength={MAX_ALT_TEXT_LENGTH}
        required
        onChange={(event) => setAltText(event.target.value)}
      />
      <FormStatus error={update.error} />
      <div className={page.actions}>
        <Button variant="secondary" onClick={onBack}>
          {t('picker.back')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('picker.useImage')}
        </Button>
      </div>
    </form>
  );
}
