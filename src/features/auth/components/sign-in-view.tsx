import type { Session } from '@supabase/auth-js';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/spinner';
import { useCheckAssurance } from '../api/get-assurance';
import { useSignInFields } from '../hooks/use-sign-in-fields';
import type { Step } from '../types';
import styles from './auth.module.css';
import { SignInForm } from './sign-in-form';

// The code and second-factor steps come after a first answer from GoTrue, so the form paints
// without them; they are fetched as soon as it has (docs/performance.md).
const loadCodeStep = () => import('./code-step');
const loadMfaStep = () => import('./mfa-step');
const CodeStep = lazy(async () => ({ default: (await loadCodeStep()).CodeStep }));
const MfaStep = lazy(async () => ({ default: (await loadMfaStep()).MfaStep }));

/**
 * Sign-in and sign-up: password with e-mail or phone, a magic link, a code by e-mail or SMS,
 * Google. Whatever the way in, a session that still needs its second factor gets the TOTP step,
 * and then the user goes to the saved target (`onSignedIn`). Each step is a component of its own;
 * this one holds the step and what the steps share (the typed fields, the second-factor check).
 */
export function SignInView({ initialStep, onSignedIn }: { initialStep: Step; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>(initialStep);
  // Kept here, so what was typed is still there after a detour to the code step and back.
  const fields = useSignInFields();

  /** After any sign-in: the TOTP step when the account has a factor, else on to the target. */
  const finish = useCheckAssurance({
    onSuccess: ({ needsMfa }) => (needsMfa ? setStep({ kind: 'mfa' }) : onSignedIn()),
  });
  const afterSession = (session: Session | null) => {
    if (session) finish.mutate();
  };

  // The later steps download once the form has painted (a frame, then a task), so they never hold
  // up its first paint.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void loadCodeStep();
        void loadMfaStep();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const stepView = () => {
    switch (step.kind) {
      case 'mfa':
        return <MfaStep onVerified={onSignedIn} />;
      case 'check-email':
        return (
          <div className={styles.page}>
            <h1>{t('signUp.checkEmail')}</h1>
            <p>{t('signUp.checkEmailText', { email: step.email })}</p>
          </div>
        );
      case 'code':
        return (
          <CodeStep
            target={step.target}
            onVerified={afterSession}
            finishing={finish.isPending}
            finishError={finish.error}
            onBack={() => {
              finish.reset();
              fields.clearErrors();
              setStep({ kind: 'sign-in' });
            }}
          />
        );
      case 'sign-in':
      case 'sign-up':
        return (
          <SignInForm
            signingUp={step.kind === 'sign-up'}
            fields={fields}
            finish={finish}
            onSession={afterSession}
            onStep={setStep}
          />
        );
    }
  };

  return <Suspense fallback={<Spinner />}>{stepView()}</Suspense>;
}
