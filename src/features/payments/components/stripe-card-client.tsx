import { CardElement, Elements } from '@stripe/react-stripe-js';
import { loadStripe, type StripeCardElement, type StripeError } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/errors';
import { stripeErrorCode } from '@/lib/stripe-error-code';
import type { CardClient, CardFieldsProps, CardOutcome } from '../types';
import styles from './card.module.css';

type IntentResult = {
  error?: StripeError;
  paymentIntent?: { status: string };
  setupIntent?: { status: string };
};

function outcome(result: IntentResult): CardOutcome {
  if (result.error) return { error: stripeErrorCode(result.error) };
  const status = result.paymentIntent?.status ?? result.setupIntent?.status;
  if (status === 'succeeded' || status === 'processing' || status === 'requires_action') return { status };
  return { error: 'card_error' };
}

/** Stripe Elements (CardElement) and Stripe.js's confirmations; loaded only when the server says `stripe`. */
export async function createStripeClient(publishableKey: string): Promise<CardClient> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new AppError('api_error', { cause: 'Stripe.js did not load' });
  let element: StripeCardElement | null = null;

  function StripeCardFields({ id, onChange, disabled }: CardFieldsProps) {
    const { t } = useTranslation('payments');
    return (
      <Elements stripe={stripe} options={{ locale: 'nb' }}>
        <fieldset className={styles.card} data-card-provider="stripe">
          <legend>{t('card.stripe.label')}</legend>
          <CardElement
            id={id}
            className={styles.stripe}
            options={{ hidePostalCode: true, disabled: disabled ?? false }}
            onReady={(ready) => {
              element = ready;
            }}
            onChange={(event) =>
              onChange?.({
                complete: event.complete,
                empty: event.empty,
                error: event.error ? stripeErrorCode(event.error) : null,
              })
            }
          />
        </fieldset>
      </Elements>
    );
  }

  const card = () => {
    if (!element) throw new AppError('incomplete_number');
    return element;
  };

  return {
    provider: 'stripe',
    CardFields: StripeCardFields,
    async confirmSetup(clientSecret) {
      return outcome(await stripe.confirmCardSetup(clientSecret, { payment_method: { card: card() } }));
    },
    async confirmPayment(clientSecret, options = {}) {
      return outcome(
        await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card: card() },
          ...(options.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        }),
      );
    },
    async handleNextAction(clientSecret) {
      return outcome(await stripe.handleNextAction({ clientSecret }));
    },
  };
}
