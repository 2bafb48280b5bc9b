import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ReceiptPage } from '@/features/checkouts/components/public/receipt-page';
import type { Receipt } from '@/lib/receipts/types';
import { receiptRow } from '../../factories/receipt';
import { setupMswServer } from '../../msw/server';
import { catchDownloads } from '../../support/catch-downloads';
import { readBlob } from '../../support/read-blob';
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

const document = (overrides: Partial<Receipt>) =>
  receiptRow({
    id: RECEIPT_ID,
    kind: 'receipt',
    number: 12,
    source_kind: 'order',
    source_id: ORDER_ID,
    credited_receipt_id: null,
    seller_organization_id: 'b0000000-0000-4000-8000-000000000001',
    seller_name: 'Fjord Rør AS',
    seller_organization_number: '915226485',
    seller_street_address: 'Strandkaien 12',
    seller_postal_code: '5013',
    seller_city: 'Bergen',
    buyer_organization_id: null,
    buyer_name: 'Kari Nordmann',
    buyer_organization_number: null,
    buyer_email: 'kari@example.no',
    lines: [
      {
        description: 'Rørsjekk hjemme',
        quantity: 1,
        unit_price_ore: 119200,
        vat_rate: 25,
        line_total_ore: 119200,
      },
    ],
    vat_totals: [{ rate: 25, net_ore: 119200, vat_ore: 29800 }],
    net_ore: 119200,
    vat_ore: 29800,
    total_ore: 149000,
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
    const notes = within(screen.getByRole('list', { name: 'Kreditnotaer' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(notes).toEqual(['Kreditnota nr. 13: −99,50 kr', 'Kreditnota nr. 15: −1 390,50 kr']);
  });

  it('downloads the receipt and each credit note as PDF', async () => {
    documents = [
      document({}),
      document({
        id: 'n1',
        kind: 'credit_note',
        number: 13,
        credited_receipt_id: RECEIPT_ID,
        total_ore: 9950,
      }),
    ];
    const files = catchDownloads();
    const user = userEvent.setup();
    render(<ReceiptPage orderId={ORDER_ID} token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Last ned kvittering nr. 12 (PDF)' }));
    await waitFor(() => expect(files).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Last ned kreditnota nr. 13 (PDF)' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files.map((file) => [file.name, file.blob.type])).toEqual([
      ['kvittering-12.pdf', 'application/pdf'],
      ['kreditnota-13.pdf', 'application/pdf'],
    ]);
    const [receiptPdf, notePdf] = await Promise.all(files.map((file) => readBlob(file.blob)));
    expect(receiptPdf).toMatch(/^%PDF-1\.4/);
    expect(receiptPdf).toContain('(Kvittering nr. 12)');
    expect(receiptPdf).toContain('(1001)');
    expect(notePdf).toContain('(Kreditnota nr. 13)');
    expect(notePdf).toContain('(Kreditert inkl. mva)');
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
