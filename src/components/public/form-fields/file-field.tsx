import { useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import type { FileBlock } from '@/lib/forms/engine-visitor';
import { failureText } from '@/lib/public/public-texts';
import type { BlockFieldProps } from './block-field';
import styles from './form-fields.module.css';
import { useFormTexts } from './form-texts';

type Sent = { id: string; name: string };

/**
 * A file answer: each chosen file goes to campaign-upload at once (photos made smaller first), the
 * answer holds the upload ids the submission claims. In the builder's preview nothing is sent.
 */
export function FileField({
  block,
  id,
  label,
  help,
  described,
  required,
  value,
  error,
  onChange,
  formId,
  preview,
}: BlockFieldProps & {
  block: FileBlock;
  id: string;
  label: string;
  help: React.ReactNode;
  described?: string;
  required: boolean;
}) {
  const { t } = useFormTexts();
  const max = block.maxFiles ?? 1;
  const [sent, setSent] = useState<Sent[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const ids = Array.isArray(value) ? value : [];
  const shown = sent.filter((file) => ids.includes(file.id));

  const choose = async (files: FileList | null) => {
    if (!files || preview) return;
    setRefusal(undefined);
    let added = [...shown];
    for (const file of Array.from(files).slice(0, Math.max(0, max - added.length))) {
      setBusy(file.name);
      try {
        const [{ preparePhoto }, { uploadCampaignFile }] = await Promise.all([
          import('@/lib/public/shrink-image'),
          import('@/lib/public/public-upload'),
        ]);
        const body = file.type.startsWith('image/') ? await preparePhoto(file) : file;
        if (body === 'too-large') throw Object.assign(new Error(), { code: 'campaign-upload-too-large' });
        const uploadId = await uploadCampaignFile({ campaignId: formId, purpose: 'form-answer', file: body });
        added = [...added, { id: uploadId, name: file.name }];
        setSent((old) => [...old, { id: uploadId, name: file.name }]);
        onChange(added.map((item) => item.id));
      } catch (failure) {
        const code = (failure as { code?: string }).code ?? 'unknown';
        setRefusal(failureText(t, code));
      }
    }
    setBusy(null);
  };

  const shownError = refusal ?? error;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label} {required ? <span className={styles.muted}>{t('required')}</span> : null}
      </label>
      {help}
      <p id={`${id}-format`} className={styles.hint}>
        {t('file.hint', { max })}
      </p>
      <input
        id={id}
        type="file"
        className={styles.file}
        accept="image/jpeg,image/png,image/webp,application/pdf"
        multiple={max > 1}
        disabled={Boolean(busy) || shown.length >= max}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[described, `${id}-format`].filter(Boolean).join(' ')}
        onChange={(event) => {
          void choose(event.target.files);
          event.target.value = '';
        }}
      />
      <div role="status" className={styles.hint}>
        {busy ? t('file.uploading', { name: busy }) : null}
      </div>
      {shown.length ? (
        <ul className={styles.files}>
          {shown.map((file) => (
            <li key={file.id}>
              <span>{t('file.uploaded', { name: file.name })}</span>{' '}
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  const rest = ids.filter((item) => item !== file.id);
                  onChange(rest.length ? rest : undefined);
                }}
              >
                {t('file.remove', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError fieldId={id} text={shownError} />
    </div>
  );
}
