import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { GuardEffects } from '@/app/guards/run-guards';
import type { RouteMeta } from '@/app/route-meta';
import { layoutOf } from '@/app/route-meta';
import { routesFor } from '@/app/route-table';
import { createRoutes } from '@/app/router';
import type { HostKind } from '@/lib/host';

const unusedEffects = {} as GuardEffects;

function resolve(hostKind: HostKind, url: string) {
  const matches = matchRoutes(createRoutes(hostKind, unusedEffects), url) ?? [];
  const leaf = matches.at(-1);
  return { meta: (leaf?.route.handle as { meta?: RouteMeta } | undefined)?.meta, params: leaf?.params ?? {} };
}

const A = { requiresAuth: true };
const ORG = { requiresAuth: true, requiresOrganization: true };
const MARKET = { requiresMarketplace: true, requiresMarketplacePayment: true };
const PUBLIC = {};

// Every path of the product with a sample URL, its name and the guard flags it has.
const everyHost: [url: string, name: string, flags: Partial<RouteMeta>][] = [
  ['/bli-partner', 'onboarding-marketplace-join', { ...PUBLIC, layout: 'bare' }],
  ['/onboarding/organization/create', 'onboarding-organization-create', A],
  ['/onboarding/marketplace/plans', 'onboarding-marketplace-plans', ORG],
  ['/onboarding/registrer', 'onboarding-marketplace-register', ORG],
  ['/auth', 'auth', { ...PUBLIC, authPage: true }],
  ['/auth/tmp-123', 'auth-temporary', { ...PUBLIC, authPage: true }],
  ['/auth/management?mode=resetPassword&oobCode=x', 'auth-management', { ...PUBLIC, authPage: true }],
  ['/profile/register', 'profile-register', A],
  ['/profile', 'profile-settings', { requiresAuth: true, requiresProfile: true }],
  ['/organization', 'organization-settings', { ...ORG, requiresProfile: true }],
  ['/login', 'login', { ...PUBLIC, authPage: true }],
  ['/verify', 'verify', A],
  ['/vilkar', 'terms', PUBLIC],
  ['/calendar/list', 'calendars', ORG],
  // A draft's preview shows unpublished doors: members only.
  ['/calendar/c1/preview', 'calendar-preview', ORG],
  ['/calendar/c1', 'calendar', PUBLIC],
  ['/calendar/c1/d7', 'calendar-day', PUBLIC],
  ['/calendar/iframe', 'calendar-iframe', { ...PUBLIC, layout: 'bare' }],
  ['/calendar/countdown', 'calendar-countdown', PUBLIC],
  ['/calendar/participation', 'calendar-participation', PUBLIC],
  ['/calendar/c1/edit', 'calendar-edit', ORG],
  ['/calendar/add', 'calendar-add', ORG],
  ['/fyllopp/f1/gruppe', 'fyllopp-groups', { ...PUBLIC, competitionGroup: true }],
  ['/fyllopp/f1/gruppe/t1', 'fyllopp-group', { ...PUBLIC, competitionGroup: true }],
  ['/fyllopp/f1/preview', 'fyllopp-preview', PUBLIC],
  ['/fyllopp/f1', 'fyllopp-intro', PUBLIC],
  ['/fyllopp/iframe', 'fyllopp-iframe', { ...PUBLIC, layout: 'bare' }],
  ['/fyllopp/countdown', 'fyllopp-countdown', PUBLIC],
  ['/fyllopp/participation', 'fyllopp-participation', PUBLIC],
  ['/fyllopp/add', 'fyllopp-add', ORG],
  ['/fyllopp/f1/edit', 'fyllopp-edit', ORG],
  ['/fyllopp/list', 'fyllopp', ORG],
  ['/lifetimevalue', 'lifetime-value', ORG],
  ['/booking-solutions', 'booking-solutions', ORG],
  ['/booking-solutions/b1', 'booking-solution', ORG],
  ['/meeting', 'meeting-planner', ORG],
  ['/meeting/r1', 'meeting-room', PUBLIC],
  ['/meeting/summary/r1', 'meeting-summary', A],
  ['/payments', 'payments', ORG],
  ['/payments/setup', 'payments-setup', ORG],
  ['/popups', 'popups', ORG],
  ['/popups/edit/p1', 'popup-edit', ORG],
  ['/checkouts', 'checkouts', ORG],
  ['/checkouts/k1', 'checkout-analytics', ORG],
  ['/funnels', 'funnels', ORG],
  ['/funnels/edit/fu1', 'funnel-edit', ORG],
  ['/forms', 'forms', ORG],
  ['/forms/fo1/edit', 'form-edit', ORG],
  ['/leads', 'leads', ORG],
  ['/leads/marketplace/onboarding', 'leads-marketplace-onboarding', ORG],
  ['/leads/marketplace/m1', 'leads-marketplace-other', { ...ORG, ...MARKET }],
  ['/leads/marketplace/m1/admin', 'leads-marketplace-admin', { ...A, requiresProfile: true }],
  ['/leads/settings', 'leads-marketplace-settings', ORG],
  ['/leads/importer', 'leads-importer', ORG],
  ['/leads/lead/l1', 'lead-info', ORG],
  ['/finnes/ikke', 'not-found', PUBLIC],
];

