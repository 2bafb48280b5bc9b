import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { checkoutKeys } from './keys';

export const ORDER_STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderLine {
  description: string;
  quantity: number;
  unitPriceOre: number;
  vatRate: number;
  discountOre: number;
  isBump: boolean;
}

export interface Order {
  id: string;
  number: number;
  status: OrderStatus;
  /** Null once the person had their data erased; the order stays for the bookkeeping. */
  email: string | null;
  name: string | null;
  buyer: { name?: string; phone?: string; company?: string; organization_number?: string };
  answers: Record<string, unknown>;
  couponCode: string | null;
  subtotalOre: number;
  discountOre: number;
  totalOre: number;
  refundedOre: number;
  card: { brand: string | null; last4: string | null };
  /** Null for an order no payment provider took (the demo's): it cannot be refunded here. */
  provider: string | null;
  source: string | null;
  createdAt: string;
  paidAt: string | null;
  lines: OrderLine[];
  refunds: { amountOre: number; reason: string | null; createdAt: string }[];
}

/** How many orders the page reads at most (newest first); the CSV says so when it hits it. */
export const ORDER_LIMIT = 2000;

const SELECT = `id, number, status, buyer, answers, subtotal_ore, discount_ore, total_ore, refunded_ore,
  card_brand, card_last4, provider, source, created_at, paid_at,
  coupon:coupons(code), participant:participants(email, name),
  lines:order_items(description, quantity, unit_price_ore, vat_rate, discount_ore, is_bump),
  refunds:order_refunds(amount_ore, reason, created_at)`;

/** A checkout's orders that got as far as a payment, newest first (abandoned ones are the figures' «startet»). */
export const checkoutOrdersQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: checkoutKeys.orders(checkoutId),
    queryFn: async (): Promise<Order[]> => {
      const rows =
        unwrap(
          await supabase
            .from('orders')
            .select(SELECT)
            .eq('checkout_id', checkoutId)
            .order('created_at', { ascending: false })
            .limit(ORDER_LIMIT),
        ) ?? [];
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        status: row.status as OrderStatus,
        email: row.participant?.email ?? null,
        name: row.participant?.name ?? null,
        buyer: row.buyer as Order['buyer'],
        answers: row.answers as Record<string, unknown>,
        couponCode: row.coupon?.code ?? null,
        subtotalOre: row.subtotal_ore,
        discountOre: row.discount_ore,
        totalOre: row.total_ore,
        refundedOre: row.refunded_ore,
        card: { brand: row.card_brand, last4: row.card_last4 },
        provider: row.provider,
        source: row.source,
        createdAt: row.created_at,
        paidAt: row.paid_at,
        lines: row.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPriceOre: line.unit_price_ore,
          vatRate: line.vat_rate,
          discountOre: line.discount_ore,
          isBump: line.is_bump,
        })),
        refunds: row.refunds
          .map((refund) => ({
            amountOre: refund.amount_ore,
            reason: refund.reason,
            createdAt: refund.created_at,
          }))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      }));
    },
  });
