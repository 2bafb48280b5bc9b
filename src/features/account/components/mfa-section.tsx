import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/settings-page.module.css';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import {
  accountSettingsKeys,
  authErrorCode,
  enrollTotp,
  factorsQuery,
  unenrollFactor,
  verifyTotp,
  type TotpEnrollment,
} from '../api';

/**
 * «Tofaktorautentisering» with TOTP: enrol (QR code and the secret for manual entry), verify with a
 * code (the session becomes aal2), list the verified factors and remove one (GoTrue needs aal2).
 */
export function MfaSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const queryClient = useQueryClient();
  const factors = useQuery(factorsQuery(userId));
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  const verified = (factors.data ?? []).filter(
    (factor) => factor.factor_type === 'totp' && factor.status === 'verified',
  );
  const unverified = (factors.data ?? []).filter((factor) => factor.status === 'unverified');
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSettingsKeys.factors(userId) });

  const enroll = useMutation({
    mutationFn: () => enrollTotp(unverified),
    onSuccess: setEnrollment,
  });

  const remove = useMutation({
    mutationFn: unenrollFactor,
    onSuccess: async () => {
      await refresh();
      notify({ message: t('mfa.removed'), tone: 'success' });
    },
  });

  async function askToRemove(factorId: string) {
    const confirmed = await confirm({
      title: t('mfa.removeTitle'),
      description: t('mfa.removeDescription'),
      confirmLabel: t('mfa.remove'),
      tone: 'danger',
    });
    if (confirmed) remove.mutate(factorId);
  }

  const removeError =
    remove.error === null
      ? null
      : authErrorCode(remove.error) === 'insufficient_aal'
        ? t('mfa.needsAal2')
        : errorMessage(remove.error);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mfa.heading')}</h2>
      <p className={styles.muted}>{t('mfa.intro')}</p>
      {factors.error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(factors.error)}
        </p>
      ) : null}
      {factors.data && verified.length === 0 && !enrollment ? <p>{t('mfa.none')}</p> : null}
      {verified.length > 0 ? (
        <ul className={styles.factors} aria-label={t('mfa.factors')}>
          {verified.map((factor) => (
            <li key={factor.id}>
              <span>
                {t('mfa.factorName')} · {t('mfa.addedAt', { date: formatDate(factor.created_at) })}
              </span>
              <Button
                variant="danger"
                size="sm"
                aria-label={t('mfa.removeLabel', { date: formatDate(factor.created_at) })}
                loading={remove.isPending && remove.variables === factor.id}
                onClick={() => void askToRemove(factor.id)}
              >
                {t('mfa.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {removeError ? (
        <p role="alert" className={styles.formError}>
          {removeError}
        </p>
      ) : null}
      {enrollment ? (
        <EnrollForm
          enrollment={enrollment}
          onDone={async () => {
            setEnrollment(null);
            await refresh();
            notify({ message: t('mfa.enabled'), tone: 'success' });
          }}
          onCancel={async () => {
            setEnrollment(null);
            await unenrollFactor(enrollment.factorId).catch(() => undefined);
            await refresh();
          }}
        />
      ) : verified.length === 0 && factors.data ? (
        <>
          {enroll.error ? (
            <p role="alert" className={styles.formError}>
              {errorMessage(enroll.error)}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button loading={enroll.isPending} onClick={() => enroll.mutate()}>
              {t('mfa.enable')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

function EnrollForm({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: TotpEnrollment;
  onDone: () => Promise<void>;
  onCancel: () => Promise<void>;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const verify = useMutation({
    mutationFn: (value: string) => verifyTotp(enrollment.factorId, value),
    onSuccess: onDone,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setInvalid(true);
    setInvalid(false);
    verify.mutate(value);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>{t('mfa.scan')}</p>
      <img className={styles.qr} src={enrollment.qrCode} alt={t('mfa.qrAlt')} />
      <p className={styles.muted}>
        {t('mfa.secret')} <code className={styles.secret}>{enrollment.secret}</code>
      </p>
      <Input
        label={t('mfa.code')}
        hint={t('mfa.codeHint')}
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={invalid ? t('mfa.codeInvalid') : undefined}
        required
      />
      {verify.error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(verify.error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={verify.isPending}>
          {t('mfa.confirm')}
        </Button>
        <Button variant="secondary" onClick={() => void onCancel()}>
          {t('mfa.cancel')}
        </Button>
      </div>
    </form>
  );
}
