import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { formatDate } from '@/lib/format';
import { useEnrollTotp, type TotpEnrollment } from '../api/enroll-totp';
import { factorsQueryOptions } from '../api/get-factors';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { useVerifyTotp } from '../api/verify-totp';
import accountStyles from './account.module.css';

/**
 * «Tofaktorautentisering» with TOTP: enrol (QR code and the secret for manual entry), verify with a
 * code (the session becomes aal2), list the verified factors and remove one (GoTrue needs aal2).
 */
export function MfaSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const factors = useQuery(factorsQueryOptions(userId));
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  const verified = (factors.data ?? []).filter(
    (factor) => factor.factor_type === 'totp' && factor.status === 'verified',
  );
  const unverified = (factors.data ?? []).filter((factor) => factor.status === 'unverified');
  const enroll = useEnrollTotp();
  const remove = useUnenrollFactor();
  // Leaving an enrolment half-way removes its unverified factor; a failure there is not worth a word.
  const cancel = useUnenrollFactor();

  async function askToRemove(factorId: string) {
    const confirmed = await confirm({
      title: t('mfa.removeTitle'),
      description: t('mfa.removeDescription'),
      confirmLabel: t('mfa.remove'),
      tone: 'danger',
    });
    if (!confirmed) return;
    remove.mutate(
      { userId, factorId },
      { onSuccess: () => notify({ message: t('mfa.removed'), tone: 'success' }) },
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mfa.heading')}</h2>
      <p className={styles.muted}>{t('mfa.intro')}</p>
      <FormStatus error={factors.error} />
      {factors.data && verified.length === 0 && !enrollment ? <p>{t('mfa.none')}</p> : null}
      {verified.length > 0 ? (
        <ul className={accountStyles.factors} aria-label={t('mfa.factors')}>
          {verified.map((factor) => (
            <li key={factor.id}>
              <span>
                {t('mfa.factorName')} · {t('mfa.addedAt', { date: formatDate(factor.created_at) })}
              </span>
              <Button
                variant="danger"
                size="sm"
                aria-label={t('mfa.removeLabel', { date: formatDate(factor.created_at) })}
                loading={remove.isPending && remove.variables.factorId === factor.id}
                onClick={() => void askToRemove(factor.id)}
              >
                {t('mfa.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormStatus error={remove.error} />
      {enrollment ? (
        <EnrollForm
          userId={userId}
          enrollment={enrollment}
          onDone={() => {
            setEnrollment(null);
            notify({ message: t('mfa.enabled'), tone: 'success' });
          }}
          onCancel={() => {
            setEnrollment(null);
            cancel.mutate({ userId, factorId: enrollment.factorId });
          }}
        />
      ) : verified.length === 0 && factors.data ? (
        <>
          <FormStatus error={enroll.error} />
          <div className={styles.actions}>
            <Button
              loading={enroll.isPending}
              onClick={() => enroll.mutate(unverified, { onSuccess: setEnrollment })}
            >
              {t('mfa.enable')}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

function EnrollForm({
  userId,
  enrollment,
  onDone,
  onCancel,
}: {
  userId: string;
  enrollment: TotpEnrollment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const verify = useVerifyTotp();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setInvalid(true);
    setInvalid(false);
    verify.mutate({ userId, factorId: enrollment.factorId, code: value }, { onSuccess: onDone });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>{t('mfa.scan')}</p>
      <img className={accountStyles.qr} src={enrollment.qrCode} alt={t('mfa.qrAlt')} />
      <p className={styles.muted}>
        {t('mfa.secret')} <code className={accountStyles.secret}>{enrollment.secret}</code>
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
      <FormStatus error={verify.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={verify.isPending}>
          {t('mfa.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('mfa.cancel')}
        </Button>
      </div>
    </form>
  );
}
