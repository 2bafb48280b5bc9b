import type { BuyResult } from '@/features/marketplace/api/buy-lead';

/** buy-lead's answer: what the client reads (BuyResult) and the purchase's status and listing. */
type BuyLeadAnswer = BuyResult & { purchase: { status: 'completed'; advertisedLeadId: string } };

/** A completed purchase of Kari Nordmann's lead, paid with two tickets. Override what the test is about. */
export function buyLeadAnswer(purchase: Partial<BuyResult['purchase']> = {}): BuyLeadAnswer {
  return {
    purchase: {
      id: 'p-1',
      status: 'completed',
      payment: 'tickets',
      priceTickets: 2,
      priceCredits: 0,
      amountOre: 0,
      balance: { tickets: 3, credits: 0 },
      leadId: 'lead-1',
      advertisedLeadId: 'ad-1',
      buyersCount: 2,
      maxBuyers: 3,
      ...purchase,
    },
    lead: {
      id: 'lead-1',
      name: 'Kari Nordmann',
      email: 'kari@example.no',
      phone: '+4791234567',
      postalCode: '0150',
      city: 'Oslo',
      company: 'Kari AS',
      category: 'Rørlegger',
      area: 'Oslo',
    },
  };
}
