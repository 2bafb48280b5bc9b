import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ReceiptPage } from '@/features/checkouts/components/public/receipt-page';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const ORDER_ID = 'c7000000-0000-4000-8000-0000000000b1';
const TOKEN = 'k'.repeat(48);
const RECEIPT_ID = 'c7000000-0000-4000-8000-0000000000c1';
const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;

const order = {
  order_id: ORDER_ID,
  number: 1001,
  status: 'refunded',
  created_at: '2026-11-29T12:00:00Z',
  paid_at: '2026-11-29T12:05:00Z',
  subtotal_ore: 149000,
  discount_ore: 0,
  total_ore: 149000,
  refunded_ore: 149000,
  card_brand: 'visa',
  card_last4: '4242',
  buyer: { name: 'Kari Nordmann', email: 'kari@example.no' },
  seller: { name: 'Fjord Rør AS', organization_number: '915226485', email: 'post@fjordror.no' },
  checkout: { id: 'c1', name: 'Rørsjekk', thank_you_heading: null, thank_you_text: null, redirect_url: null },
  lines: [
    {
      description: 'Rørsjekk hjemme',
      quantity: 1,
      unit_price_ore: 149000,
      vat_rate: 25,
      discount_ore: 0,
      is_bump: false,
    },
  ],
  vat: [{ rate: 25, total_ore: 149000, vat_ore: 29800 }],
};

const document = (overrides: Record<string, unknown>) => ({
  id: RECEIPT_ID,
  kind: 'receipt',
  number: 12,
  source_id: ORDER_ID,
  credited_receipt_id: null,
  total_ore: 149000,
  seller_organization_number: '915226485',
  seller_street_address: 'Strandkaien 12',
  seller_postal_code: '5013',
  seller_city: 'Bergen',
  seller_vat_registered: true,
  seller_foretaksregisteret: true,
  ...overrides,
});

let documents: unknown[] = [];
const server = setupMswServer(
  http.post(rpc('checkout_receipt'), () => HttpResponse.json(order)),
  http.post(rpc('receipt_by_token'), async ({ request }) => {
    expect(await request.json()).toEqual({ input_token: TOKEN });
    return HttpResponse.json(documents);
  }),
);

describe('/kasse/kvittering', () => {
  it('shows the receipt number, the seller block as the e-mail has it and the credit notes', async () => {
    documents = [
      document({}),
      document({
        id: 'n1',
        kind: 'credit_note',
        number: 13,
        source_id: 'r1',
        credited_receipt_id: RECEIPT_ID,
        total_ore: 9950,
      }),
      document({
        id: 'n2',
        kind: 'credit_note',
        number: 15,
        source_id: 'r2',
        credited_receipt_id: RECEIPT_ID,
        total_ore: 139050,
      }),
    ];
    render(<ReceiptPage orderId={ORDER_ID} token={TOKEN} />);
    expect(await screen.findByText('Kvittering nr. 12')).toBeVisible();
    expect(screen.getByText('Strandkaien 12, 5013 Bergen')).toBeVisible();
    expect(screen.getByText('Org.nr. 915 226 485 MVA')).toBeVisible();
    expect(screen.getByText('Foretaksregisteret')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Kreditnotaer' })).toBeVisible();
    const notes = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(notes).toEqual(['Kreditnota nr. 13: −99,50 kr', 'Kreditnota nr. 15: −1 390,50 kr']);
  });

  it('says neither MVA nor Foretaksregisteret for a seller registered in neither', async () => {
    documents = [document({ seller_vat_registered: false, seller_foretaksregisteret: false })];
    render(<ReceiptPage orderId={ORDER_ID} token={TOKEN} />);
    expect(await screen.findByText('Org.nr. 915 226 485')).toBeVisible();
    expect(screen.queryByText(/MVA$/)).not.toBeInTheDocument();
    expect(screen.queryByText('Foretaksregisteret')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kreditnotaer' })).not.toBeInTheDocument();
  });

  it('shows the order without a numbered receipt when none is issued or the documents cannot be read', async () => {
    server.use(
      http.post(rpc('receipt_by_token'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    render(<ReceiptPage orderId={ORDER_ID} token={TOKEN} />);
    expect(await screen.findByText('Rørsjekk hjemme', { exact: false })).toBeVisible();
    expect(screen.queryByText(/Kvittering nr\./)).not.toBeInTheDocument();
    expect(screen.getByText('Org.nr. 915226485')).toBeVisible();
  });
});
