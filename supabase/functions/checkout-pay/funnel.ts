/**
 * A checkout paid on a funnel's checkout step (docs/funnels.md «Offers and off-session»): the page
 * sends `funnel: { funnelId, stepId, visitor }` with `start`; the order is tied to the step
 * (`attach_funnel_order`), and when an offer follows, the PaymentIntent gets a customer of its own
 * and `setup_future_usage: 'off_session'`, so the offer can be charged with one click. Settling stores
 * the intent's customer and payment method on the order (settle_checkout_order).
 */
import type { Rpc } from '../_shared/database.ts';
import { z } from '../_shared/deps.ts';
import type { PaymentProvider } from '../_shared/payments.ts';
import { uuidSchema } from '../_shared/validation.ts';

export const funnelContextSchema = z
  .object({
    funnelId: uuidSchema,
    stepId: uuidSchema,
    visitor: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  })
  .nullish();

export type FunnelContext = NonNullable<z.infer<typeof funnelContextSchema>>;

export interface FunnelOrderDb {
  /** attach_funnel_order; throws an Error whose message is the refusal's code. */
  attachFunnel(orderId: string, funnel: FunnelContext): Promise<{ saveCard: boolean }>;
}

export const FUNNEL_REFUSALS = new Set(['funnel-not-found', 'funnel-step-not-found']);

export function funnelOrderDb(rpc: Rpc): FunnelOrderDb {
  return {
    async attachFunnel(orderId, funnel) {
      const answer = (await rpc('attach_funnel_order', {
        input_order_id: orderId,
        input_funnel_id: funnel.funnelId,
        input_step_id: funnel.stepId,
        input_visitor: funnel.visitor,
      })) as { save_card?: boolean } | null;
      return { saveCard: answer?.save_card === true };
    },
  };
}

/** What the PaymentIntent needs for the offers after it: a customer and off-session saving, or nothing. */
export async function funnelPaymentFields(
  db: FunnelOrderDb | undefined,
  payments: Pick<PaymentProvider, 'createCustomer'>,
  order: { id: string; organization_id: string; number: number; total_ore: number },
  funnel: FunnelContext | null | undefined,
  /** The seller's connected account the intent is made on: its customer must live there too. */
  stripeAccount: string | null,
): Promise<{ customerId: string | null; saveCard: boolean }> {
  if (!funnel) return { customerId: null, saveCard: false };
  if (!db) throw new Error('funnel-not-found');
  const { saveCard } = await db.attachFunnel(order.id, funnel);
  if (!saveCard || order.total_ore === 0) return { customerId: null, saveCard: false };
  const customerId = await payments.createCustomer({
    organizationId: order.organization_id,
    name: `Ordre ${order.number}`,
    email: null,
    idempotencyKey: `customer:order:${order.id}`,
    stripeAccount,
  });
  return { customerId, saveCard: true };
}
