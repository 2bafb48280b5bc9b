import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import { Skeleton } from '@/components/skeleton';
import { errorMessage } from '@/lib/error-message';
import { toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { useSaveCard } from '../api/save-card';
import { useCardClient } from '../hooks/use-card-client';
import { useSetupIntent } from '../hooks/use-setup-intent';
import { FIELD_OF_CODE, isCardErrorCode } from '../utils/card-error-code';
import styles from './setup.module.css';

/**
 * «Lagre kort»: payments-setup start → the card client's confirmSetup → complete (3-D Secure
 * between); then back to where the guard sent the user from (else /payments).
 */
export function CardForm({
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
  const setup = useSetupIntent(organizationId);
  const client = useCardClient(setup.intent?.provider, setup.intent?.publishableKey ?? null);
  const save = useSaveCard({
    onSaved: () => {
      notify({ message: t('setup.card.saved'), tone: 'success' });
      void navigate(takeReturnTo(paths.payments), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client.data || !setup.intent) return;
    save.mutate({ organizationId, intent: setup.intent, client: client.data }, { onError: setup.renew });
  };

  const failure = save.isError ? toAppError(save.error) : null;
  // The local form shows its own field's message (and focuses the field); Elements shows none.
  const shownByFields =
    failure &&
    client.data?.provider === 'local' &&
    isCardErrorCode(failure.code) &&
    FIELD_OF_CODE[failure.code];
  const loadError = setup.error ?? client.error;
  const Fields = client.data?.CardFields;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="payments-setup-new-card">
      <h3 id="payments-setup-new-card">{changing ? t('setup.card.newCard') : t('setup.card.addCard')}</h3>
      <FormStatus error={loadError} />
      {failure && !shownByFields ? (
        <FormStatus error={failure}>
          {t('setup.card.notSaved')}{' '}
          {/* The catalogue's text speaks of a payment; a refused step while saving a card does not. */}
          {failure.code === 'authentication_required'
            ? t('setup.card.authenticationRefused')
            : errorMessage(failure)}
        </FormStatus>
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
      <div className={page.actions}>
        <Button type="submit" loading={save.isPending} disabled={!Fields || !setup.intent || setup.renewing}>
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
