import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { Input } from '@/components/input';
import { signOut, verifyTotp } from '../api/auth-api';
import styles from './auth.module.css';
import { FormError } from './form-parts';

/** The second factor at sign-in (docs/auth-onboarding.md «MFA at sign-in»): aal1 → aal2. */
export function MfaStep({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const verify = useMutation({ mutationFn: verifyTotp, onSuccess: onVerified, meta: { silent: true } });
  const leave = useMutation({ mutationFn: signOut, meta: { silent: true } });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/gu, '');
    const ok = /^\d{6}$/u.test(value);
    setInvalid(!ok);
    if (ok) verify.mutate(value);
  };
  return (
    <div className={styles.page}>
      <h1>{t('mfa.title')}</h1>
      <p>{t('mfa.intro')}</p>
      <FormError error={verify.error ?? leave.error} />
      <Form className={styles.form} onSubmit={onSubmit}>
        <Input
          label={t('mfa.label')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={invalid ? t('mfa.invalid') : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setInvalid(false);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={verify.isPending}>
            {t('mfa.submit')}
          </Button>
          <Button variant="ghost" loading={leave.isPending} onClick={() => leave.mutate()}>
            {t('mfa.signOut')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
