import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/button';
import { CampaignConsentFields } from '@/components/campaign-texts-fields';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import { organizerQueryOptions } from '@/lib/campaign/api/get-organizer';
import type { FormEditorData } from '../api/get-form';
import { useSaveConsentTexts } from '../api/save-consent-texts';
import styles from './forms.module.css';

/** The hash the publish section links to when the consent text is missing. */
export const CONSENT_FIELD = 'consent-text';

/**
 * «Samtykke»: the campaign's consent text (the database refuses to publish without it; a published
 * form keeps one) and the optional marketing consent, both shown beside the form's contact fields.
 */
export function ConsentSettings({ data }: { data: FormEditorData }) {
  const { t } = useTranslation('forms');
  const organizer = useQuery(organizerQueryOptions(data.form.organization_id)).data;
  const save = useSaveConsentTexts(data.form.id);
  const [values, setValues] = useState({
    consent: data.consentText ?? '',
    marketing: data.marketingConsentText ?? '',
  });
  const [consentError, setConsentError] = useState<string | undefined>();
  const { hash } = useLocation();

  useEffect(() => {
    if (hash === `#${CONSENT_FIELD}`) document.getElementById(CONSENT_FIELD)?.focus();
  }, [hash]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (data.publishedAt && !values.consent.trim()) {
      setConsentError(t('settings.consent.requiredPublished'));
      document.getElementById(CONSENT_FIELD)?.focus();
      return;
    }
    setConsentError(undefined);
    save.mutate(values, {
      onSuccess: () => notify({ message: t('settings.consent.saved'), tone: 'success' }),
    });
  };

  return (
    <section aria-labelledby="form-consent-title" className={styles.blocks}>
      <h3 id="form-consent-title">{t('settings.consent.title')}</h3>
      <Form onSubmit={submit} aria-labelledby="form-consent-title" className={styles.blocks}>
        <CampaignConsentFields
          values={values}
          onChange={setValues}
          consentError={consentError}
          onSuggestConsent={() =>
            setValues((previous) => ({
              ...previous,
              consent: t('settings.consent.consentDefault', { organization: organizer?.name ?? '' }),
            }))
          }
          labels={{
            consentText: t('settings.consent.consentText'),
            consentHint: t('settings.consent.consentHint'),
            consentSuggest: t('settings.consent.consentSuggest'),
            marketingText: t('settings.consent.marketingText'),
            marketingHint: t('settings.consent.marketingHint'),
          }}
        />
        <FormStatus error={save.error} />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('settings.consent.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
