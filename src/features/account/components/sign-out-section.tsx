import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { useSignOut, type SignOutScope } from '../api/sign-out';

/**
 * «Logg ut» in three scopes: `local` ends this session, `others` every other session of the
 * user, `global` all of them. Ending this session fires SIGNED_OUT, and the guards take over.
 */
export function SignOutSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const mutation = useSignOut();
  const signOut = (scope: SignOutScope) =>
    mutation.mutate(scope, {
      onSuccess: () => {
        if (scope === 'others') notify({ message: t('signOut.othersDone'), tone: 'success' });
      },
    });
  const scopes: SignOutScope[] = ['local', 'others', 'global'];

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('signOut.heading')}</h2>
      <p className={styles.muted}>{t('signOut.intro')}</p>
      <FormStatus error={mutation.error} />
      <div className={styles.actions}>
        {scopes.map((scope) => (
          <Button
            key={scope}
            variant={scope === 'local' ? 'primary' : 'secondary'}
            loading={mutation.isPending && mutation.variables === scope}
            disabled={mutation.isPending}
            onClick={() => signOut(scope)}
          >
            {t(`signOut.${scope}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
