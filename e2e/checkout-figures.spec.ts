import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, check, localClient, uniqueSuffix } from './support/admin';
import { createCheckout, fillOrder, sitWithThePage, typeCard } from './support/checkout';
import { messagesTo, readMessage } from './support/outbox';

/*
 * A checkout's figures and orders as Fjord Rør's demo member (the seeded «Rørsjekk hjemme»), and the
 * recovery of an abandoned checkout through the scheduled job's own function, the clock moved by the
 * job's `now`: the first e-mail 15 minutes after the e-mail step, none after an unsubscribe or a purchase.
 */

const CHECKOUT = 'cf100000-0000-4000-8000-000000000010';

test('the demo member reads the figures, opens an order and downloads the orders', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const sales = await check(
    admin.from('orders').select('id, number').eq('checkout_id', CHECKOUT).in('status', ['paid', 'refunded']),
  );
  expect(sales.length).toBeGreaterThan(10);
  await signInAs(page, 'ola@fjordror.no');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/checkouts/${CHECKOUT}`);
  await expect(page.getByRole('heading', { name: 'Rørsjekk hjemme', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const figures = page.getByLabel('Tall for perioden');
  await expect(figures.getByText('Unike besøkende')).toBeVisible({ timeout: 30_000 });
  await expect(figures.getByText('Konvertering')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tall per kilde' }).getByText('facebook')).toBeVisible();

  // The orders are the checkout's third tab.
  await page.getByRole('tab', { name: 'Ordrer' }).click();
  await expect(page).toHaveURL(/[?&]fane=ordrer/);
  await expect(page).toHaveTitle(/^Ordrer i Rørsjekk hjemme/);
  const newest = Math.max(...sales.map((sale) => sale.number));
  await page.getByRole('button', { name: `Vis ordre ${newest}` }).click();
  const dialog = page.getByRole('dialog', { name: `Ordre ${newest}` });
  await expect(dialog.getByText('Herav mva 25 %')).toBeVisible();
  await expect(dialog.getByText('Rørsjekk hjemme')).toBeVisible();
  // The order's numbered receipt, as a PDF for the seller's books.
  const documents = dialog.getByRole('region', { name: 'Bilag' });
  await expect(documents.getByText(/^Kvittering nr\. \d+: /)).toBeVisible();
  const pdf = page.waitForEvent('download');
  await documents.getByRole('button', { name: /^Last ned PDF kvittering nr\. \d+$/ }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^kvittering-\d+\.pdf$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Last ned ordrer (CSV)' }).click();
  const file = await download;
  const text = await (
    await file.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  // The header and one line per paid or refunded order.
  expect(text.trim().split('\r\n')).toHaveLength(sales.length + 1);
  expect(file.suggestedFilename()).toMatch(/^rørsjekk-hjemme-ordrer-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('an abandoned checkout gets its first recovery e-mail at 15 minutes, none after an unsubscribe or a purchase', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `forlatt-${uniqueSuffix()}@example.no`;
  const visitor = localClient(ANON_KEY);
  const started = await visitor.rpc('start_checkout', {
    input_checkout_id: CHECKOUT,
    input_email: email,
    input_recovery_opt_in: true,
    input_shown_at: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(started.error).toBeNull();
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const runAt = async (minutes: number) => {
    const run = await admin.functions.invoke('campaign-jobs', {
      body: { job: 'checkout-recovery', now: at(minutes) },
    });
    expect(run.error).toBeNull();
  };
  const recoveries = async () =>
    (await messagesTo(email)).filter((mail) => mail.Subject.includes('Rørsjekk hjemme'));

  // A buyer who asked for reminders and then paid (on a checkout of its own) is never reminded.
  const bought = await createCheckout();
  const buyer = `betalt-${uniqueSuffix()}@example.no`;
  const buyerReminders = async () =>
    (await messagesTo(buyer)).filter((mail) => mail.Subject.startsWith('Du har ikke fullført'));
  await sitWithThePage(page);
  await page.goto(`/kasse/${bought.id}`);
  await fillOrder(page, bought.code, buyer, { remindMe: true });
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Betal / }).click();
  await expect(page).toHaveURL(/\/kasse\/kvittering\?ordre=/, { timeout: 30_000 });

  await runAt(10);
  expect(await recoveries()).toHaveLength(0);
  await runAt(16);
  await expect.poll(async () => (await recoveries()).length, { timeout: 30_000 }).toBe(1);
  expect(await buyerReminders()).toHaveLength(0);
  const [summary] = await recoveries();
  const mail = await readMessage(summary?.ID ?? '');
  expect(summary?.Subject).toBe('Du har ikke fullført kjøpet av Rørsjekk hjemme');
  expect(mail.Text).toContain(`/kasse/${CHECKOUT}`);

  // The e-mail's unsubscribe asks on the buyer's page, then ends the sequence.
  const unsubscribe = /https?:\/\/\S+&unsubscribe=1/.exec(mail.Text)?.[0] ?? '';
  await page.goto(unsubscribe);
  await page.getByRole('button', { name: /Slå av påminnelser/ }).click();
  await expect(page.getByText(/Du får ikke flere påminnelser/)).toBeVisible({ timeout: 30_000 });
  await runAt(6 * 60 + 1);
  await runAt(24 * 60 + 1);
  expect(await recoveries()).toHaveLength(1);
  expect(await buyerReminders()).toHaveLength(0);
});
