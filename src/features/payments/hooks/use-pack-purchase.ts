import { useRef, useState } from 'react';
import {
  buyPack,
  cardStepRefused,
  confirmPack,
  isRefusal,
  useBuyPack,
  type BuyAnswer,
  type CardStep,
  type PackPurchase,
} from '../api/buy-pack';
import type { Pack } from '../api/get-packs';
import { loadCardClient } from '../components/card-client';
import type { CardClient, CardProvider } from '../types';

export type PaymentMethod = 'saved' | 'new';

/** The local provider's client secrets (supabase/functions/_shared/payments.ts) say which provider made them. */
function providerOf(answer: Extract<BuyAnswer, { status: 'requires_action' }>): CardProvider {
  if (answer.provider) return answer.provider;
  return /^pi_local_|_secret_local$/.test(answer.clientSecret) ? 'local' : 'stripe';
}

/**
 * Buying one pack, step by step: payments-pack `buy` with the saved card or a new one, the new
 * card's fields, 3-D Secure when the bank asks, then `confirm`. One purchase attempt has one
 * requestId, kept across retries (a double click, a lost answer) so the server buys at most once;
 * only after the server refused the attempt does the next try get a new one.
 */
export function usePackPurchase({
  organizationId,
  pack,
  onDone,
}: {
  organizationId: string;
  pack: Pack;
  onDone: (status: 'succeeded' | 'processing') => void;
}) {
  const requestId = useRef<string>(crypto.randomUUID());
  const running = useRef(false);
  const [intent, setIntent] = useState<CardStep | null>(null);
  const purchase = useBuyPack(organizationId);

  /** Follows the server's answers to the end: 3-D Secure and `confirm` as often as the bank asks. */
  async function settle(answer: BuyAnswer, client: CardClient | null, rounds = 0): Promise<PackPurchase> {
    if (answer.status === 'succeeded' || answer.status === 'processing') return { status: answer.status };
    if (answer.status !== 'requires_action' || rounds > 2) throw cardStepRefused('authentication_required');
    const cardClient = client ?? (await loadCardClient(providerOf(answer), answer.publishableKey ?? null));
    const outcome = await cardClient.handleNextAction(answer.clientSecret);
    if ('error' in outcome) throw cardStepRefused(outcome.error);
    return settle(await confirmPack({ organizationId, paymentId: answer.paymentId }), cardClient, rounds + 1);
  }

  async function start(method: PaymentMethod, saveCard: boolean): Promise<PackPurchase> {
    const base = { organizationId, kind: pack.kind, packId: pack.id, requestId: requestId.current };
    if (method === 'saved') return settle(await buyPack({ ...base, card: 'saved' }), null);
    const answer = await buyPack({ ...base, card: 'new', saveCard });
    if (answer.status !== 'requires_confirmation') return settle(answer, null);
    const client = await loadCardClient(answer.provider, answer.publishableKey);
    return {
      status: 'card-step',
      intent: { paymentId: answer.paymentId, clientSecret: answer.clientSecret, client },
    };
  }

  async function pay(current: CardStep, saveCard: boolean): Promise<PackPurchase> {
    let outcome = await current.client.confirmPayment(current.clientSecret, { saveCard });
    if ('status' in outcome && outcome.status === 'requires_action')
      outcome = await current.client.handleNextAction(current.clientSecret);
    if ('error' in outcome) throw cardStepRefused(outcome.error);
    return settle(await confirmPack({ organizationId, paymentId: current.paymentId }), current.client);
  }

  function submit(method: PaymentMethod, saveCard: boolean) {
    // A second click before the first answer (or before React re-rendered the disabled button) is ignored.
    if (running.current) return;
    running.current = true;
    const current = intent;
    purchase.mutate(() => (current ? pay(current, saveCard) : start(method, saveCard)), {
      onSuccess: (result) => {
        if (result.status === 'card-step') setIntent(result.intent);
        else onDone(result.status);
      },
      onError: (error) => {
        // Refused before a card step existed: this attempt is over, the next click is a new purchase.
        // A lost answer (network, 5xx) keeps the requestId, so trying again cannot buy twice.
        if (!current && isRefusal(error)) requestId.current = crypto.randomUUID();
      },
      onSettled: () => {
        running.current = false;
      },
    });
  }

  return { submit, intent, error: purchase.error, pending: purchase.isPending };
}
