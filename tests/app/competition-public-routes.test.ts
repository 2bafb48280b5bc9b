import { findPublicRoute } from '@/app/public-routes';
import { routesFor } from '@/app/route-table';
import { COMPETITION_ID } from '@/features/competitions/utils/competition-paths';
import type * as Host from '@/lib/host';

const host = vi.hoisted(() => ({ name: 'localhost' }));
vi.mock('@/lib/host', async (original) => ({
  ...(await original<typeof Host>()),
  currentHostname: () => host.name,
}));

const ID = 'cb000000-0000-4000-8000-000000000001';
const TEAM = 'cb000000-0000-4000-8000-0000000000d1';
const name = (path: string) => findPublicRoute(path)?.name;

describe('the competitions’ public pages in the registry', () => {
  afterEach(() => {
    host.name = 'localhost';
  });

  it('starts the public entry for the five pages under /fyllopp on any host', () => {
    expect(name(`/fyllopp/${ID}`)).toBe('fyllopp-intro');
    expect(name(`/fyllopp/${ID}/gruppe`)).toBe('fyllopp-groups');
    expect(name(`/fyllopp/${ID}/gruppe/${TEAM}`)).toBe('fyllopp-group');
    expect(name('/fyllopp/countdown')).toBe('fyllopp-countdown');
    expect(name('/fyllopp/iframe')).toBe('fyllopp-iframe');
    expect(name('/fyllopp/f1')).toBe('fyllopp-intro');
    // The signed-in screens of the area stay the app's.
    for (const path of ['/fyllopp/list', '/fyllopp/add', `/fyllopp/${ID}/edit`, `/fyllopp/${ID}/preview`])
      expect(name(path), path).toBeUndefined();
  });

  it('serves the intro and the team pages at the root of the competition host only', () => {
    expect(name(`/${ID}`)).toBeUndefined();
    expect(name(`/${ID}/gruppe`)).toBeUndefined();
    expect(name('/f1')).toBeUndefined();
    host.name = 'fyllopp.localhost';
    expect(name(`/${ID}`)).toBe('fyllopp-intro');
    expect(name(`/${ID}/gruppe`)).toBe('fyllopp-groups');
    expect(name(`/${ID}/gruppe/${TEAM}`)).toBe('fyllopp-group');
    // The host's own screens at the root are not a competition.
    for (const path of ['/', '/list', '/auth', '/finnes-ikke', '/marketplace/own', `/${ID}/edit`])
      expect(name(path), path).toBeUndefined();
  });

  it('lists the group routes in the app’s router at the competition host’s root, keeping an access token', () => {
    const paths = routesFor('competition').filter((route) => route.meta.name.startsWith('fyllopp-group'));
    expect(paths.map((route) => [route.path, route.meta.competitionGroup])).toEqual([
      ['/:id/gruppe', true],
      ['/fyllopp/:id/gruppe', true],
      ['/:id/gruppe/:teamId', true],
      ['/fyllopp/:id/gruppe/:teamId', true],
    ]);
    expect(routesFor('marketplace').some((route) => route.path === '/:id/gruppe')).toBe(false);
  });

  it('takes a competition id as the database writes it', () => {
    expect(COMPETITION_ID.test(ID)).toBe(true);
    expect(COMPETITION_ID.test('list')).toBe(false);
  });
});
