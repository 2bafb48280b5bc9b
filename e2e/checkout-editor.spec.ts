import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { admin, ANON_KEY, check, localClient, uniqueSuffix, write } from './support/admin';

/*
 * The checkout editor against the local stack, as Fjord Rør's demo member: a draft checkout that sells
 * the demo's «Rørsjekk hjemme» (supabase/seed-checkouts.sql; a draft of its own, so the live demo other
 * tests read stays as it is) opens on «Oppsett»; the heading and the thank-you text typed show in the
 * live preview at once, «Lagre endringer» writes them, «Publiser» publishes, and the public page
 * /kasse/<id> shows the new heading and the thank-you text the receipt will show.
 */

const DEMO_CHECKOUT = 'cf100000-0000-4000-8000-000000000010';

test('the demo member edits a checkout with a live preview, saves, publishes, and the public page shows it', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const main = await check(
    admin
      .from('checkout_products')
      .select('product_id, organization_id')
      .eq('checkout_id', DEMO_CHECKOUT)
      .eq('role', 'main')
      .limit(1)
      .single(),
  );
  const id = randomUUID();
  const suffix = uniqueSuffix();
  await write(
    admin.from('campaigns').insert({
      id,
      organization_id: main.organization_id,
      kind: 'checkout',
      name: `Utkast ${suffix}`,
      rules_text: 'Selger: Fjord Rør AS. Angrerett: 14 dager.',
      consent_text: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.',
      reminders_enabled: true,
    }),
  );
  await write(admin.from('checkouts').insert({ id, organization_id: main.organization_id }));
  await write(
    admin
      .from('checkout_products')
      .insert({ checkout_id: id, product_id: main.product_id, organization_id: main.organization_id }),
  );

  await signInAs(page, 'ola@fjordror.no');
  await page.goto(`/checkouts/${id}`);
  // A draft opens on «Oppsett», with its own title.
  await expect(page.getByRole('tab', { name: 'Oppsett', selected: true })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(`Oppsett av Utkast ${suffix} · Leadtorget`);
  const preview = page.getByTestId('checkout-preview');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(`Utkast ${suffix}`);

  const heading = `Rørsjekk før vinteren ${suffix}`;
  await page.getByLabel('Overskrift', { exact: true }).fill(heading);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(preview.getByText('Rørsjekk hjemme')).toBeVisible();

  await page.getByRole('tab', { name: 'Etter kjøpet' }).click();
  const thanks = `Vi ringer deg innen to dager ${suffix}.`;
  await page.getByLabel('Takketekst', { exact: true }).fill(thanks);
  await expect(preview.getByText(thanks)).toBeVisible();

  await page.getByRole('button', { name: 'Lagre endringer' }).click();
  await expect(page.getByText('Alle endringer er lagret.')).toBeVisible();

  await page.getByRole('tab', { name: 'Publisering' }).click();
  await page.getByRole('button', { name: 'Publiser' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publiser' }).click();
  await expect(page.getByRole('heading', { name: 'Publisert', level: 2 })).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/kasse/${id}`);
  await expect(visitor.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
  const shown = await check(localClient(ANON_KEY).rpc('public_checkout', { input_checkout_id: id }));
  expect(shown).toMatchObject({ thank_you: { text: thanks } });
});
