import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import page from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { useUpdateMediaDetails } from '@/lib/media/api/update-media-details';
import { MAX_ALT_TEXT_LENGTH, MAX_NAME_LENGTH } from '@/lib/media/limits';
import type { MediaRow } from '@/lib/media/types';

/** Rename an item and write its alt text; what was typed stays when saving fails. */
export function MediaDetailsForm({ row }: { row: MediaRow }) {
  const { t } = useTranslation('media');
  const [name, setName] = useState(row.name);
  const [altText, setAltText] = useState(row.alt_text ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const update = useUpdateMediaDetails();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('preview.nameRequired'));
    if (trimmed.length > MAX_NAME_LENGTH) return setNameError(t('preview.nameTooLong'));
    setNameError(null);
    update.mutate({ row, details: { name: trimmed, altText } });
  };

  return (
    <form className={page.form} onSubmit={submit} noValidate>
      <Input
        label={t('preview.name')}
        value={name}
        error={nameError}
        maxLength={MAX_NAME_LENGTH}
        required
        onChange={(event) => setName(event.target.value)}
      />
      {row.type === 'image' ? (
        <Textarea
          label={t('preview.altText')}
          hint={t('preview.altTextHint')}
          value={altText}
          rows={3}
          maxLength={MAX_ALT_TEXT_LENGTH}
          onChange={(event) => setAltText(event.target.value)}
        />
      ) : null}
      <FormStatus error={update.error}>{update.isSuccess ? t('preview.saved') : undefined}</FormStatus>
      <div className={page.actions}>
        <Button type="submit" loading={update.isPending}>
          {t('preview.save')}
        </Button>
      </div>
    </form>
  );
}
