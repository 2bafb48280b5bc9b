import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { useSavePrize } from '@/lib/campaign/api/save-prize';
import { formatDateTime } from '@/lib/format';
import type { MediaSummary } from '@/lib/media/types';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CalendarEditorData, EditorDoor } from '../api/get-calendar';
import { useUpdateDoor } from '../api/update-door';
import {
  doorToForm,
  formToDoor,
  validateDoor,
  type DoorErrors,
  type DoorFormValues,
  type QuizKind,
} from '../utils/door-form';
import styles from './calendars.module.css';

type DoorEditorProps = {
  data: CalendarEditorData;
  door: EditorDoor;
  onClose: () => void;
};

/**
 * One door: title, text, an image or video from the library (alt text required), link, voucher code,
 * a quiz (single choice or free text with its right answer), extra form questions and the door's
 * prize. The door's row and its secrets are saved apart; on a refusal the form keeps what was typed.
 */
export function DoorEditor({ data, door, onClose }: DoorEditorProps) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const doorPrize = data.prizes.find((prize) => prize.item_id === door.id);
  const [values, setValues] = useState<DoorFormValues>(() =>
    doorToForm(door, data.secrets.get(door.id), doorPrize?.name ?? ''),
  );
  const [errors, setErrors] = useState<DoorErrors>({});
  const [picked, setPicked] = useState<MediaSummary | null>(null);
  const update = useUpdateDoor(calendar.id, calendar.organization_id);
  const savePrize = useSavePrize(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending || savePrize.isPending);
  const set = <K extends keyof DoorFormValues>(key: K, value: DoorFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const media = values.mediaId
    ? picked?.id === values.mediaId
      ? picked
      : data.media.get(values.mediaId)
    : null;
  const mediaNeedsAlt = media?.type === 'image' && !media.alt_text?.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDoor(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || mediaNeedsAlt) return;
    const { door: row, secret } = formToDoor(values);
    update.mutate(
      { doorId: door.id, door: row, secret },
      {
        onSuccess: () => {
          const prizeName = values.prizeName.trim();
          if (prizeName && prizeName !== doorPrize?.name) {
            savePrize.mutate({
              id: doorPrize?.id,
              item_id: door.id,
              name: prizeName,
              description: doorPrize?.description ?? null,
              value_ore: doorPrize?.value_ore ?? null,
              quantity: doorPrize?.quantity ?? 1,
              drawn_by_chance: doorPrize?.drawn_by_chance ?? true,
            });
          }
          notify({ message: t('doors.saved', { day: door.day_number }), tone: 'success' });
        },
      },
    );
  }

  const setOption = (index: number, value: string) =>
    set(
      'options',
      values.options.map((option, at) => (at === index ? value : option)),
    );
  const error = (key: keyof DoorErrors) => (errors[key] ? t(`doors.errors.${errors[key]}`) : undefined);

  return (
    <form className={layout.form} onSubmit={submit} noValidate aria-labelledby="door-editor-title">
      <div className={styles.stickyBar}>
        <h3 id="door-editor-title">{t('doors.editing', { day: door.day_number })}</h3>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('doors.close')}
        </Button>
      </div>
      <p className={layout.muted}>{t('doors.opensAt', { when: formatDateTime(door.opens_at) })}</p>
      <Input
        label={t('doors.title')}
        value={values.title}
        maxLength={200}
        onChange={(event) => set('title', event.target.value)}
      />
      <Textarea
        label={t('doors.body')}
        value={values.body}
        maxLength={20000}
        onChange={(event) => set('body', event.target.value)}
      />

      <MediaChoice
        legend={t('doors.media')}
        media={media ?? null}
        accept="any"
        onChoose={(chosen) => {
          setPicked(chosen);
          set('mediaId', chosen?.id ?? null);
        }}
        texts={{
          choose: t('doors.chooseMedia'),
          change: t('doors.changeMedia'),
          remove: t('doors.removeMedia'),
          altMissing: t('doors.errors.altRequired'),
          alt: (alt) => t('doors.mediaAlt', { alt }),
        }}
      />

      <div className={layout.grid}>
        <Input
          type="url"
          label={t('doors.linkUrl')}
          hint={t('doors.linkUrlHint')}
          value={values.linkUrl}
          onChange={(event) => set('linkUrl', event.target.value)}
          error={error('linkUrl')}
          inputMode="url"
        />
        <Input
          label={t('doors.linkLabel')}
          value={values.linkLabel}
          maxLength={100}
          onChange={(event) => set('linkLabel', event.target.value)}
        />
      </div>
      <Input
        label={t('doors.voucher')}
        hint={t('doors.voucherHint')}
        value={values.voucher}
        maxLength={200}
        onChange={(event) => set('voucher', event.target.value)}
        autoComplete="off"
      />

      <fieldset className={styles.fieldset}>
        <legend>{t('doors.quiz')}</legend>
        {(['', 'single', 'text'] as const).map((kind: QuizKind) => (
          <label key={kind || 'none'} className={styles.checkbox}>
            <input
              type="radio"
              name={`quiz-kind-${door.id}`}
              value={kind}
              checked={values.quizKind === kind}
              onChange={() => set('quizKind', kind)}
            />
            {t(kind === '' ? 'doors.quizNone' : kind === 'single' ? 'doors.quizSingle' : 'doors.quizText')}
          </label>
        ))}
        {values.quizKind ? (
          <Input
            label={t('doors.quizQuestion')}
            value={values.quizQuestion}
            maxLength={1000}
            onChange={(event) => set('quizQuestion', event.target.value)}
            error={error('quizQuestion')}
          />
        ) : null}
        {values.quizKind === 'single' ? (
          <fieldset
            className={styles.fieldset}
            aria-describedby={errors.options ? 'quiz-options-error' : undefined}
          >
            <legend>{t('doors.quizCorrect')}</legend>
            {values.options.map((option, index) => (
              <div key={index} className={styles.inline}>
                <Input
                  label={t('doors.quizOption', { number: index + 1 })}
                  value={option}
                  maxLength={200}
                  onChange={(event) => setOption(index, event.target.value)}
                />
                <label className={styles.checkbox}>
                  <input
                    type="radio"
                    name={`quiz-correct-${door.id}`}
                    checked={values.correctIndex === index}
                    onChange={() => set('correctIndex', index)}
                  />
                  {t('doors.quizCorrectOption', { number: index + 1 })}
                </label>
                {values.options.length > 2 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      set(
                        'options',
                        values.options.filter((_option, at) => at !== index),
                      );
                      set('correctIndex', null);
                    }}
                  >
                    {t('doors.quizRemoveOption', { number: index + 1 })}
                  </Button>
                ) : null}
              </div>
            ))}
            {values.options.length < 10 ? (
              <Button variant="secondary" size="sm" onClick={() => set('options', [...values.options, ''])}>
                {t('doors.quizAddOption')}
              </Button>
            ) : null}
            {errors.options ? (
              <p id="quiz-options-error" className={styles.warning} role="alert">
                {error('options')}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {values.quizKind === 'text' ? (
          <Input
            label={t('doors.quizCorrect')}
            hint={t('doors.quizAnswerHint')}
            value={values.answer}
            maxLength={1000}
            onChange={(event) => set('answer', event.target.value)}
            error={error('answer')}
            autoComplete="off"
          />
        ) : null}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t('doors.formFields')}</legend>
        {values.formFields.map((field, index) => (
          <div key={index} className={styles.inline}>
            <Input
              label={t('doors.formFieldLabel', { number: index + 1 })}
              value={field.label}
              maxLength={200}
              onChange={(event) =>
                set(
                  'formFields',
                  values.formFields.map((item, at) =>
                    at === index ? { ...item, label: event.target.value } : item,
                  ),
                )
              }
              error={errors.formFields && !field.label.trim() ? error('formFields') : undefined}
            />
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={field.required}
                onChange={(event) =>
                  set(
                    'formFields',
                    values.formFields.map((item, at) =>
                      at === index ? { ...item, required: event.target.checked } : item,
                    ),
                  )
                }
              />
              {t('doors.formFieldRequired')}
            </label>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                set(
                  'formFields',
                  values.formFields.filter((_item, at) => at !== index),
                )
              }
            >
              {t('doors.formFieldRemove', { number: index + 1 })}
            </Button>
          </div>
        ))}
        {values.formFields.length < 10 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => set('formFields', [...values.formFields, { key: '', label: '', required: false }])}
          >
            {t('doors.formFieldAdd')}
          </Button>
        ) : null}
      </fieldset>

      <Input
        label={t('doors.prize')}
        hint={t('doors.prizeManage')}
        value={values.prizeName}
        maxLength={200}
        onChange={(event) => set('prizeName', event.target.value)}
      />

      <FormStatus error={update.error ?? savePrize.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending || savePrize.isPending}>
          {t('doors.save')}
        </Button>
      </div>
    </form>
  );
}
