/**
 * The public funnel's calls (docs/funnels.md «Public pages»): the step's read and events through
 * PostgREST as anon, and funnel-offer's answer to an offer. No supabase-js on public pages.
 */
import { env } from '@/lib/env';
import type { PublicDesign } from '@/lib/public/public-design';
import { anonHeaders, PublicCallError, publicRpc } from '@/lib/public/public-rpc';
import type { Block } from '../utils/blocks';

export type FunnelStepType = 'optin' | 'sales' | 'checkout' | 'offer' | 'thankyou';

/** What `public_funnel_step` answers (supabase/migrations/20261129170000_funnels.sql). */
export interface PublicFunnelStep {
  funnel_id: string;
  name: string;
  design: PublicDesign | null;
  now: string;
  offer_minutes: number;
  seller: { name: string; organization_number: string | null; email: string | null };
  first_step_id: string;
  step: {
    id: string;
    type: FunnelStepType;
    name: string;
    offer_role: 'upsell' | 'downsell' | null;
    variant: string;
    content: Block[] | null;
    /** The step's pictures (its blocks', its offer product's) by media id: web rendition and alternative text. */
    images: Record<string, { path: string; alt: string | null }>;
    form_id: string | null;
    checkout_id: string | null;
    next_step_id: string | null;
    decline_step_id: string | null;
    offer_follows: boolean;
    product: {
      id: string;
      name: string;
      description: string;
      price_ore: number;
      vat_rate: number;
      image_media_id: string | null;
    } | null;
  };
}

export const loadFunnelStep = (
  funnelId: string,
  stepId: string | null,
  visitor: string,
  signal?: AbortSignal,
) =>
  publicRpc<PublicFunnelStep>(
    'public_funnel_step',
    { input_funnel_id: funnelId, input_step_id: stepId, input_visitor: visitor },
    { signal },
  );

/** An opt-in, a click on a sales page's button; counted, never in the visitor's way. */
export const recordFunnelEvent = (
  funnelId: string,
  stepId: string,
  visitor: string,
  kind: 'optin' | 'click',
) =>
  publicRpc<null>('record_funnel_event', {
    input_funnel_id: funnelId,
    input_step_id: stepId,
    input_visitor: visitor,
    input_kind: kind,
  }).catch(() => null);

export type OfferAnswer =
  | { status: 'paid' | 'processing'; orderId: string; orderToken: string | null }
  | {
      status: 'requires_action';
      orderId: string;
      orderToken: string | null;
      clientSecret: string;
      provider: 'stripe' | 'local';
      publishableKey: string | null;
    }
  | { status: 'failed'; orderId: string; orderToken: string | null; error: { code: string } }
  | { status: 'declined' };

/** The order the offer follows (its receipt secret is the authority). */
export type PaidOrder = { orderId: string; orderToken: string };

/** funnel-offer as anon; a refusal is thrown as PublicCallError with its code (null status: no answer). */
export async function answerOffer(
  body: PaidOrder & { stepId: string } & ({ action: 'accept'; requestId: string } | { action: 'decline' }),
): Promise<OfferAnswer> {
  let response: Response;
  try {
    response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/funnel-offer`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicCallError('network', null);
  }
  const answer = (await response.json().catch(() => ({}))) as OfferAnswer & { error?: { code?: string } };
  if (response.ok) return answer;
  const code = answer.error?.code ?? (response.status === 429 ? 'rate-limited' : 'unknown');
  throw new PublicCallError(code as PublicCallError['code'], response.status);
}
