import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { useUpdateOrganizationDetails } from '../api/update-organization-details';
import { detailsSchema } from '../schemas';
import type { OrganizationDetails } from '../types';

type DetailsError =
  | 'details.nameInvalid'
  | 'details.organizationNumberInvalid'
  | 'details.contactEmailInvalid'
  | 'details.streetAddressInvalid'
  | 'details.postalCodeInvalid'
  | 'details.cityInvalid'
  | 'details.addressIncomplete';
type Errors = Partial<
  Record<
    'name' | 'organizationNumber' | 'contactEmail' | 'streetAddress' | 'postalCode' | 'city',
    DetailsError
  >
>;

/**
 * Name, organization number, contact e-mail, postal address and the registrations its receipts name
 * (MVA, Foretaksregisteret): owners and admins edit, members read.
 */
export function DetailsSection({ details, canEdit }: { details: OrganizationDetails; canEdit: boolean }) {
  const { t } = useTranslation('organizations');
  if (!canEdit) {
    return (
      <div className={styles.form}>
        <dl>
          <dt>{t('details.name')}</dt>
          <dd>{details.name}</dd>
          <dt>{t('details.organizationNumber')}</dt>
          <dd>{details.organization_number ?? t('details.notSet')}</dd>
          <dt>{t('details.contactEmail')}</dt>
          <dd>{details.contact_email ?? t('details.notSet')}</dd>
          <dt>{t('details.address')}</dt>
          <dd>
            {details.street_address && details.postal_code && details.city
              ? `${details.street_address}, ${details.postal_code} ${details.city}`
              : t('details.notSet')}
          </dd>
          <dt>{t('details.registrations')}</dt>
          <dd>
            {[
              details.vat_registered && t('details.vatRegistered'),
              details.foretaksregisteret && t('details.foretaksregisteret'),
            ]
              .filter(Boolean)
              .join(', ') || t('details.noRegistrations')}
          </dd>
        </dl>
        <p className={styles.muted}>{t('details.readOnly')}</p>
      </div>
    );
  }
  return <DetailsForm key={details.id} details={details} />;
}

function DetailsForm({ details }: { details: OrganizationDetails }) {
  const { t } = useTranslation('organizations');
  const [values, setValues] = useState({
    name: details.name,
    organizationNumber: details.organization_number ?? '',
    contactEmail: details.contact_email ?? '',
    streetAddress: details.street_address ?? '',
    postalCode: details.postal_code ?? '',
    city: details.city ?? '',
  });
  const [registrations, setRegistrations] = useState({
    vatRegistered: details.vat_registered,
    foretaksregisteret: details.foretaksregisteret,
  });
  const [errors, setErrors] = useState<Errors>({});

  const save = useUpdateOrganizationDetails();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = detailsSchema.safeParse({ ...values, ...registrations });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message as DetailsError;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { organizationId: details.id, ...parsed.data },
      { onSuccess: () => notify({ message: t('details.saved'), tone: 'success' }) },
    );
  }

  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key] ? t(errors[key]) : undefined,
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Input label={t('details.name')} name="name" autoComplete="organization" required {...field('name')} />
      <Input
        label={t('details.organizationNumber')}
        name="organizationNumber"
        inputMode="numeric"
        {...field('organizationNumber')}
      />
      <Input
        label={t('details.contactEmail')}
        name="contactEmail"
        type="email"
        autoComplete="email"
        {...field('contactEmail')}
      />
      <fieldset className={editor.fieldset}>
        <legend>{t('details.address')}</legend>
        <p className={styles.muted}>{t('details.addressHint')}</p>
        <Input
          label={t('details.streetAddress')}
          name="streetAddress"
          autoComplete="street-address"
          {...field('streetAddress')}
        />
        <Input
          label={t('details.postalCode')}
          name="postalCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          {...field('postalCode')}
        />
        <Input label={t('details.city')} name="city" autoComplete="address-level2" {...field('city')} />
      </fieldset>
      <fieldset className={editor.fieldset} aria-describedby="registrations-hint">
        <legend>{t('details.registrations')}</legend>
        <p id="registrations-hint" className={styles.muted}>
          {t('details.registrationsHint')}
        </p>
        {(['vatRegistered', 'foretaksregisteret'] as const).map((key) => (
          <label key={key} className={editor.checkbox}>
            <input
              type="checkbox"
              name={key}
              checked={registrations[key]}
              onChange={(event) =>
                setRegistrations((current) => ({ ...current, [key]: event.target.checked }))
              }
            />
            {t(`details.${key}Label`)}
          </label>
        ))}
      </fieldset>
      <FormStatus error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
