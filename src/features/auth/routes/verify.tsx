import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import { resendConfirmation, signOut } from '../api/auth-api';
import styles from '../components/auth.module.css';
import { FormError, FormInfo } from '../components/form-parts';

/** GoTrue sends a confirmation at most once a minute (config.toml max_frequency). */
export const RESEND_COOL_DOWN_SECONDS = 60;

/** Fresh tokens carry the user as the server has it now: confirmed in another tab or not. */
async function refreshConfirmed(): Promise<boolean> {
  const { data, error } = await supabase.auth.refreshSession();
  if (error) throw toAppError(error);
  return Boolean(data.user?.email_confirmed_at);
}

/** A cool-down in whole seconds, ticking once a second while it runs; `start` begins a new one. */
function useCoolDown(): [secondsLeft: number, start: () => void] {
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null);
  const running = clock !== null && clock.until > clock.now;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(
      () => setClock((previous) => previous && { ...previous, now: Date.now() }),
      1000,
    );
    return () => clearInterval(timer);
  }, [running]);
  const secondsLeft = clock ? Math.max(0, Math.ceil((clock.until - clock.now) / 1000)) : 0;
  const start = () => {
    const now = Date.now();
    setClock({ until: now + RESEND_COOL_DOWN_SECONDS * 1000, now });
  };
  return [secondsLeft, start];
}

/**
 * `/verify` (spec §6): a signed-in user whose e-mail is not confirmed is held here by the guard.
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

  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => resendConfirmation(email),
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
  const check = useMutation({
    meta: { silent: true },
    mutationFn: refreshConfirmed,
    onSuccess: (confirmed) => {
      if (confirmed) void navigate(takeReturnTo(), { replace: true });
      else setNotice(t('verify.notConfirmedYet'));
    },
  });
  const leave = useMutation({
    meta: { silent: true },
    mutationFn: signOut,
    onSuccess: () => void navigate(paths.auth, { replace: true }),
  });
  const startOver = useMutation({
    meta: { silent: true },
    mutationFn: signOut,
    onSuccess: () => void navigate(paths.auth, { replace: true, state: { signUp: true } }),
  });

  const error = send.error ?? check.error ?? leave.error ?? startOver.error;
  const cooling = secondsLeft > 0;

  return (
    <div className={styles.page}>
      <h1>{t('verify.title')}</h1>
      <p>{t('verify.intro', { email })}</p>
      <FormError error={error} />
      <FormInfo>{notice}</FormInfo>
      <div className={styles.actions}>
        <Button
          onClick={() => {
            setNotice(null);
            send.mutate();
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
