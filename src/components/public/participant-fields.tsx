import { type ReactNode, useId } from 'react';
import { describedBy } from '@/lib/public/described-by';
import type { ParticipantFieldName, ParticipantValues } from '@/lib/public/participant-values';
import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import { FieldError } from './field-error';
import styles from './public-ui.module.css';

type ParticipantFieldsProps = {
  values: ParticipantValues;
  onChange: <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) => void;
  errors: Partial<Record<ParticipantFieldName, string>>;
  /** The campaign's consent text exactly as stored: it is what the entry records. */
  consentText: string;
  /** Null: marketing consent is not asked. */
  marketingConsentText: string | null;
  /** The campaign's words for its reminders; null: none are offered. */
  remindersLabel: string | null;
  /** Under the consents: the campaign's rules. */
  children?: ReactNode;
};

/**
 * The participant part of every campaign's form: e-mail (required), name and phone (optional), the
 * consent to take part, the separate optional marketing consent, reminders, and a honeypot. The form
 * around it holds the values, checks them and finds a field to focus by its `data-field`.
 */
export function ParticipantFields(props: ParticipantFieldsProps) {
  const { values, onChange, errors } = props;
  const { t } = usePublicTexts(sharedPublicTexts);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const describe = (name: ParticipantFieldName, hint?: string) =>
    describedBy(fieldId(name), errors[name], hint);
  const errorLine = (name: ParticipantFieldName) => (
    <FieldError fieldId={fieldId(name)} text={errors[name]} />
  );

  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('email')}>
          {t('participant.email')}
        </label>
        <input
          id={fieldId('email')}
          className={styles.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => onChange('email', event.target.value)}
          data-field="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describe('email')}
        />
        {errorLine('email')}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('name')}>
          {t('participant.name')}
        </label>
        <input
          id={fieldId('name')}
          className={styles.input}
          autoComplete="name"
          value={values.name}
          onChange={(event) => onChange('name', event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('phone')}>
          {t('participant.phone')}
        </label>
        <input
          id={fieldId('phone')}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => onChange('phone', event.target.value)}
          data-field="phone"
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describe('phone', fieldId('phone-hint'))}
        />
        <p id={fieldId('phone-hint')} className={styles.hint}>
          {t('participant.phoneHint')}
        </p>
        {errorLine('phone')}
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('participant.consentHeading')}</legend>
        <div className={styles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.consent}
              onChange={(event) => onChange('consent', event.target.checked)}
              data-field="consent"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={describe('consent')}
            />
            <span>{props.consentText}</span>
          </label>
          {errorLine('consent')}
        </div>
        {props.marketingConsentText ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.marketingConsent}
              onChange={(event) => onChange('marketingConsent', event.target.checked)}
            />
            <span>
              {props.marketingConsentText} {t('participant.optional')}
            </span>
          </label>
        ) : null}
        {props.remindersLabel ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={values.remindersOptIn}
              onChange={(event) => onChange('remindersOptIn', event.target.checked)}
            />
            <span>{props.remindersLabel}</span>
          </label>
        ) : null}
        {props.children}
      </fieldset>

      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={fieldId('website')}>{t('participant.honeypot')}</label>
        <input
          id={fieldId('website')}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.honeypot}
          onChange={(event) => onChange('honeypot', event.target.value)}
        />
      </div>
    </>
  );
}
