import { buildCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { VAT_RATES, vatByRate } from '@/lib/vat';
import type { Order, OrderLine } from '../api/get-orders';

/** A line's amount after its share of the discount, incl. MVA. */
export const lineTotalOre = (line: OrderLine) => line.quantity * line.unitPriceOre - line.discountOre;

/** An order's MVA per rate, from its lines. */
export const orderVat = (order: Order) =>
  vatByRate(order.lines.map((line) => ({ totalOre: lineTotalOre(line), ratePercent: line.vatRate })));

/** «499,00»: kroner with a decimal comma, as a spreadsheet in Norway reads a number. */
const kroner = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

export type OrdersCsvHeader = Record<
  | 'number'
  | 'date'
  | 'status'
  | 'email'
  | 'name'
  | 'company'
  | 'organizationNumber'
  | 'products'
  | 'coupon'
  | 'subtotal'
  | 'discount'
  | 'total'
  | 'vat'
  | 'refunded'
  | 'source',
  string
>;

/**
 * One row per order: who, what, the amounts incl. MVA and the MVA of each rate (a column per rate,
 * «MVA 25 %»), what was refunded and where the buyer came from. Times in Oslo.
 */
export function ordersCsv(
  orders: readonly Order[],
  header: OrdersCsvHeader,
  statusOf: (order: Order) => string,
): string {
  return buildCsv(
    [
      header.number,
      header.date,
      header.status,
      header.email,
      header.name,
      header.company,
      header.organizationNumber,
      header.products,
      header.coupon,
      header.subtotal,
      header.discount,
      header.total,
      ...VAT_RATES.map((rate) => `${header.vat} ${rate} %`),
      header.refunded,
      header.source,
    ],
    orders.map((order) => {
      const vat = orderVat(order);
      return [
        String(order.number),
        formatDateTime(order.paidAt ?? order.createdAt),
        statusOf(order),
        order.email,
        order.buyer.name ?? order.name,
        order.buyer.company ?? null,
        order.buyer.organization_number ?? null,
        order.lines.map((line) => `${line.quantity} × ${line.description}`).join(', '),
        order.couponCode,
        kroner(order.subtotalOre),
        kroner(order.discountOre),
        kroner(order.totalOre),
        ...VAT_RATES.map((rate) => kroner(vat.find((sum) => sum.ratePercent === rate)?.vatOre ?? 0)),
        kroner(order.refundedOre),
        order.source,
      ];
    }),
  );
}
