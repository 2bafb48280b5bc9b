import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { useUpdateOrganizationDetails } from '../api/update-organization-details';
import { detailsSchema } from '../schemas';
import type { OrganizationDetails } from '../types';

type DetailsError =
  'details.nameInvalid' | 'details.organizationNumberInvalid' | 'details.contactEmailInvalid';
type Errors = Partial<Record<'name' | 'organizationNumber' | 'contactEmail', DetailsError>>;

/** Name, organization number and contact e-mail: owners and admins edit, members read. */
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
  });
  const [errors, setErrors] = useState<Errors>({});

  const save = useUpdateOrganizationDetails();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = detailsSchema.safeParse(values);
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
      <FormStatus error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('details.save')}
        </Button>
      </div>
    </form>
  );
}
