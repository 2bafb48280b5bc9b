import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import pageStyles from '@/components/page.module.css';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useCreateOrganization } from '../api/create-organization';
import {
  organizationFormSchema,
  type OrganizationField,
  type OrganizationFieldError,
  type OrganizationFormValues,
} from '../schemas';
import { fieldErrorsOf, serverFieldError } from '../utils/organization-form-errors';
import styles from './onboarding.module.css';

/**
 * Name, organization number and an optional contact e-mail of a new organization; once it is made
 * the user goes back to the target the guard saved.
 */
export function NewOrganizationForm() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const userId = useSession()?.user.id ?? '';
  const [values, setValues] = useState<OrganizationFormValues>({
    name: '',
    organizationNumber: '',
    contactEmail: '',
  });
  const [errors, setErrors] = useState<Partial<Record<OrganizationField, OrganizationFieldError>>>({});

  const create = useCreateOrganization();

  const change = (field: OrganizationField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationFormSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      setErrors(fieldErrors);
      const first = (['name', 'organizationNumber', 'contactEmail'] as const).find((f) => fieldErrors[f]);
      if (first) document.getElementById(`organization-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(
      { ownerId: userId, organization: parsed.data },
      {
        onSuccess: () => {
          notify({ message: t('organization.created', { name: parsed.data.name }), tone: 'success' });
          void navigate(takeReturnTo(), { replace: true });
        },
        onError: (error) => {
          const field = serverFieldError(error);
          if (field) setErrors({ [field.field]: field.message });
        },
      },
    );
  };

  const message = (field: OrganizationField) => {
    const key = errors[field];
    return key ? t(`organization.errors.${key}`) : undefined;
  };
  const formError = create.isError && !serverFieldError(create.error) ? create.error : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormStatus error={formError} />
      <Input
        id="organization-name"
        label={t('organization.name')}
        value={values.name}
        onChange={change('name')}
        error={message('name')}
        autoComplete="organization"
        required
        maxLength={120}
      />
      <Input
        id="organization-organizationNumber"
        label={t('organization.organizationNumber')}
        hint={t('organization.organizationNumberHint')}
        value={values.organizationNumber}
        onChange={change('organizationNumber')}
        error={message('organizationNumber')}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <Input
        id="organization-contactEmail"
        label={t('organization.contactEmail')}
        hint={t('organization.contactEmailHint')}
        value={values.contactEmail}
        onChange={change('contactEmail')}
        error={message('contactEmail')}
        type="email"
        autoComplete="email"
      />
      <div className={pageStyles.actions}>
        <Button type="submit" loading={create.isPending}>
          {t('organization.submit')}
        </Button>
      </div>
    </form>
  );
}
