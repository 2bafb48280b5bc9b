import assert from 'node:assert/strict';
import { receiptEmail } from './receipt-email.ts';
import { FakeReceiptDb, FakeReceipts, sampleReceipt } from './receipt-fake.ts';
import { DEMO_SELLER, sellerFromEnv, sendCardPaymentReceipt, type Seller } from './receipt.ts';
import { FakeMailer } from './testing.ts';

const env = (values: Record<string, string>) => new Map(Object.entries(values));

const SELLER: Seller = {
  name: 'Leadtorget AS',
  organizationNumber: '915226485',
  streetAddress: 'Storgata 1',
  postalCode: '0155',
  city: 'Oslo',
  vatRegistered: true,
  foretaksregisteret: true,
};

Deno.test('the seller: configured, the demo identity on a local stack, else a loud failure', () => {
  assert.deepEqual(
    sellerFromEnv(
      env({
        SUPABASE_URL: 'https://abc.supabase.co',
        RECEIPT_SELLER_NAME: 'Leadtorget AS',
        RECEIPT_SELLER_ORGANIZATION_NUMBER: '915 226 485',
        RECEIPT_SELLER_STREET_ADDRESS: 'Storgata 1',
        RECEIPT_SELLER_POSTAL_CODE: '0155',
        RECEIPT_SELLER_CITY: 'Oslo',
      }),
    ),
    SELLER,
  );
  assert.deepEqual(sellerFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })), DEMO_SELLER);
  assert.throws(
    () =>
      sellerFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co', RECEIPT_SELLER_NAME: 'Leadtorget AS' })),
    /RECEIPT_SELLER_ORGANIZATION_NUMBER, RECEIPT_SELLER_STREET_ADDRESS, RECEIPT_SELLER_POSTAL_CODE/,
  );
  assert.throws(() => sellerFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co' })), /RECEIPT_SELLER_NAME/);
});

Deno.test(
  'the e-mail: the seller with «Org.nr. … MVA» and Foretaksregisteret, number, date, MVA per rate, payer, card',
  () => {
    const receipts = new FakeReceipts();
    const { receipt } = receipts.issue('p1', SELLER, {
      buyerName: 'Fjord Rør AS',
      buyerOrganizationId: null,
      buyerEmail: 'eier@fjordror.no',
      lines: [
        { description: 'Lead: Nytt bad', quantity: 1, unit_price_ore: 49900, vat_rate: 25 },
        { description: 'Kaffe', quantity: 2, unit_price_ore: 1000, vat_rate: 15 },
      ],
      cardBrand: 'visa',
      cardLast4: '4242',
      issuedAt: '2026-12-03T10:00:00Z',
    });
    const { subject, text, html } = receiptEmail(receipt, 'https://app.test/payments');
    assert.equal(subject, 'Kvittering: Lead: Nytt bad');
    for (const expected of [
      'Selger: Leadtorget AS, Storgata 1, 0155 Oslo, Org.nr. 915 226 485 MVA, Foretaksregisteret',
      'Kvitteringsnummer: 1',
      'Dato: 03.12.2026, 11:00',
      'Kjøper: Fjord Rør AS, eier@fjordror.no',
      'Lead: Nytt bad: 499,00 kr eks. mva. (25 % mva.)',
      '2 × Kaffe: 20,00 kr eks. mva. (15 % mva.)',
      'Grunnlag 25 % mva.: 499,00 kr',
      'Mva. 25 %: 124,75 kr',
      'Grunnlag 15 % mva.: 20,00 kr',
      'Mva. 15 %: 3,00 kr',
      'Sum eks. mva.: 519,00 kr',
      'Betalt inkl. mva.: 646,75 kr',
      'Betalt med: Visa •••• 4242',
    ]) {
      assert.ok(text.includes(expected), `${expected}\n---\n${text}`);
    }
    assert.ok(html.includes('Org.nr. 915 226 485 MVA'));
  },
);

Deno.test(
  'the e-mail: no «MVA» after the number of a seller not registered for VAT, no Foretaksregisteret unless it applies',
  () => {
    const { text } = receiptEmail(
      sampleReceipt({ seller_vat_registered: false, seller_foretaksregisteret: false }),
      'https://app.test/payments',
    );
    assert.ok(text.includes('Org.nr. 999 999 999,') || text.includes('Org.nr. 999 999 999\n'), text);
    assert.ok(!text.includes('999 999 999 MVA') && !text.includes('Foretaksregisteret'), text);
  },
);

Deno.test('issued once when both paths settle: one e-mail per recipient, the same receipt', async () => {
  const db = new FakeReceiptDb(() => true);
  db.recipients = ['regnskap@fjordror.no', 'eier@fjordror.no'];
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const deps = { db, mailer, siteUrl: 'https://app.test/', log: (line: string) => logs.push(line) };
  await Promise.all([sendCardPaymentReceipt('p1', deps), sendCardPaymentReceipt('p1', deps)]);
  await sendCardPaymentReceipt('p1', deps);
  assert.deepEqual(mailer.sent.map((mail) => mail.to).sort(), ['eier@fjordror.no', 'regnskap@fjordror.no']);
  assert.equal(db.receipts.bySource.size, 1);
  assert.deepEqual(logs, []);
});

Deno.test('the number increments per seller', () => {
  const receipts = new FakeReceipts();
  const source = {
    buyerName: 'Fjord Rør AS',
    buyerOrganizationId: null,
    buyerEmail: null,
    lines: [{ description: '10 klipp', quantity: 1, unit_price_ore: 89000, vat_rate: 25 as const }],
    cardBrand: null,
    cardLast4: null,
    issuedAt: '2026-12-03T10:00:00Z',
  };
  const numbers = [
    receipts.issue('a', SELLER, source),
    receipts.issue('b', SELLER, source),
    receipts.issue('c', DEMO_SELLER, source),
    receipts.issue('a', SELLER, source),
    receipts.issue('d', SELLER, source),
  ].map(({ receipt }) => `${receipt.seller_organization_number} ${receipt.number}`);
  assert.deepEqual(numbers, ['915226485 1', '915226485 2', '999999999 1', '915226485 1', '915226485 3']);
});

Deno.test('a receipt that cannot be issued is logged; nothing is sent and nothing throws', async () => {
  const db = new FakeReceiptDb(() => false);
  db.recipients = ['regnskap@fjordror.no'];
  const mailer = new FakeMailer();
  const logs: string[] = [];
  await sendCardPaymentReceipt('p1', {
    db,
    mailer,
    siteUrl: 'https://app.test',
    log: (line) => logs.push(line),
  });
  assert.equal(mailer.sent.length, 0);
  assert.ok(logs.some((line) => line.includes('was not issued')));
});
