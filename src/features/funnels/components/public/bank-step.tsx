import { useEffect, useRef, useState } from 'react';
import { TestBankChallenge } from '@/components/public/test-bank-challenge';
import { env } from '@/lib/env';
import { anonHeaders } from '@/lib/public/public-rpc';
import { useFunnelTexts } from './funnel-texts';

/** The bank's 3-D Secure step of an offer's charge; loaded only when a bank asks for it. */
export type BankStepRequest = {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  clientSecret: string;
};

/** Carries out the bank's step: Stripe.js's next action, or the local provider's test page. */
export default function BankStep({
  request,
  onDone,
}: {
  request: BankStepRequest;
  /** The step is over (approved or not): the server reads the intent's state. */
  onDone: () => void;
}) {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (request.provider !== 'stripe') return;
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(request.publishableKey ?? '');
      if (stripe) await stripe.handleNextAction({ clientSecret: request.clientSecret });
      done.current();
    })();
  }, [request]);
  if (request.provider === 'stripe') return null;
  return <LocalBank clientSecret={request.clientSecret} onDone={() => done.current()} />;
}

/** The local provider's stand-in for the bank's page (payments-local `authenticate`). */
function LocalBank({ clientSecret, onDone }: { clientSecret: string; onDone: () => void }) {
  const { t } = useFunnelTexts();
  const [busy, setBusy] = useState(false);
  const answer = async (approve: boolean) => {
    setBusy(true);
    await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/payments-local`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify({ action: 'authenticate', clientSecret, approve }),
    }).catch(() => undefined);
    onDone();
  };
  return (
    <TestBankChallenge
      texts={{
        title: t('offer.threeDSecureTitle'),
        text: t('offer.threeDSecureText'),
        approve: t('offer.approve'),
        decline: t('offer.reject'),
      }}
      busy={busy}
      onAnswer={(approve) => void answer(approve)}
    />
  );
}
