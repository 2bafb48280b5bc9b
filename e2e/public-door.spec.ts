import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { APP_URL, COMPETITION_URL, PARTNER_URL } from './support/hosts';
import { admin, check, createListing, createMember, LEADTORGET } from './support/marketplace-data';

/*
 * The public door (docs/lead-marketplace.md "The public door"): a visitor on
 * /bli-partner meets the host's marketplace by name, what a lead costs, how many share one, how
 * contact details are revealed and real current teasers — never contact data or the seller's notes —
 * served by the lean public entry, and signs up from there back into the join flow. /auth links to it;
 * the competition host points to where the marketplaces are.
 */

const RETURN_TO_KEY = 'leadtorget.return-to';
const PARTNERPORTALEN = 'c0000000-0000-4000-8000-000000000002';

const teaserCards = (page: Page) =>
  page.getByRole('region', { name: /^Leads på .* nå$/ }).getByRole('article');

/** Everything a visitor must not see of the listings the page shows: their leads and descriptions. */
async function secretsOf(marketplaceId: string, titles: string[]): Promise<string[]> {
  const listings = await check(
    admin
      .from('advertised_leads')
      .select('lead_id, description')
      .eq('marketplace_id', marketplaceId)
      .in('title', titles),
  );
  const leads = await check(
    admin
      .from('leads')
      .select('name, email, phone, notes')
      .in(
        'id',
        listings.map((listing) => listing.lead_id),
      ),
  );
  return [
    ...listings.map((listing) => listing.description),
    ...leads.flatMap((lead) => [lead.name, lead.email, lead.phone, lead.notes]),
  ].filter((value): value is string => typeof value === 'string' && value.trim().length > 3);
}

test("a visitor meets the host's marketplace, its prices and real teasers without contact data", async ({
  page,
}) => {
  // A fresh listing with a seller's note and contact details that must stay out of the page.
  const seller = await createMember({ label: 'doorseller' });
  const listing = await createListing(seller, {
    maxBuyers: 3,
    priceOre: 14900,
    priceTickets: 2,
    notes: 'Hemmelig notat fra selgeren: ring etter kl. 16',
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bli-partner');

  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'onboarding-marketplace-join');
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' })).toBeVisible();
  await expect(page).toHaveTitle('Bli partner · Leadtorget');
  await expect(page.getByText('Kjøp og selg leads fra hele Norge')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hva koster et lead?' })).toBeVisible();
  await expect(page.getByText(/Etter behov: et lead koster vanligvis 99,00\s*kr eks\. mva,/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hvor mange kjøper det samme leadet?' })).toBeVisible();
  await expect(
    page.getByText(/Navn, telefon og e-post vises med en gang kjøpet er gjennomført/),
  ).toBeVisible();

  // Real teasers of this marketplace: title, category, area, price and buyers.
  const cards = teaserCards(page);
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  const titles = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
  const mine = cards.filter({ has: page.getByRole('heading', { name: listing.title }) });
  if (titles.includes(listing.title)) {
    await expect(mine).toContainText('Rørlegger');
    await expect(mine).toContainText('Vestland');
    await expect(mine).toContainText(/149,00\s*kr eks\. mva eller 2 klipp/);
    await expect(mine).toContainText('Deles: 3 plasser igjen av 3');
  }

  // No contact detail, name, note or description of any listing shown.
  const text = await page.locator('body').innerText();
  const secrets = await secretsOf(LEADTORGET, [...titles, listing.title]);
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/@example\.no|\+47\s?\d/);

  // The lean public entry: no signed-in app, router or auth client was loaded.
  expect(scripts.filter((url) => /start-app|react-router|@supabase/.test(url))).toEqual([]);

  await expectNoAxeViolations(page);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
  }
  await expectNoAxeViolations(page);
});

test('«Bli med» signs a visitor up and remembers the join flow with the plan from the link', async ({
  page,
}) => {
  await page.goto('/bli-partner?plan=tickets&tickets=10');
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' })).toBeVisible();
  await page.getByRole('link', { name: 'Bli med' }).first().click();

  await expect(page).toHaveURL('/auth');
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'auth');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe(
    '/onboarding/registrer?plan=tickets&tickets=10',
  );
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett konto' })).toBeVisible();
});

test('/auth links to the door', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Les om markedsplassen og hva et lead koster' }).click();
  await expect(page).toHaveURL('/bli-partner');
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' })).toBeVisible();
});

test("another marketplace's host shows its own name and teasers", async ({ page }) => {
  const seller = await createMember({ label: 'partnerdoor', marketplaceId: PARTNERPORTALEN });
  await createListing(seller, { marketplaceId: PARTNERPORTALEN });

  await page.goto(`${PARTNER_URL}/bli-partner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Partnerportalen' })).toBeVisible();
  await expect(page).toHaveTitle('Bli partner · Partnerportalen');
  await expect(page.getByText('Leads for partnere på Vestlandet')).toBeVisible();
  await expect(teaserCards(page).first()).toBeVisible();
});

test('on the competition host the door points to the marketplaces instead of ending there', async ({
  page,
}) => {
  await page.goto(`${COMPETITION_URL}/bli-partner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fant ingen markedsplass' })).toBeVisible();
  const toLeadtorget = page.getByRole('link', { name: 'Bli partner på Leadtorget' });
  await expect(toLeadtorget).toHaveAttribute('href', `${APP_URL}/bli-partner`);
  await expectNoAxeViolations(page);
  await toLeadtorget.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bli partner på Leadtorget' })).toBeVisible();
});

test('a signed-in user on /bli-partner still gets the join flow of the app', async ({ page, signInAs }) => {
  await signInAs(page, 'ingrid@nordlyselektro.no');
  await page.goto('/bli-partner');
  // The signed-in app (its chunks load first: time enough on a busy machine).
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'onboarding-marketplace-join', {
    timeout: 15_000,
  });
  await expect(page.getByText(/^Organisasjon: /)).toBeVisible();
  await expect(page.getByRole('button', { name: /Bli med|Gå videre/ })).toBeVisible();
});

test('a signed-in user on the competition host is pointed to the marketplaces too', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ingrid@nordlyselektro.no');
  await page.goto(`${COMPETITION_URL}/bli-partner`);
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'onboarding-marketplace-join', {
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Fant ingen markedsplass' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bli partner på Leadtorget' })).toHaveAttribute(
    'href',
    `${APP_URL}/bli-partner`,
  );
});
