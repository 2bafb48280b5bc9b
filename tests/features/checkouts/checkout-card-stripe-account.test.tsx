import { render, waitFor } from '@testing-library/react';
import CardStep from '@/features/checkouts/components/public/card-step';

// Stripe.js cannot load here: a double records how the card step loads it and mounts the Payment Element.
const element = { mount: vi.fn(), on: vi.fn(), destroy: vi.fn() };
const elements = vi.fn(() => ({ create: () => element }));
const loadStripe = vi.fn((_key: string, _options?: { stripeAccount?: string }) =>
  Promise.resolve({ elements }),
);
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: (key: string, options?: { stripeAccount?: string }) => loadStripe(key, options),
}));

const payment = {
  status: 'requires_confirmation' as const,
  orderId: '00000000-0000-4000-8000-0000000001a1',
  orderToken: 'kvittering',
  totalOre: 149000,
  provider: 'stripe' as const,
  publishableKey: 'pk_test_platform',
  stripeAccount: 'acct_1FjordRor',
  clientSecret: 'pi_1_secret_2',
};

describe('the public checkout’s card step with Stripe', () => {
  it('loads Stripe.js on the seller’s connected account, where the direct charge’s intent lives', async () => {
    render(<CardStep payment={payment} onDone={() => undefined} />);
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_platform', { stripeAccount: 'acct_1FjordRor' });
    expect(elements).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2', locale: 'nb' });
  });
});