describe.each<HostKind>(['marketplace', 'competition'])('on a %s host', (hostKind) => {
  it.each(everyHost)('%s is %s', (url, name, flags) => {
    const { meta } = resolve(hostKind, url.split('?')[0] ?? url);
    expect(meta?.name).toBe(name);
    expect(meta).toMatchObject(flags);
    // A public route must really be public, and a protected one protected.
    expect(Boolean(meta?.requiresAuth)).toBe(Boolean(flags.requiresAuth));
    expect(Boolean(meta?.requiresOrganization)).toBe(Boolean(flags.requiresOrganization));
  });
});

describe('host dependence', () => {
  it.each<[HostKind, string, string, Partial<RouteMeta>]>([
    ['marketplace', '/', 'leads-marketplace', { requiresAuth: true, requiresProfile: true, ...MARKET }],
    ['marketplace', '/list', 'not-found', {}],
    ['marketplace', '/marketplace/own', 'not-found', {}],
    ['marketplace', '/f1/gruppe', 'not-found', {}],
    ['competition', '/', 'fyllopp', ORG],
    ['competition', '/list', 'fyllopp', ORG],
    ['competition', '/f1/gruppe', 'fyllopp-groups', { competitionGroup: true }],
    ['competition', '/f1/gruppe/t1', 'fyllopp-group', { competitionGroup: true }],
    ['competition', '/f1/preview', 'fyllopp-preview', PUBLIC],
    ['competition', '/f1/edit', 'fyllopp-edit', ORG],
    [
      'competition',
      '/marketplace/own',
      'leads-marketplace',
      { requiresAuth: true, requiresProfile: true, ...MARKET },
    ],
  ])('%s host: %s is %s', (hostKind, url, name, flags) => {
    const { meta } = resolve(hostKind, url);
    expect(meta?.name).toBe(name);
    expect(meta).toMatchObject(flags);
  });

  it('passes the marketplace id of leads-marketplace-other to the guard', () => {
    expect(resolve('marketplace', '/leads/marketplace/m42').params).toMatchObject({
      leadsMarketplaceId: 'm42',
    });
  });
});

describe('the route table', () => {
  it.each<HostKind>(['marketplace', 'competition'])('has one route per path on a %s host', (hostKind) => {
    const paths = routesFor(hostKind).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('loads every screen lazily and every module exists', async () => {
    const definitions = [...routesFor('marketplace'), ...routesFor('competition')];
    for (const definition of definitions) {
      const module = await definition.load();
      expect(typeof module.default, definition.path).toBe('function');
    }
    // Imports, so transforms, every screen of the app: seconds on a cold cache and a busy machine.
  }, 30_000);

  it('shows no layout navigation on the join page and the iframes', () => {
    const bare = routesFor('marketplace')
      .filter((route) => layoutOf(route.meta) === 'bare')
      .map((route) => route.path)
      .sort();
    expect(bare).toEqual(['/bli-partner', '/calendar/iframe', '/fyllopp/iframe']);
  });

  it('puts organization screens in the dashboard layout, except the onboarding steps', () => {
    for (const route of routesFor('marketplace')) {
      if (!route.meta.requiresOrganization) continue;
      const expected = route.path.startsWith('/onboarding/') ? 'public' : 'app';
      expect(layoutOf(route.meta), route.path).toBe(expected);
    }
  });
});
