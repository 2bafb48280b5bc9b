import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * A demo account's journey against `npm start`'s stack: signed in through
 * the auth API, the guard chain reads the account's profile, organizations and marketplace through
 * the data API (/rest/v1) and lets it through — or sends it where the guard chain says (docs/decisions.md).
 */

const RETURN_TO_KEY = 'leadtorget.return-to';
const routeName = (page: Page) => page.locator('#root');

test('a demo owner reaches the leads page with the layout and their organization', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'ola@fjordror.no');
  await page.goto('/leads');

  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads');
  await expect(page).toHaveURL('/leads');
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();
  const switcher = page.getByRole('banner').getByRole('button', { name: /Bytt organisasjon/ });
  await expect(switcher).toContainText('Fjord Rør AS');
});

test('the front page is the lead marketplace for a member with a plan', async ({ page, signInAs }) => {
  // Fjord Rør AS is a member of Leadtorget (host `localhost`) on the tickets plan.
  await signInAs(page, 'ola@fjordror.no');
  await page.goto('/');

  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads-marketplace');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();
});

test('an account without an organization is sent to create one, and /leads is remembered', async ({
  page,
  signInAs,
}) => {
  await signInAs(page, 'nora@example.no');
  await page.goto('/leads');

  await expect(routeName(page)).toHaveAttribute('data-route-name', 'onboarding-organization-create');
  await expect(page).toHaveURL('/onboarding/organization/create');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe('/leads');
});

test('«Logg ut» signs out and shows the sign-in page', async ({ page, signInAs }) => {
  // A session of its own: signing out ends it on the server.
  await signInAs(page, 'kari@fjordror.no', { ownSession: true });
  await page.goto('/leads');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads');

  await page.getByRole('button', { name: 'Konto' }).click();
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();

  await expect(page).toHaveURL('/auth');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'auth');
  expect(await page.evaluate((key) => localStorage.getItem(key), 'sb-127-auth-token')).toBeNull();
});

test('every screen has its own title, which follows the route as the user moves on', async ({
  page,
  signInAs,
}) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Logg inn · Leadtorget');

  await signInAs(page, 'ola@fjordror.no');
  const visited = new Set<string>();
  for (const [path, title] of [
    ['/', 'Kjøp leads · Leadtorget'],
    ['/leads', 'Leads · Leadtorget'],
    ['/leads/importer', 'Importer leads · Leadtorget'],
    ['/payments', 'Betaling · Leadtorget'],
    ['/profile', 'Min profil · Leadtorget'],
    ['/organization', 'Organisasjon · Leadtorget'],
    ['/finnes-ikke', 'Fant ikke siden · Leadtorget'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    visited.add(await page.title());
  }
  expect(visited.size).toBe(7);

  // Moving inside the app (no page load) changes the title too.
  await page.goto('/leads');
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Betaling' }).click();
  await expect(page).toHaveTitle('Betaling · Leadtorget');
});

test('screens for a state the user is not in move the user on: /verify and /profile/register', async ({
  page,
  signInAs,
}) => {
  // per@fjordror.no is confirmed and has a profile.
  await signInAs(page, 'per@fjordror.no');
  await page.goto('/verify');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads-marketplace');
  await expect(page).toHaveURL('/');

  await page.goto('/profile/register');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads-marketplace');
  await expect(page).toHaveURL('/');

  // With a remembered target, that is where they go (and it is used once).
  await page.evaluate((key) => sessionStorage.setItem(key, '/leads?status=new'), RETURN_TO_KEY);
  await page.goto('/verify');
  await expect(page).toHaveURL('/leads?status=new');
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'leads');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBeNull();
});
