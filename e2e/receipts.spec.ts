import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import {
  accessToken,
  admin,
  buyLead,
  check,
  createListing,
  createMember,
  write,
} from './support/marketplace-data';
import { waitForMessage } from './support/outbox';

/*
 * One receipt per card payment (docs/payments.md «Receipts»): a lead bought on demand with the saved
 * card (local provider) is receipted by buy-lead — numbered, with the seller's org number and the
 * MVA — e-mailed to the organization's receipt address, shown on /payments and downloadable as PDF.
 * The local stack's seller is the demo identity (RECEIPT_SELLER_* unset).
 */

test('a lead bought on demand sends its receipt; /payments shows it and the PDF downloads', async ({
  page,
  signInAs,
}) => {
  const seller = await createMember({ label: 'selger-kvittering' });
  const buyer = await createMember({ label: 'kjoper-kvittering', plan: 'on_demand' });
  const receiptAddress = `regnskap.${buyer.email}`;
  // A saved test card as the seed saves Fjord Rør's (the local provider pays with its last four).
  await write(
    admin
      .from('organizations_payments_config')
      .update({
        stripe_customer_id: `cus_demo_${buyer.organizationId.slice(0, 8)}`,
        payment_method_id: `pm_demo_${buyer.organizationId.slice(0, 8)}`,
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2034,
        receipt_emails: [receiptAddress],
      })
      .eq('id', buyer.organizationId),
  );
  const listing = await createListing(seller, { priceOre: 49_900, maxBuyers: 2 });
  const since = Date.now();

  const answer = await buyLead(await accessToken(buyer.email), {
    leadId: listing.leadId,
    advertisedLeadId: listing.listingId,
    organizationId: buyer.organizationId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);

  const mail = await waitForMessage(receiptAddress, { since, subject: /^Kvittering: Lead/ });
  expect(mail.Text).toContain('Org.nr. 999 999 999 MVA, Foretaksregisteret');
  expect(mail.Text).toMatch(/Kvitteringsnummer: \d+/);
  expect(mail.Text).toContain('Mva. 25 %: 124,75 kr');
  expect(mail.Text).toContain('Betalt inkl. mva.: 623,75 kr');
  expect(mail.Text).toContain(`Kjøper: ${buyer.organizationName}`);

  const [payment] = await check(
    admin.from('card_payments').select('id').eq('organization_id', buyer.organizationId),
  );
  const receipt = await check(
    admin.from('receipts').select('number, total_ore').eq('source_id', payment.id).single(),
  );
  expect(receipt.total_ore).toBe(62_375);

  await signInAs(page, buyer.email);
  await page.goto('/payments?vis=transaksjoner');
  const row = page.getByRole('table').getByRole('row').nth(1);
  await row.getByRole('button', { name: /^Kvittering/ }).click();
  const dialog = page.getByRole('dialog', { name: `Kvittering nr. ${receipt.number}` });
  await expect(dialog).toContainText('Org.nr. 999 999 999 MVA');
  await expect(dialog).toContainText('Foretaksregisteret');
  await expect(dialog).toContainText(buyer.organizationName);
  await expect(dialog).toContainText(/MVA 25 %\s*124,75\s*kr/);
  await expect(dialog).toContainText(/Betalt inkl\. mva\s*623,75\s*kr/);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Last ned PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`kvittering-${receipt.number}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
