import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import { storeLastOrganization } from '@/lib/account/mutations';
import { accountKeys, organizationsQuery } from '@/lib/account/queries';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { FormError } from '../components/form-parts';
import { createOrganization } from '../mutations';
import styles from '../onboarding.module.css';
import {
  fieldErrorsOf,
  organizationFormSchema,
  serverFieldError,
  type OrganizationField,
  type OrganizationFieldError,
  type OrganizationFormData,
  type OrganizationFormValues,
} from '../organization-form';

/**
 * `/onboarding/organization/create`: the user's first organization (or another one). The guard sent
 * them here with the target saved; afterwards they go back to it.
 */
export default function OnboardingOrganizationCreatePage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? '';
  const [values, setValues] = useState<OrganizationFormValues>({
    name: '',
    organizationNumber: '',
    contactEmail: '',
  });
  const [errors, setErrors] = useState<Partial<Record<OrganizationField, OrganizationFieldError>>>({});

  const create = useMutation({
    mutationFn: async (data: OrganizationFormData) => {
      const organizationId = await createOrganization(userId, data);
      await storeLastOrganization(userId, organizationId);
      // The guard reads organizations with ensureQueryData (a cached answer wins): read them again now.
      await queryClient.invalidateQueries({ queryKey: accountKeys.organizations(userId) });
      await queryClient.fetchQuery({ ...organizationsQuery(userId), staleTime: 0 });
      return data.name;
    },
    onSuccess: (name) => {
      notify({ message: t('organization.created', { name }), tone: 'success' });
      void navigate(takeReturnTo(), { replace: true });
    },
    onError: (error) => {
      const field = serverFieldError(error);
      if (field) setErrors({ [field.field]: field.message });
    },
  });

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
    create.mutate(parsed.data);
  };

  const message = (field: OrganizationField) => {
    const key = errors[field];
    return key ? t(`organization.errors.${key}`) : undefined;
  };
  const formError = create.isError && !serverFieldError(create.error) ? create.error : null;

  return (
    <div className={styles.page}>
      <h1>{t('organization.title')}</h1>
      <p>{t('organization.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormError error={formError} />
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
        <div className={styles.actions}>
          <Button type="submit" loading={create.isPending}>
            {t('organization.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
