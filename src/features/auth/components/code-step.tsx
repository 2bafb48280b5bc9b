import type { Session } from '@supabase/auth-js';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { useSendCode } from '../api/send-code';
import { useVerifyCode } from '../api/verify-code';
import { useCodeField } from '../hooks/use-code-field';
import type { CodeTarget } from '../types';
import styles from './auth.module.css';

type CodeStepProps = {
  target: CodeTarget;
  onVerified: (session: Session | null) => void;
  onBack: () => void;
  /** The sign-in view's check for a second factor, which runs after the code signed the user in. */
  finishing: boolean;
  finishError: unknown;
};

/** The code sent by e-mail or SMS (a code sign-in, or a sign-up by phone): type it, or get a new one. */
export function CodeStep({ target, onVerified, onBack, finishing, finishError }: CodeStepProps) {
  const { t } = useTranslation('auth');
  const codeInput = useRef<HTMLInputElement>(null);
  const verify = useVerifyCode(target, {
    onSuccess: onVerified,
    // Back in the field with the code selected: the next try is typed straight over it.
    onError: () => codeInput.current?.select(),
  });
  const again = useSendCode();
  const field = useCodeField((code) => verify.mutate(code));
  const sent =
    'email' in target
      ? t('code.sentEmail', { target: target.email })
      : t('code.sentSms', { target: target.phone });
  return (
    <div className={styles.page}>
      <h1>{t('code.title')}</h1>
      <p>{sent}</p>
      <FormStatus error={verify.error ?? again.error ?? finishError} />
      <FormStatus tone="success">{again.isSuccess ? t('code.sentAgain') : null}</FormStatus>
      <Form
        className={styles.form}
        onSubmit={(event) => {
          again.reset();
          field.onSubmit(event);
        }}
      >
        <Input
          ref={codeInput}
          label={t('code.label')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={field.value}
          error={field.invalid ? t('code.invalid') : undefined}
          onChange={(event) => field.onChange(event.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={verify.isPending || finishing}>
            {t('code.submit')}
          </Button>
          <Button
            variant="secondary"
            loading={again.isPending}
            onClick={() => {
              verify.reset();
              again.mutate(target);
            }}
          >
            {t('code.sendAgain')}
          </Button>
          <Button variant="ghost" onClick={onBack}>
            {t('code.back')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
