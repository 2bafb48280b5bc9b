import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import { Spinner } from '@/components/spinner';
import { peekReturnTo, takeReturnTo } from '@/lib/return-to';
import { getSession } from '@/lib/session';
import { assuranceQueryOptions } from '../api/get-assurance';
import styles from '../components/auth.module.css';
import { SignInView } from '../components/sign-in-view';

/**
 * `/auth` and `/login`. A visitor signs in or up here; a session that arrives still needing its
 * second factor (the guard sends it here with the target saved) gets the TOTP step; a session that
 * is already complete just continues to the saved target.
 */
export default function AuthSignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const wantsSignUp = (location.state as { signUp?: unknown } | null)?.signUp === true;
  // Only a session present when the page opened decides the first step; one made here is handled
  // by the view itself, so the saved target is taken once.
  const [initialSession] = useState(getSession);
  const level = useQuery({
    ...assuranceQueryOptions(initialSession?.user.id ?? ''),
    enabled: Boolean(initialSession),
  });
  const onSignedIn = () => {
    void navigate(takeReturnTo(), { replace: true });
  };

  if (initialSession) {
    if (level.isPending) return <Spinner label={t('signIn.signedInAlready')} />;
    if (level.isError) {
      return (
        <div className={styles.page}>
          <h1>{t('signIn.title')}</h1>
          <FormStatus error={level.error} />
        </div>
      );
    }
    // Peeked, not taken: rendering must stay pure (StrictMode renders twice); the target's own
    // guards decide from here on.
    if (!level.data.needsMfa) return <Navigate to={peekReturnTo() ?? '/'} replace />;
    return <SignInView initialStep={{ kind: 'mfa' }} onSignedIn={onSignedIn} />;
  }
  return <SignInView initialStep={{ kind: wantsSignUp ? 'sign-up' : 'sign-in' }} onSignedIn={onSignedIn} />;
}
