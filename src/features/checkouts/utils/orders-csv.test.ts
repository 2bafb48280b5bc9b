import { describe, expect, it } from 'vitest';
import type { Order } from '../api/get-orders';
import { orderVat, ordersCsv, type OrdersCsvHeader } from './orders-csv';

const order: Order = {
  id: 'o1',
  number: 1001,
  status: 'paid',
  email: 'kari@example.no',
  name: 'Kari Nordmann',
  buyer: { name: 'Kari Nordmann', company: 'Kari AS', organization_number: '923609016' },
  answers: {},
  couponCode: 'VAR20',
  subtotalOre: 59800,
  discountOre: 11960,
  totalOre: 47840,
  refundedOre: 0,
  card: { brand: 'visa', last4: '4242' },
  provider: 'local',
  source: 'facebook',
  createdAt: '2026-06-10T10:04:00Z',
  paidAt: '2026-06-10T10:05:00Z',
  lines: [
    {
      description: 'Rørkurs',
      quantity: 1,
      unitPriceOre: 49900,
      vatRate: 25,
      discountOre: 9980,
      isBump: false,
    },
    {
      description: 'Matpakke',
      quantity: 2,
      unitPriceOre: 4950,
      vatRate: 15,
      discountOre: 1980,
      isBump: true,
    },
  ],
  refunds: [],
};

const header: OrdersCsvHeader = {
  number: 'Ordre',
  date: 'Dato',
  status: 'Status',
  email: 'E-post',
  name: 'Navn',
  company: 'Firma',
  organizationNumber: 'Org.nr.',
  products: 'Produkter',
  coupon: 'Rabattkode',
  subtotal: 'Delsum',
  discount: 'Rabatt',
  total: 'Totalt inkl. mva',
  vat: 'MVA',
  refunded: 'Refundert',
  source: 'Kilde',
};

describe('orders CSV', () => {
  it('splits an order’s MVA per rate from its discounted lines', () => {
    expect(orderVat(order)).toEqual([
      { ratePercent: 25, netOre: 31936, vatOre: 7984, totalOre: 39920 },
      { ratePercent: 15, netOre: 6887, vatOre: 1033, totalOre: 7920 },
    ]);
  });

  it('writes one row per order with a column of MVA per rate, Oslo time and decimal commas', () => {
    const lines = ordersCsv([order], header, () => 'Betalt')
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Ordre;Dato;Status;E-post;Navn;Firma;Org.nr.;Produkter;Rabattkode;Delsum;Rabatt;Totalt inkl. mva;MVA 25 %;MVA 15 %;MVA 12 %;MVA 0 %;Refundert;Kilde',
    );
    expect(lines[1]).toBe(
      // A comma is quoted (csvField), so a spreadsheet set to either separator reads the same cells.
      '1001;"10.06.2026, 12:05";Betalt;kari@example.no;Kari Nordmann;Kari AS;923609016;"1 × Rørkurs, 2 × Matpakke";VAR20;"598,00";"119,60";"478,40";"79,84";"10,33";"0,00";"0,00";"0,00";facebook',
    );
  });
});
