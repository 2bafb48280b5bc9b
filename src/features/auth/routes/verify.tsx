import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useRefreshConfirmation } from '../api/refresh-confirmation';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSignOut } from '../api/sign-out';
import styles from '../components/auth.module.css';
import { useCoolDown } from '../hooks/use-cool-down';

/**
 * `/verify`: a signed-in user whose e-mail is not confirmed is held here by the guard.
 * Resend (with GoTrue's cool-down as a countdown), continue once confirmed (in this or another
 * tab), use another address, or sign out.
 *
 * Another address: GoTrue's secure e-mail change (double_confirm_changes) wants a click in a mail
 * to the current address too, which a mistyped address never gets — so for an unconfirmed account
 * we sign out and let the user create the account again with the right address, and say so.
 */
export default function AuthVerifyPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const email = session?.user.email ?? '';
  const [secondsLeft, startCoolDown] = useCoolDown();
  const [notice, setNotice] = useState<string | null>(null);

  const send = useResendConfirmation({
    onSuccess: () => {
      setNotice(t('verify.resent'));
      startCoolDown();
    },
    onError: (error) => {
      // GoTrue's own limit: wait as long as we would have anyway.
      if (toAppError(error).code === 'over_email_send_rate_limit') {
        startCoolDown();
      }
    },
  });
  const check = useRefreshConfirmation({
    onSuccess: (confirmed) => {
      if (confirmed) void navigate(takeReturnTo(), { replace: true });
      else setNotice(t('verify.notConfirmedYet'));
    },
  });
  const leave = useSignOut({
    onSuccess: () => void navigate(paths.auth, { replace: true }),
  });
  const startOver = useSignOut({
    onSuccess: () => void navigate(paths.auth, { replace: true, state: { signUp: true } }),
  });

  const error = send.error ?? check.error ?? leave.error ?? startOver.error;
  const cooling = secondsLeft > 0;

  return (
    <div className={styles.page}>
      <h1>{t('verify.title')}</h1>
      <p>{t('verify.intro', { email })}</p>
      <FormStatus error={error} />
      <FormStatus tone="success">{notice}</FormStatus>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            setNotice(null);
            send.mutate(email);
          }}
          disabled={cooling}
          loading={send.isPending}
          aria-describedby={cooling ? 'verify-cool-down' : undefined}
        >
          {t('verify.resend')}
        </Button>
        <Button
          variant="secondary"
          loading={check.isPending}
          onClick={() => {
            setNotice(null);
            check.mutate();
          }}
        >
          {t('verify.confirmed')}
        </Button>
      </div>
      {cooling ? (
        <p id="verify-cool-down" className={styles.muted}>
          {t('verify.resendWait', { count: secondsLeft })}
        </p>
      ) : null}
      <section className={styles.alternatives} aria-labelledby="verify-change">
        <h2 id="verify-change">{t('verify.changeTitle')}</h2>
        <p>{t('verify.changeText')}</p>
        <div className={styles.actions}>
          <Button variant="secondary" loading={startOver.isPending} onClick={() => startOver.mutate()}>
            {t('verify.change')}
          </Button>
        </div>
      </section>
      <div className={styles.actions}>
        <Button variant="ghost" loading={leave.isPending} onClick={() => leave.mutate()}>
          {t('verify.signOut')}
        </Button>
      </div>
    </div>
  );
}
