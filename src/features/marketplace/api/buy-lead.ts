import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { keyRoots } from '@/lib/api/key-roots';
import { confirmCardStep, type CardConfirmationRequest } from '@/lib/card-confirmation';
import { AppError, isAppErrorCode } from '@/lib/errors';
import type { Balance } from '@/lib/organization-payments/api/get-balance';
import { balanceKey } from '@/lib/organization-payments/api/keys';

/** The contact details a purchase gives, and what was paid (supabase/functions/buy-lead). */
export type BoughtContact = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
  city: string | null;
  company: string | null;
  category: string | null;
  area: string | null;
};

export type BuyResult = {
  purchase: {
    id: string;
    payment: 'tickets' | 'credits' | 'card';
    priceTickets: number;
    priceCredits: number;
    amountOre: number;
    balance: Balance;
    leadId: string;
    buyersCount: number;
    maxBuyers: number;
  };
  lead: BoughtContact;
};

/** The bank's 3-D Secure step: a 200 answer with the data for the on-session confirmation. */
type StepAnswer = { status: 'requires_action'; error: { code?: unknown; [detail: string]: unknown } };

export type BuyLeadInput = {
  leadId: string;
  advertisedLeadId: string;
  organizationId: string;
  payment?: 'credits';
  /** Resumes a card reservation after the bank's confirmation step. */
  purchaseId?: string;
};

/** What an `authentication_required` answer carries for the on-session confirmation (docs/payments.md). */
type PendingAuthentication = CardConfirmationRequest & { purchaseId: string };

/** Until when a card reservation holds the lead (a buy-lead failure's `details.reservedUntil`), if said. */
export function reservedUntilOf(error: AppError): string | null {
  const { reservedUntil } = error.details;
  return typeof reservedUntil === 'string' ? reservedUntil : null;
}

/** The confirmation step an `authentication_required` failure asks for, when it names the provider. */
function pendingAuthenticationOf(error: unknown): PendingAuthentication | null {
  if (!(error instanceof AppError) || error.code !== 'authentication_required') return null;
  const { clientSecret, purchaseId, provider, publishableKey } = error.details;
  if (typeof clientSecret !== 'string' || typeof purchaseId !== 'string') return null;
  if (provider !== 'stripe' && provider !== 'local') return null;
  return {
    clientSecret,
    purchaseId,
    provider,
    publishableKey: typeof publishableKey === 'string' ? publishableKey : null,
  };
}

/**
 * One buy-lead call. A refusal and a declined card are AppErrors (invokeFunction); the bank's step
 * is a 200 `requires_action` answer, thrown here as 'authentication_required' with its data in
 * `details` (client secret, purchase id, provider, reservedUntil).
 */
async function buyLead(input: BuyLeadInput): Promise<BuyResult> {
  const answer = await invokeFunction<BuyResult | StepAnswer>('buy-lead', input);
  if ('error' in answer) {
    const { code, ...details } = answer.error;
    throw new AppError(isAppErrorCode(code) ? code : 'unknown', { status: 200, details });
  }
  if (!answer.lead) throw new AppError('unknown', { status: 200 });
  return answer;
}

/** The same failure without the step's data, so the dialog shows the message instead of a second step. */
const withoutStep = (error: AppError) =>
  new AppError(error.code, { cause: error, details: { reservedUntil: reservedUntilOf(error) } });

/**
 * buy-lead, and when the bank wants the cardholder (`authentication_required` with a client
 * secret and the provider): the confirmation step (Stripe.js handleNextAction / the local test
 * 3-D Secure dialog), then buy-lead again with `purchaseId` (docs/payments.md «buy-lead»).
 */
async function buyLeadConfirmed(input: BuyLeadInput): Promise<BuyResult> {
  try {
    return await buyLead(input);
  } catch (error) {
    const authentication = pendingAuthenticationOf(error);
    if (!authentication || !(error instanceof AppError)) throw error;
    const { purchaseId, ...request } = authentication;
    const outcome = await confirmCardStep(request);
    if ('error' in outcome) {
      throw new AppError(outcome.error, { cause: error, details: { reservedUntil: reservedUntilOf(error) } });
    }
    try {
      return await buyLead({ ...input, purchaseId });
    } catch (resumed) {
      // Asked again after the step: show the message, never a second confirmation loop.
      if (pendingAuthenticationOf(resumed) && resumed instanceof AppError) throw withoutStep(resumed);
      throw resumed;
    }
  }
}

/**
 * Buys a lead (with the bank's step when the card needs it). On success the lead list (the bought
 * lead), every marketplace screen (sold counts) and the shared balance are read again.
 */
export function useBuyLead(organizationId: string, onBought?: (result: BuyResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyLeadConfirmed,
    onSuccess: async (result) => {
      onBought?.(result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keyRoots.leads }),
        queryClient.invalidateQueries({ queryKey: keyRoots.marketplace }),
        queryClient.invalidateQueries({ queryKey: balanceKey(organizationId) }),
      ]);
    },
  });
}
