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
// without them.
const loadCodeStep = () => import('./code-step');
const loadMfaStep = () => import('./mfa-step');
const CodeStep = lazy(async () => ({ default: (await loadCodeStep()).CodeStep }));
const MfaStep = lazy(async () => ({ default: (await loadMfaStep()).MfaStep }));
const LATER_STEPS_DELAY_MS = 3000;

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

  // The later steps download when the visitor reaches for the form (a key, a tap, a field in
  // focus) or after a few seconds, so they never compete with its first paint; a step needed
  // before that shows the spinner while it loads.
  useEffect(() => {
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const loadLaterSteps = () => {
      stop();
      void loadCodeStep();
      void loadMfaStep();
    };
    const timer = setTimeout(loadLaterSteps, LATER_STEPS_DELAY_MS);
    function stop() {
      clearTimeout(timer);
      for (const event of events) document.removeEventListener(event, loadLaterSteps, true);
    }
    for (const event of events) document.addEventListener(event, loadLaterSteps, true);
    return stop;
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
