import { expect, type Page } from '@playwright/test';
import type { SignInAs } from '../fixtures';
import { APP_URL as MARKETPLACE_HOST, COMPETITION_URL as COMPETITION_HOST } from './hosts';

/*
 * Every real route of the app as someone who may see it: the dashboard as a demo user of
 * supabase/seed.sql, the public pages anonymously, on both hosts where the host changes the screen.
 * The areas still to be built share one «under construction» screen, visited once per layout.
 * Written out by hand, like routes.spec.ts, so a new route has to be added here on purpose.
 * route-checks.spec.ts visits each once.
 */

/** Demo accounts (README "Demo accounts"). */
const OLA = 'ola@fjordror.no'; // owner of Fjord Rør: tickets, card, bought leads
const INGRID = 'ingrid@nordlyselektro.no'; // on demand without a card: the paywall
const MARTE = 'marte@leadtorget.no'; // marketplace owner, in no organization
const NORA = 'nora@example.no'; // no organization yet

const LEADTORGET = 'c0000000-0000-4000-8000-000000000001';
const PARTNERPORTALEN = 'c0000000-0000-4000-8000-000000000002';
/** Lead 1 belongs to Fjord Rør (seed.sql: n % 3 = 1). */
const OWN_LEAD = 'd0000000-0000-4000-8000-000000000001';
/** Fjord Rør's live demo calendar (supabase/seed.sql). */
const LIVE_CALENDAR = 'ca000000-0000-4000-8000-000000000001';

export interface RouteVisit {
  url: string;
  /** The route name the app exposes as #root[data-route-name] once the visit has settled. */
  name: string;
  /** A demo account to sign in as; anonymous when left out. */
  as?: string;
  host?: string;
}

const dashboard = (url: string, name: string, as = OLA): RouteVisit => ({ url, name, as });
const anonymous = (url: string, name: string): RouteVisit => ({ url, name });

export const routeVisits: RouteVisit[] = [
  // Lead marketplace
  dashboard('/', 'leads-marketplace'),
  dashboard('/leads', 'leads'),
  dashboard('/leads/settings', 'leads-marketplace-settings'),
  dashboard('/leads/importer', 'leads-importer'),
  dashboard(`/leads/lead/${OWN_LEAD}`, 'lead-info'),
  dashboard(`/leads/marketplace/${PARTNERPORTALEN}`, 'leads-marketplace-other'),
  dashboard('/leads/marketplace/onboarding', 'leads-marketplace-onboarding'),
  dashboard(`/leads/marketplace/${LEADTORGET}/admin`, 'leads-marketplace-admin', MARTE),
  // Payments: the overview, and the setup page the paywall sends a cardless organization to
  dashboard('/payments', 'payments'),
  dashboard('/payments/setup', 'payments-setup', INGRID),
  // Account, organization, onboarding
  dashboard('/profile', 'profile-settings'),
  dashboard('/organization', 'organization-settings'),
  dashboard('/onboarding/organization/create', 'onboarding-organization-create', NORA),
  dashboard('/onboarding/marketplace/plans', 'onboarding-marketplace-plans'),
  dashboard('/onboarding/registrer', 'onboarding-marketplace-register'),
  // Calendars
  dashboard('/calendar/list', 'calendars'),
  dashboard('/calendar/add', 'calendar-add'),
  dashboard(`/calendar/${LIVE_CALENDAR}/edit`, 'calendar-edit'),
  dashboard(`/calendar/${LIVE_CALENDAR}/preview`, 'calendar-preview'),
  // The areas still to be built show one and the same «under construction» screen: one visit per
  // layout (dashboard here, public below) checks it. An area's routes join this list as it is built.
  dashboard('/forms', 'forms'),
  // Public pages
  anonymous('/auth', 'auth'),
  anonymous('/auth/abc123', 'auth-temporary'),
  anonymous('/auth/management', 'auth-management'),
  anonymous('/login', 'login'),
  anonymous('/bli-partner', 'onboarding-marketplace-join'),
  anonymous('/calendar/c1', 'calendar'),
  anonymous('/calendar/c1/d1', 'calendar-day'),
  anonymous('/calendar/countdown', 'calendar-countdown'),
  anonymous('/calendar/draws', 'calendar-draws'),
  anonymous('/calendar/participation', 'calendar-participation'),
  anonymous('/calendar/iframe', 'calendar-iframe'),
  anonymous('/fyllopp/f1', 'fyllopp-intro'),
  anonymous('/finnes-ikke', 'not-found'),
  // The competition host: the fyllopp area at the root, the marketplace at /marketplace/own
  { ...dashboard('/', 'fyllopp'), host: COMPETITION_HOST },
  { ...dashboard('/marketplace/own', 'leads-marketplace'), host: COMPETITION_HOST },
  { ...anonymous('/bli-partner', 'onboarding-marketplace-join'), host: COMPETITION_HOST },
];

export const describeVisit = (visit: RouteVisit) =>
  `${visit.host === COMPETITION_HOST ? 'fyllopp.localhost' : 'localhost'}${visit.url} (${visit.as ?? 'anonymous'})`;

/**
 * Signs in as the visit says, opens the route and waits until it has settled: the route rendered
 * and its data arrived (tables and lists decide the width).
 */
export async function openVisit(page: Page, signInAs: SignInAs, visit: RouteVisit) {
  if (visit.as) await signInAs(page, visit.as);
  await page.goto((visit.host ?? MARKETPLACE_HOST) + visit.url);
  await page
    .locator(visit.name ? `#root[data-route-name="${visit.name}"]` : '#root[data-route-name]')
    .waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  // Buttons that are working show aria-busy; a screen still loading its rows shows it too.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 });
}

/**
 * Opens the visit at the first of `widths`, then for each width resizes the window, lets the layout
 * follow (next frame) and runs `check`: one sign-in and one load per route for all widths.
 */
export async function checkAtWidths(
  page: Page,
  signInAs: SignInAs,
  visit: RouteVisit,
  widths: readonly number[],
  check: (width: number) => Promise<void>,
) {
  await page.setViewportSize({ width: widths[0] ?? 1280, height: 800 });
  await openVisit(page, signInAs, visit);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await check(width);
  }
}

/** How far the page reaches past the window's right edge, in CSS px (0 when nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
}

/** The widest elements that stick out past the right edge: what to fix when a width fails. */
export async function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 1 || rect.width === 0) continue;
      const parent = element.parentElement?.getBoundingClientRect();
      // Only where it starts: an element whose parent already sticks out is not news.
      if (parent && parent.right > width + 1) continue;
      const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      found.push(
        `${element.tagName.toLowerCase()}${classes ? '.' + classes : ''} right=${Math.round(rect.right)}`,
      );
    }
    return found.slice(0, 8);
  });
}
