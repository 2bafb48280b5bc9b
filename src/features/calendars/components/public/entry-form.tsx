import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import { ParticipantFields } from '@/components/public/participant-fields';
import { RulesText } from '@/components/public/rules-text';
import { describedBy } from '@/lib/public/described-by';
import { type ParticipantValues, participantValues } from '@/lib/public/participant-values';
import type { RememberedDetails } from '@/lib/public/remembered-details';
import type { DoorFormField, EntryInput } from '../../types';
import styles from './calendar-public.module.css';
import { failureText, useCalendarTexts } from './calendar-texts';

type FieldName = 'email' | 'phone' | 'answer' | 'consent' | `form:${string}`;

/** Which field a refusal of the entry function belongs beside; the rest go to the status line. */
const FIELD_OF_CODE: Record<string, FieldName> = {
  'participant-email-invalid': 'email',
  'participant-phone-invalid': 'phone',
  'participant-consent-required': 'consent',
  'calendar-answer-required': 'answer',
  'calendar-answer-invalid': 'answer',
};

export type EntryFormQuiz = { kind: 'single' | 'text'; question: string; options: string[] | null };

export type EntryFormProps = {
  /** `entry`: a door's form; `register`: pre-registration on the countdown page (no quiz). */
  mode: 'entry' | 'register';
  consentText: string;
  /** Null: marketing consent is not asked. */
  marketingConsentText: string | null;
  remindersEnabled: boolean;
  quiz?: EntryFormQuiz | null;
  formFields?: DoorFormField[];
  rulesText?: string | null;
  /** Remembered from an earlier door in this visit. */
  initial?: RememberedDetails;
  /**
   * Sends the entry. `shownAt` is the visitor's clock when the form appeared (the time trap). A
   * rejection with a `code` (PublicCallError) is shown beside its field or in the status line.
   */
  onSubmit: (input: EntryInput, shownAt: Date) => Promise<void>;
};

const emptyInput = (initial: EntryFormProps['initial']): EntryInput => ({
  ...participantValues(initial),
  answer: '',
  formAnswers: {},
});

/**
 * The entry form: quiz, the door's own fields, and the participant fields every campaign's form has
 * (e-mail, name, phone, the consents as stored, reminders, honeypot). Everything typed stays when the
 * entry is refused.
 */
