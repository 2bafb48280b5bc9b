import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import { Skeleton } from '@/components/skeleton';
import { brandName } from '@/lib/card-brand';
import { savedCardQueryOptions, type SavedCard } from '../api/get-saved-card';
import { useRemoveCard } from '../api/remove-card';
import { CardForm } from './card-form';
import styles from './setup.module.css';

/** The saved card (brand, last four, expiry) with «Bytt kort» / «Fjern kort», and the card form. */
export function CardSection({
  organizationId,
  organizationName,
  canManage,
}: {
  organizationId: string;
  organizationName: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const card = useQuery(savedCardQueryOptions(organizationId));
  const [changing, setChanging] = useState(false);
  const remove = useRemoveCard();

  async function startRemove(saved: SavedCard) {
    const confirmed = await confirm({
      title: t('setup.card.removeConfirm.title'),
      description: t('setup.card.removeConfirm.description', {
        brand: brandName(saved.brand),
        last4: saved.last4,
      }),
      confirmLabel: t('setup.card.remove'),
      cancelLabel: t('setup.card.removeConfirm.cancel'),
      tone: 'danger',
    });
    if (confirmed) {
      remove.mutate(organizationId, {
        onSuccess: () => notify({ message: t('setup.card.removed'), tone: 'success' }),
      });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="payments-setup-card" aria-busy={card.isPending}>
      <h2 id="payments-setup-card">{t('setup.card.heading')}</h2>
      {card.isPending ? (
        <Skeleton height="4rem" />
      ) : card.isError ? (
        <FormStatus error={card.error} />
      ) : (
        <div className={styles.summary}>
          <p>
            {card.data
              ? t('setup.card.summary', {
                  brand: brandName(card.data.brand),
                  last4: card.data.last4,
                  expiry:
                    card.data.expMonth && card.data.expYear
                      ? `${String(card.data.expMonth).padStart(2, '0')}/${card.data.expYear}`
                      : '–',
                })
              : t('setup.card.none')}
          </p>
          {canManage && card.data && !changing ? (
            <div className={page.actions}>
              <Button variant="secondary" onClick={() => setChanging(true)}>
                {t('setup.card.change')}
              </Button>
              <Button
                variant="danger"
                loading={remove.isPending}
                onClick={() => void startRemove(card.data!)}
              >
                {t('setup.card.remove')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
      <FormStatus error={remove.error} />
      {!canManage ? (
        <FormStatus tone="info">{t('setup.card.memberNote', { organization: organizationName })}</FormStatus>
      ) : card.isSuccess && (card.data === null || changing) ? (
        <CardForm organizationId={organizationId} changing={changing} onCancel={() => setChanging(false)} />
      ) : null}
    </section>
  );
}
