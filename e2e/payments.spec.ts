import type { Locator, Page } from '@playwright/test';
import { API_URL, expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { ANON_KEY } from './support/admin';
import { watchConsoleErrors } from './support/console';
import { tabTo } from './support/keyboard';
import { accessToken, admin, check, createMember, write, type Member } from './support/marketplace-data';
import { waitForMessage } from './support/outbox';

/*
 * /payments against `npm start` with the local payment provider (no Stripe keys): buying
 * packs with the saved card, a declined new card, and a new card that needs 3-D Secure. Each test
 * makes its own owner and organization through the service role (e2e/support/marketplace-data.ts),
 * set up like the seed's Fjord Rør (tickets plan on Leadtorget, a saved Visa ending in 4242, receipts
 * to the owner), so the demo data other specs read stays as it is. Balances, the ledger and
 * card_payments are checked in the database too.
 */

async function callFunction(token: string, name: string, body: Record<string, unknown>) {
  const response = await fetch(`${API_URL}/functions/v1/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Saves a card (Visa 4242 unless told otherwise) as the organization's card the way /payments/setup
 * does it (payments-setup start, the local provider's confirmSetup, payments-setup complete), so the
 * saved card is a real one of the local provider's store.
 */
async function saveCard(member: Member, number = '4242424242424242') {
  const token = await accessToken(member.email);
  const organizationId = member.organizationId;
  const started = await callFunction(token, 'payments-setup', { action: 'start', organizationId });
  expect(started.provider).toBe('local');
  const confirmed = await callFunction(token, 'payments-local', {
    action: 'confirmSetup',
    clientSecret: started.clientSecret,
    card: { number, expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(confirmed.status).toBe('succeeded');
  const completed = await callFunction(token, 'payments-setup', {
    action: 'complete',
    organizationId,
    setupIntentId: started.setupIntentId,
  });
  expect(completed).toMatchObject({ status: 'succeeded', card: { last4: number.slice(-4) } });
}

/**
 * An owner on Leadtorget (tickets plan) with a balance, receipts to `receipts@…` (unless told to
 * have no receipt addresses, as a new organization has) and, unless told otherwise, a saved card.
 */
async function owner(
  label: string,
  options: { savedCard?: boolean | string; receiptAddresses?: boolean } = {},
): Promise<Member> {
  const member = await createMember({ label, plan: 'tickets', tickets: 3, credits: 40 });
  if (options.receiptAddresses !== false) {
    await write(
      admin
        .from('organizations_payments_config')
        .update({ receipt_emails: [receiptAddressOf(member)] })
        .eq('id', member.organizationId),
    );
  }
  if (options.savedCard !== false)
    await saveCard(member, typeof options.savedCard === 'string' ? options.savedCard : undefined);
  return member;
}

/** The organization's receipt address: not the owner's own, so a test sees who got the receipt. */
const receiptAddressOf = (member: Member) => `regnskap.${member.email}`;

async function dbState(organizationId: string) {
  const [balance] = await check(
    admin.from('organizations_payments').select('tickets, credits').eq('id', organizationId),
  );
  const ledger = await check(
    admin
      .from('organizations_payments_ledger')
      .select('kind, tickets_delta, credits_delta, amount_ore, reference')
      .eq('organization_id', organizationId)
      .order('id'),
  );
  const payments = await check(
    admin
      .from('card_payments')
      .select('id, status, tickets, credits, amount_ore, card_last4, settled_at')
      .eq('organization_id', organizationId),
  );
  return { balance, ledger, payments };
}

async function openPayments(page: Page) {
  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Betaling' })).toBeVisible();
  await expect(page.locator('[data-route-name="payments"]')).toBeVisible();
}

/** Opens a tab of /payments; the tab is in the URL. */
async function showTab(page: Page, name: 'Oversikt' | 'Transaksjoner' | 'Kvitteringer') {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

const balanceOf = (page: Page, which: 'tickets' | 'credits') => page.getByTestId(`balance-${which}`);

async function openBuyDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole('region', { name: 'Leadtorget' }).getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Kortnummer').fill(number);
  await dialog.getByLabel('Utløpsdato (MM/ÅÅ)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
}

test('an owner buys a ticket pack with the saved card; balance, ledger and receipt follow', async ({
  page,
  signInAs,
}) => {
  const member = await owner('kortkjop');
  const since = Date.now();
  await signInAs(page, member.email);
  await openPayments(page);
  await expect(balanceOf(page, 'tickets')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'Lagret kort' })).toContainText('Visa som slutter på 4242');
  await expect(page.getByRole('region', { name: 'Planer' })).toContainText('Leadtorget');
  await expectNoAxeViolations(page);
  await showTab(page, 'Transaksjoner');
  await expect(page.getByRole('table', { name: 'Transaksjoner, nyeste først' })).toContainText('Justering');
  await expectNoAxeViolations(page);
  await showTab(page, 'Oversikt');

  // 25 klipp cost 2 000 kr eks. mva; the dialog shows the VAT and the total before paying.
  const dialog = await openBuyDialog(page, 'Kjøp 25 klipp');
  await expect(dialog).toContainText(/Pris eks\. mva\s*2\s000,00\s*kr/);
  await expect(dialog).toContainText(/MVA \(25 %\)\s*500,00\s*kr/);
  await expect(dialog).toContainText(/Å betale inkl\. mva\s*2\s500,00\s*kr/);
  await expect(dialog.getByRole('radio', { name: 'Lagret kort: Visa som slutter på 4242' })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Betal' }).click();

  await expect(
    page.getByText('Betalingen er godkjent. 25 klipp er lagt til saldoen.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(balanceOf(page, 'tickets')).toHaveText('28');

  await showTab(page, 'Transaksjoner');
  const table = page.getByRole('table', { name: 'Transaksjoner, nyeste først' });
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('25 klipp – Leadtorget');
  await expect(newest).toContainText('+25');
  await expect(newest).toContainText(/2\s500,00\s*kr/);

  const state = await dbState(member.organizationId);
  expect(state.balance).toEqual({ tickets: 28, credits: 40 });
  expect(state.payments).toHaveLength(1);
  const [payment] = state.payments;
  expect(payment).toMatchObject({
    status: 'succeeded',
    tickets: 25,
    amount_ore: 250_000,
    card_last4: '4242',
  });
  expect(state.ledger.at(-1)).toEqual({
    kind: 'tickets_purchase',
    tickets_delta: 25,
    credits_delta: 0,
    amount_ore: 250_000,
    reference: `card_payment ${payment.id}`,
  });

  await newest.getByRole('button', { name: /^Kvittering/ }).click();
  const receipt = page.getByRole('dialog', { name: 'Kvittering' });
  await expect(receipt).toContainText(member.organizationName);
  await expect(receipt).toContainText('25 klipp – Leadtorget');
  await expect(receipt).toContainText(/2\s000,00\s*kr/);
  await expect(receipt).toContainText(/500,00\s*kr/);
  await expect(receipt).toContainText(/2\s500,00\s*kr/);
  await expect(receipt).toContainText('Visa •••• 4242');
  await expect(receipt).toContainText(payment.id);
  await expect(receipt).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expectNoAxeViolations(page);
  await receipt.getByRole('button', { name: 'Lukk kvitteringen' }).click();
  await expect(receipt).toBeHidden();

  // The receipt e-mail of the settlement (payments-pack) went to the receipt address.
  const mail = await waitForMessage(receiptAddressOf(member), { since });
  expect(mail.Text).toContain('4242');
});

test('a new organization without receipt addresses: the receipt of its first pack goes to the payer', async ({
  page,
  signInAs,
}) => {
  const member = await owner('forstekjop', { receiptAddresses: false });
  const since = Date.now();
  await signInAs(page, member.email);
  await openPayments(page);
  const dialog = await openBuyDialog(page, 'Kjøp 10 klipp');
  await expect(dialog).toContainText(/Å betale inkl\. mva\s*1\s112,50\s*kr/);
  await dialog.getByRole('button', { name: 'Betal' }).click();
  await expect(
    page.getByText('Betalingen er godkjent. 10 klipp er lagt til saldoen.', { exact: true }),
  ).toBeVisible();
  const mail = await waitForMessage(member.email, { since, subject: 'Kvittering: 10 klipp – Leadtorget' });
  expect(mail.Text).toMatch(/Sum eks\. mva\.: 890,00 kr/);
  expect(mail.Text).toMatch(/Betalt inkl\. mva\.: 1 112,50 kr/);
});

test('a declined new card shows its message and changes neither balance nor ledger', async ({
  page,
  signInAs,
}) => {
  const member = await owner('avvist');
  const console = watchConsoleErrors(page);
  await signInAs(page, member.email);
  await openPayments(page);
  await expect(balanceOf(page, 'tickets')).toHaveText('3');
  const before = await dbState(member.organizationId);

  const dialog = await openBuyDialog(page, 'Kjøp 10 klipp');
  await dialog.getByRole('radio', { name: 'Nytt kort' }).check();
  await dialog.getByRole('button', { name: 'Gå videre' }).click();
  await expect(dialog.getByLabel('Kortnummer')).toBeFocused();
  await fillCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Betal' }).click();

  await expect(dialog.getByRole('alert')).toContainText('Kortet ble avvist');
  await expect(dialog.getByLabel('Kortnummer')).toHaveValue('4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toBeHidden();
  await expect(balanceOf(page, 'tickets')).toHaveText('3');

  const after = await dbState(member.organizationId);
  expect(after.balance).toEqual(before.balance);
  expect(after.ledger).toEqual(before.ledger);
  expect(
    after.payments.every((payment) => payment.settled_at === null && payment.status !== 'succeeded'),
  ).toBe(true);
  // A declined card is an expected answer, shown in the dialog: not an error in the console.
  console.expectNone();
});

test('a saved card the bank declines (4000 0000 0000 0341): its message, no balance or ledger change, a clean console', async ({
  page,
  signInAs,
}) => {
  // Saving the card succeeds; every charge of it is declined (card_declined), answered 200 failed.
  const member = await owner('avvist-lagret', { savedCard: '4000000000000341' });
  const console = watchConsoleErrors(page);
  await signInAs(page, member.email);
  await openPayments(page);
  await expect(balanceOf(page, 'tickets')).toHaveText('3');
  const before = await dbState(member.organizationId);

  const dialog = await openBuyDialog(page, 'Kjøp 10 klipp');
  await dialog.getByRole('button', { name: 'Betal' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Kortet ble avvist');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(balanceOf(page, 'tickets')).toHaveText('3');

  const after = await dbState(member.organizationId);
  expect(after.balance).toEqual(before.balance);
  expect(after.ledger).toEqual(before.ledger);
  expect(after.payments).toEqual([
    expect.objectContaining({ status: 'failed', tickets: 10, amount_ore: 111_250, settled_at: null }),
  ]);
  console.expectNone();
});

test('a credit pack paid with a new card that needs 3-D Secure completes after «Godkjenn»', async ({
  page,
  signInAs,
}) => {
  const member = await owner('treds', { savedCard: false });
  await signInAs(page, member.email);
  await openPayments(page);
  await expect(balanceOf(page, 'credits')).toHaveText('40');

  const dialog = await openBuyDialog(page, 'Kjøp 100 kreditter');
  await expect(dialog).toContainText('Organisasjonen har ikke noe lagret kort.');
  await dialog.getByRole('checkbox', { name: 'Lagre kortet for senere kjøp' }).check();
  await dialog.getByRole('button', { name: 'Gå videre' }).click();
  await fillCard(dialog, '4000 0027 6000 3184');
  await dialog.getByRole('button', { name: 'Betal' }).click();

  const bank = page.getByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
  await expect(bank).toBeVisible();
  await bank.getByRole('button', { name: 'Godkjenn' }).click();

  await expect(
    page.getByText('Betalingen er godkjent. 100 kreditter er lagt til saldoen.', { exact: true }),
  ).toBeVisible();
  await expect(balanceOf(page, 'credits')).toHaveText('140');
  // «Lagre kortet for senere kjøp»: the card that paid is now the saved card.
  await expect(page.getByRole('region', { name: 'Lagret kort' })).toContainText('som slutter på 3184');
  await showTab(page, 'Transaksjoner');
  await expect(
    page.getByRole('table', { name: 'Transaksjoner, nyeste først' }).getByRole('row').nth(1),
  ).toContainText('100 kreditter – Leadtorget');

  const state = await dbState(member.organizationId);
  expect(state.balance).toEqual({ tickets: 3, credits: 140 });
  expect(state.payments).toEqual([
    // 95 kr eks. mva + 23,75 kr MVA.
    expect.objectContaining({ status: 'succeeded', credits: 100, amount_ore: 11_875, card_last4: '3184' }),
  ]);
  expect(state.ledger.filter((row) => row.kind === 'credits_purchase')).toHaveLength(1);
});

test('keyboard only: Escape leaves a pack unbought; Tab and Enter buy it and focus returns', async ({
  page,
  signInAs,
}) => {
  const member = await owner('tastatur');
  await signInAs(page, member.email);
  await openPayments(page);
  await expect(balanceOf(page, 'tickets')).toHaveText('3');

  const buy = page.getByRole('region', { name: 'Leadtorget' }).getByRole('button', { name: 'Kjøp 10 klipp' });
  await tabTo(page, buy);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Kjøp 10 klipp' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
  expect((await dbState(member.organizationId)).payments).toHaveLength(0);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Betal' }), 20);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(balanceOf(page, 'tickets')).toHaveText('13');
  await expect(buy).toBeFocused();
  expect((await dbState(member.organizationId)).balance).toEqual({ tickets: 13, credits: 40 });
});
