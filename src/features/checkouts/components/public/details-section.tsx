import { useId } from 'react';
import { FieldError } from '@/components/public/field-error';
import ui from '@/components/public/public-ui.module.css';
import { describedBy } from '@/lib/public/described-by';
import { useCheckoutTexts } from './checkout-texts';
import type { BuyerDetails } from './checkout-values';
import styles from './checkout.module.css';
import type { CustomField, PublicCheckout } from './types';

type DetailsSectionProps = {
  checkout: PublicCheckout;
  values: BuyerDetails;
  onChange: (change: Partial<BuyerDetails>) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

/** The buyer's name, phone, company when asked, the seller's questions, the terms and the consents. */
export function DetailsSection({ checkout, values, onChange, errors, disabled }: DetailsSectionProps) {
  const { t } = useCheckoutTexts();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const optional = ` ${t('details.optional')}`;
  const business = checkout.business_fields;

  const text = (name: 'name' | 'phone' | 'company' | 'organizationNumber', label: string, extra = {}) => (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={fieldId(name)}>
        {label}
      </label>
      <input
        id={fieldId(name)}
        className={ui.input}
        value={values[name]}
        disabled={disabled}
        onChange={(event) => onChange({ [name]: event.target.value })}
        data-field={name}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(fieldId(name), errors[name])}
        {...extra}
      />
      <FieldError fieldId={fieldId(name)} text={errors[name]} />
    </div>
  );

  return (
    <section className={styles.section} aria-labelledby={fieldId('heading')}>
      <h2 id={fieldId('heading')} className={ui.heading}>
        {t('details.heading')}
      </h2>
      {text('name', t('details.name'), { autoComplete: 'name', required: true })}
      {text('phone', `${t('details.phone')}${optional}`, {
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
      })}
      {business !== 'off' ? (
        <div className={styles.row}>
          {text('company', `${t('details.company')}${business === 'optional' ? optional : ''}`, {
            autoComplete: 'organization',
            required: business === 'required',
          })}
          {text(
            'organizationNumber',
            `${t('details.organizationNumber')}${business === 'optional' ? optional : ''}`,
            { inputMode: 'numeric', required: business === 'required' },
          )}
        </div>
      ) : null}
      {checkout.custom_fields.map((field) => (
        <CustomFieldInput
          key={field.id}
          field={field}
          inputId={fieldId(`field-${field.id}`)}
          value={values.answers[field.id]}
          error={errors[`field-${field.id}`]}
          disabled={disabled}
          onChange={(value) => onChange({ answers: { ...values.answers, [field.id]: value } })}
        />
      ))}

      <fieldset className={ui.fieldset} disabled={disabled}>
        <legend className={ui.legend}>{t('details.consentHeading')}</legend>
        {checkout.terms_text?.trim() ? (
          <details>
            <summary className={ui.summary}>{t('details.terms')}</summary>
            <div className={ui.rules}>{checkout.terms_text}</div>
          </details>
        ) : null}
        <div className={ui.field}>
          <label className={ui.check}>
            <input
              type="checkbox"
              checked={values.consent}
              required
              onChange={(event) => onChange({ consent: event.target.checked })}
              data-field="consent"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={describedBy(fieldId('consent'), errors.consent)}
            />
            <span>{checkout.consent_text}</span>
          </label>
          <FieldError fieldId={fieldId('consent')} text={errors.consent} />
        </div>
        {checkout.marketing_consent_text ? (
          <label className={ui.check}>
            <input
              type="checkbox"
              checked={values.marketingConsent}
              onChange={(event) => onChange({ marketingConsent: event.target.checked })}
            />
            <span>
              {checkout.marketing_consent_text}
              {optional}
            </span>
          </label>
        ) : null}
      </fieldset>
    </section>
  );
}

type CustomFieldProps = {
  field: CustomField;
  inputId: string;
  value: string | boolean | undefined;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
};

/** One of the seller's questions: text, longer text, a choice or a tick box. */
function CustomFieldInput({ field, inputId, value, error, disabled, onChange }: CustomFieldProps) {
  const { t } = useCheckoutTexts();
  const label = `${field.label}${field.required ? '' : ` ${t('details.optional')}`}`;
  const common = {
    id: inputId,
    disabled,
    required: field.required,
    'data-field': `field-${field.id}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(inputId, error),
  };
  if (field.type === 'checkbox')
    return (
      <div className={ui.field}>
        <label className={ui.check}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{label}</span>
        </label>
        <FieldError fieldId={inputId} text={error} />
      </div>
    );
  const text = typeof value === 'string' ? value : '';
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={inputId}>
        {label}
      </label>
      {field.type === 'textarea' ? (
        <textarea
          {...common}
          className={ui.input}
          rows={3}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : field.type === 'select' ? (
        <select {...common} className={ui.input} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('details.choose')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} className={ui.input} value={text} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldError fieldId={inputId} text={error} />
    </div>
  );
}