export function EntryForm(props: EntryFormProps) {
  const {
    mode,
    consentText,
    marketingConsentText,
    remindersEnabled,
    quiz,
    formFields = [],
    rulesText,
  } = props;
  const { t } = useCalendarTexts();
  const id = useId();
  const [input, setInput] = useState<EntryInput>(() => emptyInput(props.initial));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const shownAt = useRef(new Date());
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    shownAt.current = new Date();
  }, []);

  const set = <K extends keyof EntryInput>(key: K, value: EntryInput[K]) =>
    setInput((current) => ({ ...current, [key]: value }));
  const setParticipant = <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) =>
    setInput((current) => ({ ...current, [key]: value }));
  const setFormAnswer = (key: string, value: string | boolean) =>
    setInput((current) => ({ ...current, formAnswers: { ...current.formAnswers, [key]: value } }));

  const fieldId = (name: FieldName) => `${id}-${name.replace(':', '-')}`;
  const focusField = (name: FieldName) => {
    const fields = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    Array.from(fields)
      .find((element) => element.dataset.field === name)
      ?.focus();
  };

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (quiz && mode === 'entry' && input.answer.trim() === '')
      found.answer = t('errors.calendar-answer-required');
    for (const field of formFields) {
      const value = input.formAnswers[field.key];
      if (field.required && (value === undefined || value === '' || value === false))
        found[`form:${field.key}`] = t('form.fieldRequired');
    }
    if (input.email.trim() === '') found.email = t('participant.emailRequired');
    if (!input.consent) found.consent = t('errors.participant-consent-required');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0] as FieldName | undefined;
    if (first) {
      setStatus(t('form.fixErrors'));
      focusField(first);
      return;
    }
    setStatus('');
    setSending(true);
    try {
      await props.onSubmit(input, shownAt.current);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const text = failureText(t, typeof code === 'string' ? code : 'unknown');
      const field = typeof code === 'string' ? FIELD_OF_CODE[code] : undefined;
      if (field) {
        setErrors({ [field]: text });
        setStatus(t('form.fixErrors'));
        focusField(field);
      } else setStatus(text);
    } finally {
      setSending(false);
    }
  };

  const describe = (name: FieldName) => describedBy(fieldId(name), errors[name]);
  const errorLine = (name: FieldName) => <FieldError fieldId={fieldId(name)} text={errors[name]} />;

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <h2 className={styles.heading}>{mode === 'entry' ? t('form.heading') : t('countdown.preRegister')}</h2>

      {quiz && mode === 'entry' ? (
        quiz.kind === 'single' && quiz.options ? (
          <fieldset className={styles.fieldset} aria-describedby={describe('answer')}>
            <legend className={styles.legend}>{quiz.question}</legend>
            {quiz.options.map((option, index) => (
              <label key={option} className={styles.check}>
                <input
                  type="radio"
                  name={`${id}-answer`}
                  value={option}
                  checked={input.answer === option}
                  onChange={() => set('answer', option)}
                  data-field={index === 0 ? 'answer' : undefined}
                />
                <span>{option}</span>
              </label>
            ))}
            {errorLine('answer')}
          </fieldset>
        ) : (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={fieldId('answer')}>
              {quiz.question}
            </label>
            <input
              id={fieldId('answer')}
              className={styles.input}
              value={input.answer}
              onChange={(event) => set('answer', event.target.value)}
              data-field="answer"
              aria-invalid={errors.answer ? true : undefined}
              aria-describedby={describe('answer')}
              autoComplete="off"
            />
            {errorLine('answer')}
          </div>
        )
      ) : null}

      {formFields.map((field) => {
        const name: FieldName = `form:${field.key}`;
        const value = input.formAnswers[field.key];
        const label = field.required ? field.label : `${field.label} ${t('form.optional')}`;
        if (field.type === 'checkbox')
          return (
            <div key={field.key} className={styles.field}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => setFormAnswer(field.key, event.target.checked)}
                  data-field={name}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={describe(name)}
                />
                <span>{label}</span>
              </label>
              {errorLine(name)}
            </div>
          );
        const common = {
          id: fieldId(name),
          className: styles.input,
          value: typeof value === 'string' ? value : '',
          'data-field': name,
          'aria-invalid': errors[name] ? true : undefined,
          'aria-describedby': describe(name),
        };
        return (
          <div key={field.key} className={styles.field}>
            <label className={styles.label} htmlFor={fieldId(name)}>
              {label}
            </label>
            {field.type === 'textarea' ? (
              <textarea
                {...common}
                rows={3}
                onChange={(event) => setFormAnswer(field.key, event.target.value)}
              />
            ) : field.type === 'select' ? (
              <select {...common} onChange={(event) => setFormAnswer(field.key, event.target.value)}>
                <option value="" />
                {(field.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} onChange={(event) => setFormAnswer(field.key, event.target.value)} />
            )}
            {errorLine(name)}
          </div>
        );
      })}

      <ParticipantFields
        values={input}
        onChange={setParticipant}
        errors={errors}
        consentText={consentText}
        marketingConsentText={marketingConsentText}
        remindersLabel={remindersEnabled ? t('form.reminders') : null}
      >
        <RulesText text={rulesText ?? null} />
      </ParticipantFields>

      <p role="status" className={status ? styles.error : styles.hint}>
        {status}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} aria-disabled={sending || undefined}>
          {sending ? t('form.sending') : mode === 'entry' ? t('form.submit') : t('form.register')}
        </button>
      </div>
    </form>
  );
}
