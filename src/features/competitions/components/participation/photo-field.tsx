import { useEffect, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import ui from '@/components/public/public-ui.module.css';
import { describedBy } from '@/lib/public/described-by';
import { failureText } from '@/lib/public/public-texts';
import { usePhotoTexts } from './photo-texts';

/** What the picker offers; a phone's HEIC is turned into JPEG before it is sent (shrinkImage). */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
/** A photo is made smaller before sending; only one that is huge even so is refused when chosen. */
const PHOTO_PICK_MAX = 40 * 1024 * 1024;

type PhotoFieldProps = {
  id: string;
  onChange: (photo: File | null) => void;
  /** Why the upload refused the chosen photo (a catalogue code: `campaign-upload-type`, …), or null. */
  refusal: string | null;
};

/**
 * An optional photo for a progress entry: chosen from the phone's camera or library, checked when
 * chosen (a picture, not huge), shown as a preview with a way to remove it; the upload's refusal
 * shows here too, in the field's own texts. The preview's link is
 * released when the photo is replaced, removed or the field goes.
 */
export default function PhotoField({ id, onChange, refusal: uploadRefusal }: PhotoFieldProps) {
  const { t } = usePhotoTexts();
  const [preview, setPreview] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  // A new key empties the file input after a removal.
  const [pickerKey, setPickerKey] = useState(0);
  const shown = useRef(preview);
  useEffect(() => {
    shown.current = preview;
  });
  useEffect(() => () => void (shown.current && URL.revokeObjectURL(shown.current)), []);

  const choose = (file: File | null) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    const problem =
      file && !file.type.startsWith('image/')
        ? t('me.log.photoNotImage')
        : file && file.size > PHOTO_PICK_MAX
          ? t('me.log.photoTooLarge')
          : undefined;
    setRefusal(problem);
    const kept = problem ? null : file;
    setPreview(kept ? URL.createObjectURL(kept) : null);
    onChange(kept);
  };
  const remove = () => {
    choose(null);
    setPickerKey((key) => key + 1);
    document.getElementById(id)?.focus();
  };
  const error = refusal ?? (uploadRefusal ? failureText(t, uploadRefusal) : undefined);

  return (
    <div className={ui.field}>
      <label htmlFor={id}>{t('me.log.photo')}</label>
      <input
        key={pickerKey}
        id={id}
        type="file"
        accept={PHOTO_TYPES}
        className={ui.input}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, `${id}-hint`)}
      />
      <p id={`${id}-hint`} className={ui.hint}>
        {t('me.log.photoHint')}
      </p>
      <FieldError fieldId={id} text={error} />
      {preview ? (
        <div className={ui.actions}>
          <img className={ui.thumb} src={preview} alt={t('me.log.photoPreview')} />
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={remove}>
            {t('me.log.photoRemove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
