import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { notify } from '@/components/notification-store';
import { Skeleton } from '@/components/skeleton';
import { accountKeys } from '@/lib/account/queries';
import { errorMessage } from '@/lib/error-message';
import { AppError, toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { FIELD_OF_CODE, brandName, loadCardClient, type CardClient } from '../card';
import {
  completeSetup,
  removeCard,
  savedCardQuery,
  organizationDataFilter,
  setupIntentQuery,
  setupKeys,
  type SavedCard,
} from './api';
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
  const queryClient = useQueryClient();
  const card = useQuery(savedCardQuery(organizationId));
  const [changing, setChanging] = useState(false);

  const remove = useMutation({
    mutationFn: () => removeCard(organizationId),
    onSuccess: async () => {
      queryClient.setQueryData(savedCardQuery(organizationId).queryKey, null);
      queryClient.removeQueries({ queryKey: accountKeys.marketplaceStatuses(organizationId) });
      notify({ message: t('setup.card.removed'), tone: 'success' });
      await queryClient.invalidateQueries(organizationDataFilter(organizationId));
    },
  });

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
    if (confirmed) remove.mutate();
  }

  return (
    <section className={styles.section} aria-labelledby="payments-setup-card" aria-busy={card.isPending}>
      <h2 id="payments-setup-card">{t('setup.card.heading')}</h2>
      {card.isPending ? (
        <Skeleton height="4rem" />
      ) : card.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(card.error)}
        </p>
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
            <div className={styles.actions}>
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
      {remove.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(remove.error)}
        </p>
      ) : null}
      {!canManage ? (
        <p className={styles.note}>{t('setup.card.memberNote', { organization: organizationName })}</p>
      ) : card.isSuccess && (card.data === null || changing) ? (
        <CardForm organizationId={organizationId} changing={changing} onCancel={() => setChanging(false)} />
      ) : null}
    </section>
  );
}

/** «Lagre kort»: payments-setup start → CardClient.confirmSetup → complete (3-D Secure between). */
function CardForm({
  organizationId,
  changing,
  onCancel,
}: {
  organizationId: string;
  changing: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payments');
  const fieldsId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A new SetupIntent after every failed attempt (a declined one may not be confirmed again).
  const [attempt, setAttempt] = useState(0);
  const intent = useQuery({
    ...setupIntentQuery(organizationId, attempt),
    placeholderData: keepPreviousData,
  });
  const provider = intent.data?.provider;
  const publishableKey = intent.data?.publishableKey ?? null;
  const client = useQuery({
    queryKey: [...setupKeys.all, 'card-client', provider, publishableKey],
    queryFn: () => loadCardClient(provider!, publishableKey),
    enabled: provider !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    structuralSharing: false,
  });

  const save = useMutation({
    mutationFn: async (card: CardClient) => {
      const started = intent.data;
      if (!started) throw new AppError('unknown');
      const confirmed = await card.confirmSetup(started.clientSecret);
      if ('error' in confirmed) throw new AppError(confirmed.error);
      for (let step = 0; step < 3; step++) {
        const done = await completeSetup(organizationId, started.setupIntentId);
        if (done.status === 'succeeded') return done.card;
        const next = await card.handleNextAction(done.clientSecret, 'setup');
        if ('error' in next) throw new AppError(next.error);
      }
      throw new AppError('authentication_required');
    },
    onSuccess: async (saved) => {
      const card: SavedCard = {
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
      };
      queryClient.setQueryData(savedCardQuery(organizationId).queryKey, card);
      // The guard reads the marketplace status with ensureQueryData: drop it so it is read again.
      queryClient.removeQueries({ queryKey: accountKeys.marketplaceStatuses(organizationId) });
      notify({ message: t('setup.card.saved'), tone: 'success' });
      await queryClient.invalidateQueries(organizationDataFilter(organizationId));
      void navigate(takeReturnTo(paths.payments), { replace: true });
    },
    onError: () => setAttempt((value) => value + 1),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (client.data) save.mutate(client.data);
  };

  const failure = save.isError ? toAppError(save.error) : null;
  // The local form shows its own field's message (and focuses the field); Elements shows none.
  const shownByFields = failure && client.data?.provider === 'local' && FIELD_OF_CODE[failure.code as never];
  const loadError = intent.isError ? intent.error : client.isError ? client.error : null;
  const Fields = client.data?.CardFields;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="payments-setup-new-card">
      <h3 id="payments-setup-new-card">{changing ? t('setup.card.newCard') : t('setup.card.addCard')}</h3>
      {loadError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(loadError)}
        </p>
      ) : null}
      {failure && !shownByFields ? (
        <p role="alert" className={styles.alert}>
          {t('setup.card.notSaved')}{' '}
          {/* The catalogue's text speaks of a payment; a refused step while saving a card does not. */}
          {failure.code === 'authentication_required'
            ? t('setup.card.authenticationRefused')
            : errorMessage(failure)}
        </p>
      ) : null}
      {Fields ? (
        <Fields
          id={fieldsId}
          disabled={save.isPending}
          onChange={() => {
            if (save.isError) save.reset();
          }}
        />
      ) : loadError ? null : (
        <div aria-busy="true" aria-label={t('setup.loading')}>
          <Skeleton height="9rem" />
        </div>
      )}
      <div className={styles.actions}>
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!Fields || intent.isPlaceholderData || intent.isFetching}
        >
          {t('setup.card.save')}
        </Button>
        {changing ? (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            {t('setup.card.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
