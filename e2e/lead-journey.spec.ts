import type { Browser, Page } from '@playwright/test';
import { expect, test, type SignInAs } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { APP_URL } from './support/hosts';
import {
  admin,
  check,
  createMember,
  snapshot,
  uniqueSuffix,
  write,
  type Member,
} from './support/marketplace-data';
import { extractLink, waitForMessage } from './support/outbox';

/*
 * The marketplace's whole journey (docs/lead-marketplace.md): a member imports a CSV with some bad rows and sees the
 * report, advertises one of the leads from /leads/lead/{id}; a member of another organization (tickets
 * plan) gets the new-listing e-mail, whose deep link /leads/marketplace/{id}?lead=…&ad=… opens the
 * listing, then opens the marketplace at `/`, sees the listing «0 av 2 solgt», buys it with a ticket, sees the
 * contact details at once and gets the e-mail; a third organization without tickets gets the
 * insufficient-tickets message and nothing changes. Three fresh users and organizations, each in
 * its own browser context, all on the seeded Leadtorget marketplace (the `localhost` host).
 */

/** A browser context of its own (its own session); foreign hosts do not resolve in it either (playwright.config.ts). */
async function openAs(browser: Browser, signInAs: SignInAs, member: Member): Promise<Page> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
  });
  const page = await context.newPage();
  await signInAs(page, member.email);
  return page;
}

