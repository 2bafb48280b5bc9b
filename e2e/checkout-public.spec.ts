import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, API_URL, check, uniqueSuffix } from './support/admin';
import { createCheckout, fillOrder, sitWithThePage, typeCard } from './support/checkout';
import { watchConsoleErrors } from './support/console';
import { accessToken } from './support/marketplace-data';
import { messagesTo, readMessage } from './support/outbox';
import { PHONE_390, sidewaysScrollers } from './support/phone';

/**
 * The public checkout (docs/checkouts.md «Public pages»), at 390 px, on a checkout of Fjord Rør AS
 * made for each test (support/checkout.ts): an anonymous buyer gives an e-mail, ticks the bump, applies a code, fills in the details, pays with
 * the local provider's 3-D Secure test card and lands on the receipt; a declined card shows its
 * Norwegian message and keeps the form; axe finds nothing.
 */
test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE_390);
});

test('a buyer pays with 3-D Secure and lands on the receipt', async ({ page }) => {
  const console = watchConsoleErrors(page);
  const { id, code } = await createCheckout();
  await sitWithThePage(page);
  await page.goto(`/kasse/${id}?utm_source=e2e`);
  await expect(page).toHaveTitle(/^Varmepumpeservice .* – Fjord Rør AS$/);
  await expect(page.getByText('Org.nr.')).toBeVisible();
  const email = `kari.kasse.${uniqueSuffix()}@example.no`;
  await fillOrder(page, code, email);

  await typeCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Betal 1\u00a0565,10\u00a0kr' }).click();
  const bank = page.getByRole('alertdialog', { name: 'Bekreft betalingen (testmodus)' });
  await expect(bank.getByRole('button', { name: 'Godkjenn' })).toBeFocused();
  await bank.getByRole('button', { name: 'Godkjenn' }).click();

  await expect(page).toHaveURL(/\/kasse\/kvittering\?ordre=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Takk for kjøpet!' })).toBeVisible();
  await expect(page.getByText('1\u00a0565,10\u00a0kr').first()).toBeVisible();
  await expect(page.getByText('Betalt med kort som slutter på 3184')).toBeVisible();
  // The numbered receipt and the seller block as its registrations say (the demo seller's).
  await expect(page.getByText(/^Kvittering nr\. \d+$/)).toBeVisible();
  await expect(page.getByText('Strandkaien 12, 5013 Bergen')).toBeVisible();
  await expect(page.getByText('Org.nr. 915 226 485 MVA')).toBeVisible();
  await expect(page.getByText('Foretaksregisteret', { exact: true })).toBeVisible();
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Last ned kvittering nr\. \d+ \(PDF\)$/ }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^kvittering-\d+\.pdf$/);
  await expect(page).toHaveTitle('Kvittering – Fjord Rør AS');
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
  console.expectNone();

  // The buyer's confirmation from the seller links back to this receipt; the buyer became a lead.
  await expect.poll(async () => (await messagesTo(email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await messagesTo(email);
  expect(mail?.Subject).toMatch(/^Ordrebekreftelse \d+: Varmepumpeservice/);
  expect((await readMessage(mail?.ID ?? '')).Text).toContain('/kasse/kvittering?ordre=');
  const [lead] = await check(admin.from('leads').select('source').eq('email', email));
  expect(lead?.source).toBe('checkout');

  // The seller's owner refunds 100 kr: the buyer gets the credit note once, and its link shows it.
  const orderId = new URL(page.url()).searchParams.get('ordre') ?? '';
  const owner = await accessToken('ola@fjordror.no');
  const requestId = crypto.randomUUID();
  const refund = () =>
    fetch(`${API_URL}/functions/v1/checkout-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ANON_KEY, authorization: `Bearer ${owner}` },
      body: JSON.stringify({ action: 'refund', orderId, amountOre: 10000, requestId }),
    });
  expect((await refund()).status).toBe(200);
  expect((await refund()).status).toBe(200);
  await expect.poll(async () => (await messagesTo(email)).length, { timeout: 30_000 }).toBe(2);
  const note = (await messagesTo(email)).find((message) => message.Subject.startsWith('Kreditnota'));
  expect(note?.Subject).toMatch(/^Kreditnota nr\. \d+: kvittering nr\. \d+$/);
  const text = (await readMessage(note?.ID ?? '')).Text;
  expect(text).toContain('Kreditert inkl. mva.: 100,00 kr');
  expect(text).toContain('Org.nr. 915 226 485 MVA, Foretaksregisteret');
  await page.goto(/https?:\/\/\S+(\/kasse\/kvittering\?\S+)/.exec(text)?.[1] ?? '');
  await expect(page.getByText(/^Kreditnota nr\. \d+: −100,00\s+kr$/)).toBeVisible();
});

test('a declined card says so in Norwegian and keeps the form; axe finds nothing', async ({ page }) => {
  const { id, code } = await createCheckout();
  await sitWithThePage(page);
  await page.goto(`/kasse/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // The field errors, as a screen reader meets them.
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await expect(page.getByRole('textbox', { name: 'E-post' })).toBeFocused();
  await expectNoAxeViolations(page);

  await fillOrder(page, code, `kari.avvist.${uniqueSuffix()}@example.no`);
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Betal / }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kortet ble avvist. Prøv et annet kort eller kontakt banken din.',
  );
  await expect(page.getByRole('textbox', { name: 'Navn' })).toHaveValue('Kari Kjøper');
  await expect(page.getByRole('checkbox', { name: /Ja, legg til et ekstra filter/ })).toBeChecked();
  await expect(page.getByRole('button', { name: /Gå til betaling/ })).toBeEnabled();
  expect(await sidewaysScrollers(page)).toEqual([]);
  await expectNoAxeViolations(page);
});
