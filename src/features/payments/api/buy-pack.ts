import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { AppError } from '@/lib/errors';
import type { Balance } from '@/lib/organization-payments/api/get-balance';
import type { CardClient, CardProvider } from '../types';
import type { PackKind } from './get-packs';
import { refreshPaymentData } from './refresh-payment-data';

/** payments-pack's answers to `buy` and `confirm` (docs/payments.md «payments-pack»). */
export type BuyAnswer =
  | { status: 'succeeded'; paymentId: string; balance?: Balance }
  | { status: 'processing'; paymentId: string }
  | {
      status: 'requires_action';
      paymentId: string;
      clientSecret: string;
      provider?: CardProvider;
      publishableKey?: string | null;
    }
  | {
      status: 'requires_confirmation';
      paymentId: string;
      clientSecret: string;
      provider: CardProvider;
      publishableKey: string | null;
    };

export type BuyInput = {
  organizationId: string;
  kind: PackKind;
  packId: string;
  requestId: string;
  card: 'saved' | 'new';
  saveCard?: boolean;
};

export const buyPack = (input: BuyInput) =>
  invokeFunction<BuyAnswer>('payments-pack', { action: 'buy', ...input });

export const confirmPack = (input: { organizationId: string; paymentId: string }) =>
  invokeFunction<BuyAnswer>('payments-pack', { action: 'confirm', ...input });

/**
 * The server (or the bank) refused the attempt — a 4xx, or a declined card's 200 answer — so the
 * next attempt is a new purchase with a new requestId. A lost answer (network, 5xx) is not: we
 * cannot know whether it went through, and a retry must reuse the same requestId.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof AppError && error.status !== null && error.status < 500;
}

/** A card step's refusal in the browser: the bank said no, like a declined card's answer. */
export const cardStepRefused = (code: AppError['code']) => new AppError(code, { status: 200 });

/** The new card's payment, once payments-pack made it: the card fields confirm this intent. */
export type CardStep = { paymentId: string; clientSecret: string; client: CardClient };

export type PackPurchase = { status: 'succeeded' | 'processing' } | { status: 'card-step'; intent: CardStep };

/**
 * Runs one step of a pack purchase (the dialog's step machine: payments-pack, the card fields,
 * 3-D Secure, `confirm`). When it ends in a purchase, the organization's balance, payment data
 * (a new card may have been saved) and marketplace status are read again, behind the closed dialog.
 */
export function useBuyPack(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: () => Promise<PackPurchase>) => step(),
    onSuccess: (result) => {
      if (result.status !== 'card-step') void refreshPaymentData(queryClient, organizationId);
    },
  });
}
