import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { useSignOut } from '../api/sign-out';
import { useVerifyTotp } from '../api/verify-totp';
import { useCodeField } from '../hooks/use-code-field';
import styles from './auth.module.css';

/** The second factor at sign-in (docs/auth-onboarding.md «MFA at sign-in»): aal1 → aal2. */
export function MfaStep({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation('auth');
  const verify = useVerifyTotp({ onSuccess: onVerified });
  const leave = useSignOut();
  const field = useCodeField((code) => verify.mutate(code));
  return (
    <div className={styles.page}>
      <h1>{t('mfa.title')}</h1>
      <p>{t('mfa.intro')}</p>
      <FormStatus error={verify.error ?? leave.error} />
      <Form className={styles.form} onSubmit={field.onSubmit}>
        <Input
          label={t('mfa.label')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={field.value}
          error={field.invalid ? t('mfa.invalid') : undefined}
          onChange={(event) => field.onChange(event.target.value)}
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
