import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { notify } from '@/components/notification-store';
import styles from '@/components/settings-page.module.css';
import { errorMessage } from '@/lib/error-message';
import { signOut, type SignOutScope } from '../api';

/**
 * «Logg ut» with spec §5's scopes: `local` ends this session, `others` every other session of the
 * user, `global` all of them. Ending this session fires SIGNED_OUT, and the guards take over.
 */
export function SignOutSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const mutation = useMutation({
    mutationFn: signOut,
    onSuccess: (_data, scope) => {
      if (scope === 'others') notify({ message: t('signOut.othersDone'), tone: 'success' });
    },
  });
  const scopes: SignOutScope[] = ['local', 'others', 'global'];

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('signOut.heading')}</h2>
      <p className={styles.muted}>{t('signOut.intro')}</p>
      {mutation.error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(mutation.error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        {scopes.map((scope) => (
          <Button
            key={scope}
            variant={scope === 'local' ? 'primary' : 'secondary'}
            loading={mutation.isPending && mutation.variables === scope}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(scope)}
          >
            {t(`signOut.${scope}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
