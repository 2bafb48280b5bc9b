import { render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { loadCardClient } from '@/features/payments/components/card-client';
import { confirmCardStep, provideCardConfirmation } from '@/lib/card-confirmation';
import { initI18n } from '@/lib/i18n';

// Stripe.js cannot load here (js.stripe.com is not reachable): the two packages are replaced by
// doubles that record what the card client asks of them.
const element = { kind: 'card-element' };
const stripe = {
  confirmCardSetup: vi.fn(),
  confirmCardPayment: vi.fn(),
  handleNextAction: vi.fn(),
};
const loadStripe = vi.fn((_key: string) => Promise.resolve(stripe));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="elements">{children}</div>,
  CardElement: ({ id, onReady }: { id: string; onReady: (value: unknown) => void }) => {
    useEffect(() => onReady(element), [onReady]);
    return <div id={id} data-testid="card-element" />;
  },
}));

beforeAll(async () => {
  await initI18n(undefined, 'nb');
});
beforeEach(() => {
  loadStripe.mockClear();
  stripe.confirmCardSetup.mockReset();
  stripe.confirmCardPayment.mockReset();
  stripe.handleNextAction.mockReset();
});

describe('the card client', () => {
  it('never loads Stripe.js for the local provider', async () => {
    const client = await loadCardClient('local', null);
    expect(client.provider).toBe('local');
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('loads Stripe.js with the publishable key when the server says stripe, and refuses without one', async () => {
    const client = await loadCardClient('stripe', 'pk_test_123');
    expect(client.provider).toBe('stripe');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    await expect(loadCardClient('stripe', null)).rejects.toMatchObject({ code: 'api_error' });
  });

  it('confirms with the CardElement and maps Stripe’s answers to our outcomes', async () => {
    const client = await loadCardClient('stripe', 'pk_test_123');
    render(<client.CardFields id="card" />);
    const fields = screen.getByRole('group', { name: 'Kortopplysninger' });
    expect(fields.querySelector('#card')).toBe(screen.getByTestId('card-element'));

    stripe.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { status: 'succeeded' } });
    await expect(client.confirmSetup('seti_secret')).resolves.toEqual({ status: 'succeeded' });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_secret', {
      payment_method: { card: element },
    });

    stripe.confirmCardPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    await expect(client.confirmPayment('pi_secret', { saveCard: true })).resolves.toEqual({
      error: 'insufficient_funds',
    });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_secret', {
      payment_method: { card: element },
      setup_future_usage: 'off_session',
    });

    stripe.handleNextAction.mockResolvedValueOnce({
      error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
    });
    await expect(client.handleNextAction('pi_secret')).resolves.toEqual({ error: 'authentication_required' });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_secret' });
  });

  it('runs the confirmation step for other features through src/lib/card-confirmation', async () => {
    await expect(
      confirmCardStep({ provider: 'stripe', publishableKey: 'pk_test_123', clientSecret: 'pi_secret' }),
    ).rejects.toMatchObject({ code: 'unknown' });
    const { confirmCardStep: fromPayments } =
      await import('@/features/payments/components/confirm-card-step');
    provideCardConfirmation(fromPayments);
    stripe.handleNextAction.mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    await expect(
      confirmCardStep({ provider: 'stripe', publishableKey: 'pk_test_123', clientSecret: 'pi_secret' }),
    ).resolves.toEqual({ status: 'succeeded' });
    provideCardConfirmation(null);
  });
});
