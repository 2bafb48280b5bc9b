import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { errorMessage } from '@/lib/error-message';
import { AppError } from '@/lib/errors';
import { useAddHost, useRemoveHost } from '../api/change-hosts';
import { HOST_PATTERN, normalizeHost } from '../utils/host';
import styles from './marketplace.module.css';

/** The host names the marketplace answers on: add and remove (the owner's view). */
export function OwnerHosts({ marketplaceId, hosts }: { marketplaceId: string; hosts: string[] }) {
  const { t } = useTranslation('marketplace');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddHost(marketplaceId, {
    onAdded: ({ url }) => {
      setValue('');
      notify({ message: t('admin.hosts.added', { host: url }), tone: 'success' });
    },
    // A host name another marketplace has (a unique url) gets its own message.
    onFailed: (failure) =>
      setError(
        failure instanceof AppError && failure.code === 'already-exists'
          ? t('admin.hosts.taken')
          : errorMessage(failure),
      ),
  });
  const remove = useRemoveHost(marketplaceId, {
    onRemoved: ({ url }) => notify({ message: t('admin.hosts.removed', { host: url }), tone: 'success' }),
    onFailed: (failure) => notify({ message: errorMessage(failure), tone: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const host = normalizeHost(value);
    if (!HOST_PATTERN.test(host)) {
      setError(t('admin.hosts.invalid'));
      return;
    }
    if (hosts.includes(host)) {
      setError(t('admin.hosts.duplicate'));
      return;
    }
    setError(null);
    add.mutate({ marketplaceId, url: host });
  }

  async function askRemove(host: string) {
    const confirmed = await confirm({
      title: t('admin.hosts.removeTitle', { host }),
      description: t('admin.hosts.removeDescription'),
      confirmLabel: t('admin.hosts.remove'),
      tone: 'danger',
    });
    if (confirmed) remove.mutate({ marketplaceId, url: host });
  }

  return (
    <section className={layout.section} aria-labelledby="admin-hosts">
      <h2 id="admin-hosts">{t('admin.hosts.heading')}</h2>
      <p className={layout.muted}>{t('admin.hosts.intro')}</p>
      {hosts.length === 0 ? (
        <p>{t('admin.hosts.empty')}</p>
      ) : (
        <ul className={styles.hosts}>
          {hosts.map((host) => (
            <li key={host}>
              <span>{host}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('admin.hosts.removeLabel', { host })}
                onClick={() => void askRemove(host)}
              >
                {t('admin.hosts.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.hostForm} onSubmit={submit} noValidate>
        <Input
          label={t('admin.hosts.label')}
          hint={t('admin.hosts.hint')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" loading={add.isPending}>
          {t('admin.hosts.add')}
        </Button>
      </form>
    </section>
  );
}
