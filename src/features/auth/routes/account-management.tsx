import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/error-message';
import { AppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { peekReturnTo, saveReturnTo, takeReturnTo } from '@/lib/return-to';
import { getSession, useSession } from '@/lib/session';
import { acceptOrganizationInviteQueryOptions } from '../api/accept-organization-invite';
import { useUpdatePassword } from '../api/update-password';
import { isTokenMode, tokenLinkQueryOptions, type TokenMode } from '../api/verify-token-hash';
import styles from '../components/auth.module.css';
import { passwordWeaknesses } from '../utils/password-rules';
import { safePathFrom } from '../utils/return-url';

/**
 * `/auth/management?mode=…&oobCode=…`: what the links in our e-mails open. Each code is spent once,
 * by a query that is never retried (so a re-render cannot spend it twice); used or expired codes
 * show the catalogue's otp_expired message. `redirect_to` is followed only as a path on this origin.
 */
export default function AuthAccountManagementPage() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const mode = search.get('mode') ?? '';
  const code = search.get('oobCode') ?? '';
  const target = safePathFrom(search.get('redirect_to')) ?? peekReturnTo() ?? paths.home;
  const session = useSession() ?? getSession();

  if (mode === 'acceptOrganizationInvite') {
    if (!code) return <Problem message={t('management.missingCode')} />;
    return <AcceptOrganizationInvite token={code} />;
  }
  if (!isTokenMode(mode)) return <Problem message={t('management.unknownMode')} />;
  // After the PASSWORD_RECOVERY event (src/app/auth-events.ts) the session is already the
  // recovery session and the URL has no code: straight to the form.
  if (mode === 'resetPassword' && !code && session) {
    return <NewPassword title={t('management.resetTitle')} target={target} />;
  }
  if (!code) return <Problem message={t('management.missingCode')} />;
  return <TokenLink mode={mode} code={code} target={target} />;
}

function Problem({ message, error }: { message?: string; error?: unknown }) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.page}>
      <h1>{t('management.title')}</h1>
      {message ? <FormStatus tone="error">{message}</FormStatus> : null}
      <FormStatus error={error} />
      <Link to={paths.auth}>{t('management.toSignIn')}</Link>
    </div>
  );
}

function TokenLink({ mode, code, target }: { mode: TokenMode; code: string; target: string }) {
  const { t } = useTranslation('auth');
  const verification = useQuery(tokenLinkQueryOptions(mode, code));

  if (verification.isError) return <Problem error={verification.error} />;
  if (verification.isPending) {
    return (
      <div className={styles.page}>
        <h1>{t('management.title')}</h1>
        <Spinner label={t('management.working')} />
      </div>
    );
  }
  switch (mode) {
    case 'resetPassword':
      return <NewPassword title={t('management.resetTitle')} target={target} />;
    case 'acceptInvite':
      return (
        <NewPassword
          title={t('management.inviteTitle')}
          intro={t('management.inviteIntro')}
          target={target}
        />
      );
    case 'verifyAndChangeEmail':
      return (
        <div className={styles.page}>
          <h1>{t('management.emailChangeTitle')}</h1>
          <FormStatus tone="success">
            {verification.data.session ? t('management.emailChangeDone') : t('management.emailChangePending')}
          </FormStatus>
          <Link to={target}>{t('management.continue')}</Link>
        </div>
      );
    case 'verifyEmail':
    case 'signIn':
      return <Navigate to={target} replace />;
  }
}

function NewPassword({ title, intro, target }: { title: string; intro?: string; target: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const save = useUpdatePassword({
    onSuccess: () => {
      takeReturnTo();
      void navigate(target, { replace: true });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reasons = passwordWeaknesses(password);
    const found = !password
      ? t('signIn.passwordRequired')
      : reasons.length > 0
        ? errorMessage(new AppError('weak_password', { reasons }))
        : undefined;
    setProblem(found);
    if (!found) save.mutate(password);
  };
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      {intro ? <p>{intro}</p> : null}
      <FormStatus error={save.error} />
      <Form className={styles.form} onSubmit={onSubmit}>
        <Input
          label={t('management.newPassword')}
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint={t('signUp.passwordRules')}
          value={password}
          error={problem}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(undefined);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('management.savePassword')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function AcceptOrganizationInvite({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSession() ?? getSession();
  const userId = session?.user.id;
  const accept = useQuery(acceptOrganizationInviteQueryOptions(token, userId));

  if (!userId) {
    // Accepting needs the invitee signed in: sign in (or up), then come back to this link.
    saveReturnTo(`${location.pathname}${location.search}`);
    return <Navigate to={paths.auth} replace />;
  }
  if (accept.isError) return <Problem error={accept.error} />;
  if (accept.isPending) {
    return (
      <div className={styles.page}>
        <h1>{t('management.organizationInviteTitle')}</h1>
        <Spinner label={t('management.working')} />
      </div>
    );
  }
  return <Navigate to={paths.home} replace />;
}
