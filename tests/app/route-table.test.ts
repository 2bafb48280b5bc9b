import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { GuardEffects } from '@/app/guards/run-guards';
import { publicRoutes } from '@/app/public-routes';
import type { RouteMeta } from '@/app/route-meta';
import { layoutOf } from '@/app/route-meta';
import { routesFor, type RouteDefinition } from '@/app/route-table';
import { createRoutes, namespacesOf } from '@/app/router';
import { screens } from '@/app/screens';
import type { HostKind } from '@/lib/host';
import { everyHost, MARKET, ORG } from '../support/route-samples';

const unusedEffects = {} as GuardEffects;

function resolve(hostKind: HostKind, url: string) {
  const matches = matchRoutes(createRoutes(hostKind, unusedEffects), url) ?? [];
  const leaf = matches.at(-1);
  return { meta: (leaf?.route.handle as { meta?: RouteMeta } | undefined)?.meta, params: leaf?.params ?? {} };
}

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
    ['competition', '/f1/preview', 'fyllopp-preview', ORG],
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

  it('loads every signed-in screen through the screens module, and the sign-in page directly', () => {
    const publicPaths = new Set(
      publicRoutes.flatMap((route) => [
        route.path,
        ...(route.competitionHostPath ? [route.competitionHostPath] : []),
      ]),
    );
    const definitions = [...routesFor('marketplace'), ...routesFor('competition')];
    const viaScreens = (definition: RouteDefinition) => 'screenName' in definition.load;
    for (const definition of definitions.filter((route) => !publicPaths.has(route.path)))
      expect(viaScreens(definition), definition.path).toBe(definition.path !== '/auth');
    // No screen named twice or left unused.
    const used = new Set(
      definitions.flatMap((route) => ('screenName' in route.load ? [route.load.screenName] : [])),
    );
    expect([...used].sort()).toEqual(Object.keys(screens).sort());
  });

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

describe('the member texts (namespacesOf)', () => {
  it.each<HostKind>(['marketplace', 'competition'])(
    'load with every route that requires sign-in on a %s host, and with no other',
    (hostKind) => {
      for (const definition of routesFor(hostKind)) {
        const loadsMember = namespacesOf(definition).includes('member');
        expect(loadsMember, definition.path).toBe(Boolean(definition.meta.requiresAuth));
      }
    },
  );

  it('keep the sign-in page to its own namespace', () => {
    const signIn = routesFor('marketplace').find((route) => route.path === '/auth');
    expect(signIn && namespacesOf(signIn)).toEqual(['auth']);
  });
});