test('import, advertise, buy with tickets, the e-mail, and a buyer without tickets', async ({
  page,
  browser,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  // The lead's own free text; the listing takes the marketplace's category «Solceller» (its list).
  const leadCategory = `Reisetest ${suffix}`;
  const category = 'Solceller';
  const title = `Bad på 8 m² skal totalrenoveres ${suffix}`;
  const leadEmail = `eva.strand.${suffix}@example.no`;

  const seller = await createMember({ label: 'selger', plan: 'tickets' });
  const buyer = await createMember({
    label: 'kjoper',
    plan: 'tickets',
    tickets: 3,
    notifyEvents: ['lead_bought', 'new_lead'],
  });
  // 0 tickets: the guard (rule 9) lets a tickets plan without tickets in only with a saved card.
  const broke = await createMember({ label: 'blakk', plan: 'tickets' });
  await write(
    admin
      .from('organizations_payments_config')
      .update({
        payment_method_id: `pm_e2e_${suffix}`,
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2030,
      })
      .eq('id', broke.organizationId),
  );

  // 1. The seller imports a CSV with two good rows and four bad ones, and sees the report.
  await signInAs(page, seller.email);
  await page.goto('/leads/importer');
  await expect(page.getByRole('heading', { level: 1, name: 'Importer leads' })).toBeVisible({
    timeout: 30_000,
  });
  const csv = [
    'Navn;E-post;Telefon;Postnummer;Kategori;Område',
    `Eva Strand;${leadEmail};912 34 567;5003;${leadCategory};Vestland`,
    `Tor Moe;tor.moe.${suffix}@example.no;;0150;${leadCategory};Oslo`,
    `;uten.navn.${suffix}@example.no;;;;`,
    'Lise Ås;ikke-en-adresse;;;;',
    'Kim Dal;;12;;;',
    `Eva Strand igjen;${leadEmail};;;;`,
  ].join('\n');
  await page
    .getByLabel('Velg CSV- eller Excel-fil')
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Kontroller radene' }).click();
  await expect(
    page.getByText('2 rader er klare til import. 4 rader blir ikke importert.', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Importer 2 leads' }).click();
  await expect(page.getByRole('heading', { name: 'Importen er ferdig' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: '2 leads er importert.' })).toHaveText(
    '2 leads er importert. 4 rader ble ikke importert.',
  );
  const report = page.getByRole('table', { name: 'Rader som ikke blir importert' });
  for (const reason of [
    'Mangler navn',
    'Ugyldig e-postadresse',
    /^Ugyldig telefonnummer/,
    'Samme e-post eller telefon som en tidligere rad i filen',
  ]) {
    await expect(report.getByRole('cell', { name: reason })).toBeVisible();
  }
  const imported = await check(
    admin.from('leads').select('id, name, source').eq('organization_id', seller.organizationId).order('name'),
  );
  expect(imported.map((lead) => [lead.name, lead.source])).toEqual([
    ['Eva Strand', 'import'],
    ['Tor Moe', 'import'],
  ]);
  const eva = imported[0];

  // 2. The seller advertises Eva Strand's lead for 1 ticket to at most 2 buyers.
  await page.goto(`/leads/lead/${eva.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Eva Strand' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Tittel (teaser)').fill(title);
  await page.getByRole('combobox', { name: 'Kategori' }).selectOption(category);
  await page.getByLabel('Pris i klipp').fill('1');
  await page.getByLabel('Antall kjøpere').fill('2');
  // The CSV had no consent column: the seller confirms the consent before the lead is shared.
  await page.getByRole('checkbox', { name: /^Jeg bekrefter at personen har samtykket/ }).check();
  const advertisedAt = Date.now();
  await page.getByRole('button', { name: 'Annonser leadet' }).click();
  await expect(page.getByText('Leadet er annonsert.', { exact: true })).toBeVisible();
  const listing = await check(
    admin
      .from('advertised_leads')
      .select('id, marketplace_id, price_tickets, max_buyers, status')
      .eq('lead_id', eva.id)
      .single(),
  );
  expect(listing).toMatchObject({ price_tickets: 1, max_buyers: 2, status: 'active' });

  // 2b. The buying organization's member (new_lead on) gets the new-listing e-mail: teaser, never the
  //     contact details, and the deep link to the listing on its marketplace.
  const announcement = await waitForMessage(buyer.email, {
    since: advertisedAt,
    subject: `Nytt lead på Leadtorget: «${title}»`,
  });
  expect(announcement.Text).not.toContain(leadEmail);
  expect(announcement.HTML).not.toContain(leadEmail);
  const deepLink = new URL(extractLink(announcement, `/leads/marketplace/${listing.marketplace_id}`));
  expect(deepLink.pathname).toBe(`/leads/marketplace/${listing.marketplace_id}`);
  expect(Object.fromEntries(deepLink.searchParams)).toEqual({ lead: eva.id, ad: listing.id });
  expect(announcement.Text).toContain(`${deepLink.pathname}${deepLink.search}`);

  // 3. A member of another organization finds it on `/`, buys it with a ticket, sees the contact
  //    details at once, and gets the e-mail.
  const buyerPage = await openAs(browser, signInAs, buyer);
  // The e-mail's link opens the listing at once; closing it drops the parameters.
  await buyerPage.goto(`${deepLink.pathname}${deepLink.search}`);
  const linked = buyerPage.getByRole('dialog', { name: title });
  await expect(linked).toBeVisible({ timeout: 30_000 });
  await expect(linked).toContainText('0 av 2 solgt');
  await expect(linked.getByRole('button', { name: 'Kjøp for 1 klipp' })).toBeVisible();
  await expect(linked).not.toContainText(leadEmail);
  await buyerPage.keyboard.press('Escape');
  await expect(linked).toBeHidden();
  await expect(buyerPage).toHaveURL((url) => !url.searchParams.has('lead') && !url.searchParams.has('ad'));

  await buyerPage.goto('/');
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Leadtorget' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(buyerPage.getByLabel('Saldo')).toContainText('Saldo: 3 klipp');
  await buyerPage.getByRole('combobox', { name: 'Kategori' }).selectOption({ label: category });
  const card = buyerPage
    .getByRole('listitem')
    .filter({ has: buyerPage.getByRole('heading', { name: title }) });
  await expect(card).toContainText('0 av 2 solgt');
  await expect(card).toContainText('1 klipp');
  await expect(card).not.toContainText(leadEmail);
  await expectNoAxeViolations(buyerPage);

  const since = Date.now();
  await card.getByRole('button', { name: `Se og kjøp «${title}»` }).click();
  const dialog = buyerPage.getByRole('dialog', { name: title });
  await expect(dialog).not.toContainText(leadEmail);
  await dialog.getByRole('button', { name: 'Kjøp for 1 klipp' }).click();
  await dialog.getByRole('button', { name: 'Bekreft kjøp for 1 klipp' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Kjøpt! Leadet ligger nå i Leads-listen din.');
  await expect(dialog.getByRole('heading', { name: 'Kontaktinformasjon' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: leadEmail })).toHaveAttribute('href', `mailto:${leadEmail}`);
  await expect(dialog.getByRole('link', { name: '+47 912 34 567' })).toBeVisible();
  await expect(dialog).toContainText('1 av 2 solgt');
  const mail = await waitForMessage(buyer.email, { since, subject: `Dere har kjøpt leadet «${title}»` });
  expect(mail.Text).toContain(`/leads/lead/${eva.id}`);
  expect(mail.Text).toContain('1 klipp');
  const afterPurchase = await snapshot([buyer.organizationId], listing.id);
  expect(afterPurchase).toMatchObject({
    balances: { [buyer.organizationId]: { tickets: 2, credits: 0 } },
    buyersCount: 1,
    purchases: 1,
  });
  await buyerPage.context().close();

  // 4. A third organization without tickets is told so, and nothing changes.
  const brokePage = await openAs(browser, signInAs, broke);
  await brokePage.goto('/');
  await expect(brokePage.getByRole('heading', { level: 1, name: 'Leadtorget' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(brokePage.getByLabel('Saldo')).toContainText('Saldo: 0 klipp');
  await brokePage.getByRole('combobox', { name: 'Kategori' }).selectOption({ label: category });
  const brokeCard = brokePage
    .getByRole('listitem')
    .filter({ has: brokePage.getByRole('heading', { name: title }) });
  await expect(brokeCard).toContainText('1 av 2 solgt');
  const before = await snapshot([broke.organizationId], listing.id);
  await brokeCard.getByRole('button', { name: `Se og kjøp «${title}»` }).click();
  const brokeDialog = brokePage.getByRole('dialog', { name: title });
  await brokeDialog.getByRole('button', { name: 'Kjøp for 1 klipp' }).click();
  await brokeDialog.getByRole('button', { name: 'Bekreft kjøp for 1 klipp' }).click();
  await expect(brokeDialog.getByRole('alert')).toHaveText(
    'Du har ikke nok klipp til å kjøpe dette leadet. Kjøp flere klipp og prøv igjen.',
  );
  await expect(brokeDialog).not.toContainText(leadEmail);
  expect(await snapshot([broke.organizationId], listing.id)).toEqual(before);
  await brokePage.context().close();
});
