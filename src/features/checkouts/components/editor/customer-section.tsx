import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CampaignConsentFields } from '@/components/campaign-texts-fields';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { organizerQueryOptions } from '@/lib/campaign/api/get-organizer';
import {
  FIELD_TYPES,
  MAX_FIELD_LABEL,
  MAX_FIELDS,
  MAX_OPTIONS,
  MAX_TEXT,
  newFieldId,
  type BusinessFields,
  type PriceDisplay,
} from '../../utils/checkout-draft';
import type { CustomField } from '../public/types';
import styles from './checkout-editor.module.css';
import type { SectionProps } from './section-props';

const BUSINESS: readonly BusinessFields[] = ['off', 'optional', 'required'];
const DISPLAY: readonly PriceDisplay[] = ['incl', 'excl'];

/**
 * «Kunden»: what the buyer is asked beyond the e-mail (company fields, up to ten questions), how
 * prices are shown (incl. MVA to consumers, eks. MVA to businesses), and the terms with the consent
 * the buyer ticks (the engine's campaign texts, stored as what they agreed to).
 */
export function CustomerSection({
  draft,
  change,
  errorOf,
  organizationId,
}: SectionProps & { organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const organizer = useQuery(organizerQueryOptions(organizationId)).data;
  const setField = (index: number, next: Partial<CustomField>) =>
    change((previous) => ({
      ...previous,
      customFields: previous.customFields.map((field, at) => (at === index ? { ...field, ...next } : field)),
    }));

  return (
    <div className={styles.column}>
      <div className={layout.grid}>
        <NativeSelect
          label={t('editor.customer.business')}
          hint={t('editor.customer.businessHint')}
          value={draft.businessFields}
          onChange={(event) =>
            change((previous) => ({
              ...previous,
              businessFields: BUSINESS.find((value) => value === event.target.value) ?? 'off',
            }))
          }
          options={BUSINESS.map((value) => ({ value, label: t(`editor.customer.businessValues.${value}`) }))}
        />
        <NativeSelect
          label={t('editor.customer.prices')}
          hint={t('editor.customer.pricesHint')}
          value={draft.priceDisplay}
          onChange={(event) =>
            change((previous) => ({
              ...previous,
              priceDisplay: DISPLAY.find((value) => value === event.target.value) ?? 'incl',
            }))
          }
          options={DISPLAY.map((value) => ({ value, label: t(`editor.customer.pricesValues.${value}`) }))}
        />
      </div>

      <fieldset className={editor.fieldset}>
        <legend>{t('editor.customer.fields')}</legend>
        <p className={layout.muted}>{t('editor.customer.fieldsHint', { max: MAX_FIELDS })}</p>
        <ol className={styles.list}>
          {draft.customFields.map((field, index) => (
            <li key={field.id} className={styles.item}>
              <div className={layout.grid}>
                <Input
                  label={t('editor.customer.fieldLabel', { number: index + 1 })}
                  value={field.label}
                  maxLength={MAX_FIELD_LABEL + 20}
                  error={errorOf(`fields.${index}.label`)}
                  data-field={`fields.${index}.label`}
                  onChange={(event) => setField(index, { label: event.target.value })}
                />
                <NativeSelect
                  label={t('editor.customer.fieldType')}
                  value={field.type}
                  onChange={(event) =>
                    setField(index, {
                      type: FIELD_TYPES.find((type) => type === event.target.value) ?? 'text',
                    })
                  }
                  options={FIELD_TYPES.map((type) => ({
                    value: type,
                    label: t(`editor.customer.types.${type}`),
                  }))}
                />
              </div>
              {field.type === 'select' ? (
                <Textarea
                  label={t('editor.customer.options')}
                  hint={t('editor.customer.optionsHint', { max: MAX_OPTIONS })}
                  rows={4}
                  value={(field.options ?? []).join('\n')}
                  error={errorOf(`fields.${index}.options`)}
                  onChange={(event) =>
                    setField(index, { options: event.target.value.split('\n').slice(0, MAX_OPTIONS) })
                  }
                />
              ) : null}
              <div className={styles.itemHead}>
                <label className={editor.checkbox}>
                  <input
                    type="checkbox"
                    checked={field.required === true}
                    onChange={(event) => setField(index, { required: event.target.checked })}
                  />
                  <span>{t('editor.customer.required')}</span>
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('editor.customer.removeField', { number: index + 1 })}
                  onClick={() =>
                    change((previous) => ({
                      ...previous,
                      customFields: previous.customFields.filter((_, at) => at !== index),
                    }))
                  }
                >
                  {t('editor.customer.removeShort')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {draft.customFields.length < MAX_FIELDS ? (
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                change((previous) => ({
                  ...previous,
                  customFields: [
                    ...previous.customFields,
                    { id: newFieldId(), label: '', type: 'text', required: false, options: [] },
                  ],
                }))
              }
            >
              {t('editor.customer.addField')}
            </Button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className={editor.fieldset}>
        <legend>{t('editor.customer.terms')}</legend>
        <Textarea
          label={t('editor.customer.termsText')}
          hint={t('editor.customer.termsHint')}
          rows={8}
          maxLength={20000}
          value={draft.terms}
          onChange={(event) => change((previous) => ({ ...previous, terms: event.target.value }))}
        />
        {!draft.terms.trim() ? (
          <div className={layout.actions}>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                change((previous) => ({
                  ...previous,
                  terms: t('editor.customer.termsTemplate', {
                    seller: organizer?.name ?? '',
                    number: organizer?.organizationNumber ?? '–',
                    email: organizer?.contactEmail ?? '–',
                  }),
                }))
              }
            >
              {t('editor.customer.termsUseTemplate')}
            </Button>
          </div>
        ) : null}
        <CampaignConsentFields
          values={{ consent: draft.consent, marketing: draft.marketing }}
          onChange={(values) => change((previous) => ({ ...previous, ...values }))}
          consentError={errorOf('consent')}
          onSuggestConsent={() =>
            change((previous) => ({ ...previous, consent: t('editor.customer.consentDefault') }))
          }
          labels={{
            consentText: t('editor.customer.consentText'),
            consentHint: t('editor.customer.consentHint'),
            consentSuggest: t('editor.customer.consentSuggest'),
            marketingText: t('editor.customer.marketingText'),
            marketingHint: t('editor.customer.marketingHint', { max: MAX_TEXT }),
          }}
        />
      </fieldset>
    </div>
  );
}
