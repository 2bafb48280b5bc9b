import type { BrowserContext, Page } from '@playwright/test';
import { expect, recordForeignRequests, test as base } from './fixtures';
import { APP_URL as MARKETPLACE_HOST, COMPETITION_URL as COMPETITION_HOST } from './support/hosts';

/*
 * Routes of the product as an anonymous visitor sees them in the built app. The table is written out
 * by hand on purpose (not imported from src/app/route-table.ts): it is the product's side of the
 * contract, so a renamed route or a lost guard flag in the app shows up here instead of being copied
 * along.
 *
 * The backend (`npm start`'s platform) runs, but these tests do not need it: an anonymous visitor's
 * session is read from localStorage only, and the guard chain decides before any data is fetched.
 */

/**
 * One browser context per worker for these anonymous visits, a new page (its own session storage)
 * for each: the app's scripts come from the context's cache and compiled-code cache instead of
 * being fetched and compiled afresh for every visit (a quarter of each visit's time).
 */
const test = base.extend<{ page: Page }, { anonymousContext: BrowserContext }>({
  anonymousContext: [
    async ({ browser }, provide) => {
      const context = await browser.newContext({
        baseURL: MARKETPLACE_HOST,
        locale: 'nb-NO',
        timezoneId: 'Europe/Oslo',
      });
      await provide(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ anonymousContext }, provide) => {
    const page = await anonymousContext.newPage();
    const foreign = recordForeignRequests(page);
    await provide(page);
    // The next visit starts as a stranger again.
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.close();
    expect(foreign, 'requests to hosts other than 127.0.0.1 / localhost').toEqual([]);
  },
});

interface RouteCase {
  /** A concrete URL for the route's pattern. */
  url: string;
  /** The route's name (docs/decisions.md «Routes and names»), exposed as #root[data-route-name]. */
  name: string;
  /** An anonymous visitor is sent to /auth (the route needs auth). */
  auth: boolean;
}

const RETURN_TO_KEY = 'leadtorget.return-to';
const NOT_SIGNED_IN = 'Du må være logget inn for å fortsette.';

/**
 * A sample of each kind of route on each host: every route's name and guard flags are checked in
 * tests/app/route-table.test.ts, and every route through the real router as an anonymous visitor in
 * tests/app/anonymous-visitor.test.tsx. Here the built app in a real browser must agree: the host's
 * name decides the routes, a protected route remembers its target query and all, a public one renders.
 */
const marketplaceHostRoutes: RouteCase[] = [
  { url: '/leads/marketplace/m1?lead=l1&ad=a1', name: 'leads-marketplace-other', auth: true },
  { url: '/calendar/c1/edit', name: 'calendar-edit', auth: true },
  { url: '/meeting/summary/r1', name: 'meeting-summary', auth: true },
  { url: '/auth/management', name: 'auth-management', auth: false },
  { url: '/vilkar', name: 'terms', auth: false },
  { url: '/fyllopp/f1/gruppe/t1', name: 'fyllopp-group', auth: false },
];

/** The competition host: the fyllopp area at the root, the lead marketplace at /marketplace/own. */
const competitionHostRoutes: RouteCase[] = [
  { url: '/', name: 'fyllopp', auth: true },
  { url: '/abc/gruppe/t1', name: 'fyllopp-group', auth: false },
  { url: '/abc/edit', name: 'fyllopp-edit', auth: true },
  { url: '/marketplace/own', name: 'leads-marketplace', auth: true },
  // The common routes stay where they are on this host too.
  { url: '/calendar/c1', name: 'calendar', auth: false },
  { url: '/leads', name: 'leads', auth: true },
];

const routeName = (page: Page) => page.locator('#root');

async function expectRoute(page: Page, host: string, route: RouteCase) {
  await page.goto(host + route.url);
  if (route.auth) {
    await expect(page).toHaveURL(`${host}/auth`);
    await expect(routeName(page)).toHaveAttribute('data-route-name', 'auth');
    // The target is remembered for after sign-in, query included (a listing link's lead and ad survive).
    expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe(route.url);
  } else {
    await expect(routeName(page)).toHaveAttribute('data-route-name', route.name);
    await expect(page).toHaveURL(host + route.url);
  }
}

const describeRoute = (route: RouteCase) =>
  route.auth
    ? `${route.url} (${route.name}) sends an anonymous visitor to /auth`
    : `${route.url} shows ${route.name}`;

async function expectNotFound(page: Page, host: string, url: string) {
  await page.goto(host + url);
  await expect(routeName(page)).toHaveAttribute('data-route-name', 'not-found');
  await expect(page.getByRole('heading', { name: 'Siden finnes ikke' })).toBeVisible();
  await expect(page).toHaveURL(host + url);
}

/**
 * Notifications are Radix toasts: each shows as an item of the «Varsler (F8)» region landmark (and is
 * read out by a live role=status announcer that Radix removes after a second, too brief to assert on).
 */
const notification = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Varsler/ })
    .getByRole('listitem')
    .filter({ hasText: text });

test.describe(`marketplace host (${MARKETPLACE_HOST})`, () => {
  test.use({ baseURL: MARKETPLACE_HOST });

  for (const route of marketplaceHostRoutes) {
    test(describeRoute(route), async ({ page }) => {
      await expectRoute(page, MARKETPLACE_HOST, route);
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await expectNotFound(page, MARKETPLACE_HOST, '/finnes-ikke/abc');
  });

  test('competition-host-only paths are unknown here', async ({ page }) => {
    await expectNotFound(page, MARKETPLACE_HOST, '/abc/gruppe');
    await expectNotFound(page, MARKETPLACE_HOST, '/marketplace/own');
  });

  for (const url of ['/bli-partner', '/calendar/iframe', '/fyllopp/iframe']) {
    test(`${url} has no layout navigation`, async ({ page }) => {
      await page.goto(url);
      await expect(routeName(page)).toHaveAttribute('data-route-name', /.+/);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
    });
  }

  // (The calendars' and competitions' public pages have their own lean entry and no app layout:
  // calendar-public.spec.ts, competition-public.spec.ts.)
  test('a public page has the layout header', async ({ page }) => {
    await page.goto('/vilkar');
    await expect(routeName(page)).toHaveAttribute('data-route-name', 'terms');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('a deep protected route is remembered for after sign-in', async ({ page }) => {
    await page.goto('/leads/settings');
    await expect(page).toHaveURL(`${MARKETPLACE_HOST}/auth`);
    await expect(routeName(page)).toHaveAttribute('data-route-name', 'auth');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe('/leads/settings');
  });

  test('a deep protected route tells the anonymous visitor to sign in', async ({ page }) => {
    await page.goto('/leads');
    await expect(page).toHaveURL(`${MARKETPLACE_HOST}/auth`);
    await expect(notification(page, NOT_SIGNED_IN)).toBeVisible();
  });

  test('the front page sends an anonymous visitor to /auth without a notification', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(`${MARKETPLACE_HOST}/auth`);
    await expect(routeName(page)).toHaveAttribute('data-route-name', 'auth');
    // The notification host loads lazily: give a would-be notification time to arrive.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(NOT_SIGNED_IN)).toHaveCount(0);
  });
});

test.describe(`competition host (${COMPETITION_HOST})`, () => {
  test.use({ baseURL: COMPETITION_HOST });

  for (const route of competitionHostRoutes) {
    test(describeRoute(route), async ({ page }) => {
      await expectRoute(page, COMPETITION_HOST, route);
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await expectNotFound(page, COMPETITION_HOST, '/finnes-ikke/abc');
  });
});
