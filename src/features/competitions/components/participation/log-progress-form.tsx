import { type FormEvent, lazy, type Ref, Suspense, useId, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import ui from '@/components/public/public-ui.module.css';
import { describedBy } from '@/lib/public/described-by';
import { osloLongDate } from '@/lib/public/oslo-time';
import type { CompetitionParticipation, NewProgress } from '../../api/participation-api';
import { loggableDays, parseAmount } from '../../utils/amount';
import { formatNumber } from '../public/competition-texts';
import { useMeTexts } from './participation-texts';

type LogProgressFormProps = {
  competition: CompetitionParticipation['competition'];
  entries: CompetitionParticipation['entries'];
  /** Today in Oslo by the database's clock, `YYYY-MM-DD`. */
  today: string;
  amountRef: Ref<HTMLInputElement>;
  /** Sends a chosen photo first; answers its upload id, or rejects with the upload's refusal. */
  onUploadPhoto: (photo: Blob) => Promise<string>;
  /** Resolves when logged; rejects with the server's refusal (the form keeps what was typed). */
  onLog: (entry: NewProgress) => Promise<void>;
};

type Errors = { amount?: string; note?: string };

const NOTE_MAX = 500;

// The photo field loads just after the form: most entries have no photo, and the page stays light.
const PhotoField = lazy(() => import('./photo-field'));

/**
 * Logging progress: an amount in the competition's unit (a decimal comma is fine), one of the last
 * days within the period (Oslo), an optional note and photo (shown on the team's page; made smaller
 * and stripped of its location before it is sent). The limits are said before typing — per entry,
 * and what is left of the chosen day's limit — and checked here first; the server checks them again
 * and its refusal shows in the page's status line with everything typed kept.
 */
export function LogProgressForm({
  competition,
  entries,
  today,
  amountRef,
  onUploadPhoto,
  onLog,
}: LogProgressFormProps) {
  const { t, language } = useMeTexts();
  const id = useId();
  const days = loggableDays(today, competition.starts_on, competition.ends_on);
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(days[0] ?? today);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // The upload's refusal of the chosen photo (a catalogue code), shown at the photo field.
  const [photoRefusal, setPhotoRefusal] = useState<string | null>(null);
  // A new key empties the photo field after a send.
  const [photoKey, setPhotoKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const unit = competition.unit;
  const show = (value: number) => t('amount', { amount: formatNumber(value, language, 3), unit });
  const dayName = (key: string) => osloLongDate(`${key}T12:00:00Z`, language);

  // The day's limit counts accepted entries of that date, as the server does.
  const loggedOnDay = entries
    .filter((entry) => entry.on_date === day && entry.rejected_at === null)
    .reduce((sum, entry) => sum + entry.amount, 0);
  const maxPerDay = competition.max_per_day;
  const leftOnDay = maxPerDay === null ? null : Math.max(0, maxPerDay - loggedOnDay);

  const check = (): { errors: Errors; value: number | null } => {
    const found: Errors = {};
    const value = parseAmount(amount);
    if (amount.trim() === '') found.amount = t('me.log.amountRequired');
    else if (value === null || value <= 0) found.amount = t('me.log.amountInvalid');
    else if (competition.max_per_entry !== null && value > competition.max_per_entry)
      found.amount = t('me.log.overEntry', { amount: show(competition.max_per_entry) });
    else if (leftOnDay !== null && value > leftOnDay)
      found.amount = t('me.log.overDay', { amount: show(leftOnDay) });
    if (note.length > NOTE_MAX) found.note = t('me.log.noteTooLong');
    return { errors: found, value };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check();
    setErrors(result.errors);
    const invalid = (['amount', 'note'] as const).find((key) => result.errors[key]);
    if (invalid || result.value === null) {
      document.getElementById(`${id}-${invalid ?? 'amount'}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const photoUploadId = photo ? await sendPhoto(photo) : null;
      if (photoUploadId === false) return;
      await onLog({ amount: result.value, onDate: day, note, photoUploadId });
      setAmount('');
      setNote('');
      setPhoto(null);
      setPhotoKey((key) => key + 1);
    } catch {
      // The refusal is in the status line; what was typed stays.
    } finally {
      setSending(false);
    }
  };

  /**
   * The chosen photo made smaller and sent: its upload id, or false after saying at the field why it
   * was refused (the entry waits, with everything typed).
   */
  const sendPhoto = async (chosen: File): Promise<string | false> => {
    const refuse = (code: string) => {
      setPhotoRefusal(code);
      document.getElementById(photoId)?.focus();
      return false as const;
    };
    const { preparePhoto } = await import('@/lib/public/shrink-image');
    const sent = await preparePhoto(chosen);
    if (sent === 'too-large') return refuse('campaign-upload-too-large');
    try {
      return await onUploadPhoto(sent);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return refuse(typeof code === 'string' ? code : 'unknown');
    }
  };

  const amountId = `${id}-amount`;
  const noteId = `${id}-note`;
  const photoId = `${id}-photo`;
  const limitsId = `${id}-limits`;
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <div id={limitsId}>
        {competition.max_per_entry !== null ? (
          <p className={ui.hint}>{t('me.log.perEntry', { amount: show(competition.max_per_entry) })}</p>
        ) : null}
        {maxPerDay !== null && leftOnDay !== null ? (
          <p className={ui.hint}>
            {leftOnDay > 0
              ? t('me.log.leftOnDay', { date: dayName(day), amount: show(leftOnDay), max: show(maxPerDay) })
              : t('me.log.dayFull', { date: dayName(day), max: show(maxPerDay) })}
          </p>
        ) : null}
      </div>
      <div className={ui.field}>
        <label htmlFor={amountId}>{t('me.log.amount', { unit })}</label>
        <input
          id={amountId}
          ref={amountRef}
          className={ui.input}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describedBy(amountId, errors.amount, `${amountId}-hint ${limitsId}`)}
        />
        <p id={`${amountId}-hint`} className={ui.hint}>
          {t('me.log.amountHint')}
        </p>
        <FieldError fieldId={amountId} text={errors.amount} />
      </div>
      <div className={ui.field}>
        <label htmlFor={`${id}-day`}>{t('me.log.date')}</label>
        <select
          id={`${id}-day`}
          className={ui.input}
          value={day}
          onChange={(event) => setDay(event.target.value)}
        >
          {days.map((key) => (
            <option key={key} value={key}>
              {key === today ? t('me.log.today', { date: dayName(key) }) : dayName(key)}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={noteId}>{t('me.log.note')}</label>
        <textarea
          id={noteId}
          className={ui.input}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(noteId, errors.note, `${noteId}-hint`)}
        />
        <p id={`${noteId}-hint`} className={ui.hint}>
          {t('me.log.noteHint')}
        </p>
        <FieldError fieldId={noteId} text={errors.note} />
      </div>
      <Suspense fallback={null}>
        <PhotoField
          key={photoKey}
          id={photoId}
          onChange={(chosen) => {
            setPhoto(chosen);
            setPhotoRefusal(null);
          }}
          refusal={photoRefusal}
        />
      </Suspense>
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={sending}>
          {sending ? (photo ? t('me.log.photoSending') : t('me.log.sending')) : t('me.log.submit')}
        </button>
      </div>
    </form>
  );
}
