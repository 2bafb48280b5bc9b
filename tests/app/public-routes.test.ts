import {
  findPublicRoute,
  opensPublicDoor,
  PUBLIC_DOOR_PATH,
  type PublicRoute,
  publicRoutes,
} from '@/app/public-routes';
import { routesFor } from '@/app/route-table';
import { paths } from '@/lib/paths';
import { publicPagesOf } from '../../scripts/public-budget.mjs';

function storage(keys: string[]): Storage {
  const map = new Map(keys.map((key) => [key, '{}']));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('opensPublicDoor', () => {
  it('is the join page of the paths module', () => {
    expect(PUBLIC_DOOR_PATH).toBe(paths.joinMarketplace);
  });

  it('opens the door for a visitor on /bli-partner, with or without a trailing slash', () => {
    expect(opensPublicDoor('/bli-partner', storage([]))).toBe(true);
    expect(opensPublicDoor('/bli-partner/', storage(['leadtorget.language']))).toBe(true);
  });

  it('leaves a signed-in user (a stored session) to the app', () => {
    expect(opensPublicDoor('/bli-partner', storage(['sb-127-auth-token']))).toBe(false);
  });

  it('does not count a pending sign-in (PKCE verifier) as a session', () => {
    expect(opensPublicDoor('/bli-partner', storage(['sb-127-auth-token-code-verifier']))).toBe(true);
  });

  it('is only for /bli-partner', () => {
    expect(opensPublicDoor('/', storage([]))).toBe(false);
    expect(opensPublicDoor('/auth', storage([]))).toBe(false);
    expect(opensPublicDoor('/bli-partner/x', storage([]))).toBe(false);
  });

  it('treats storage it cannot read as no session', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(opensPublicDoor('/bli-partner', blocked)).toBe(true);
  });
});

describe('findPublicRoute', () => {
  it('finds an iframe page where the browser refuses the frame its storage', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(findPublicRoute('/calendar/iframe')?.name).toBe('calendar-iframe');
      expect(findPublicRoute('/bli-partner')?.name).toBe('onboarding-marketplace-join');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('starts the public entry for the calendars’ six public pages and leaves the editor’s to the app', () => {
    const name = (path: string) => findPublicRoute(path)?.name;
    expect(name('/calendar/ca000000-0000-4000-8000-000000000001')).toBe('calendar');
    expect(name('/calendar/ca000000-0000-4000-8000-000000000001/')).toBe('calendar');
    expect(name('/calendar/ca000000-0000-4000-8000-000000000001/5')).toBe('calendar-day');
    expect(name('/calendar/iframe')).toBe('calendar-iframe');
    expect(name('/calendar/countdown')).toBe('calendar-countdown');
    expect(name('/calendar/draws')).toBe('calendar-draws');
    expect(name('/calendar/participation')).toBe('calendar-participation');
    expect(name('/fyllopp/iframe')).toBe('fyllopp-iframe');
    expect(name('/skjema/participation')).toBe('form-participation');
    expect(name('/skjema/cf000000-0000-4000-8000-000000000001')).toBe('form-public');
    expect(name('/skjema/iframe')).toBe('form-public');
    expect(name('/kasse/c7000000-0000-4000-8000-000000000001')).toBe('checkout-public');
    expect(name('/kasse/iframe')).toBe('checkout-public');
    expect(name('/kasse/kvittering')).toBe('checkout-receipt');
    expect(name('/booking/participation')).toBe('booking-participation');
    expect(name('/booking/bb000000-0000-4000-8000-000000000001')).toBe('booking-public');
    for (const app of [
      '/calendar/list',
      '/calendar/add',
      '/calendar/c1/edit',
      '/calendar/c1/preview',
      '/calendar',
      '/leads',
    ])
      expect(name(app), app).toBeUndefined();
  });
});

describe('the public registry', () => {
  // What a new area writes: one entry, nothing else.
  const quiz: PublicRoute = {
    name: 'quiz-iframe',
    path: '/quiz/iframe',
    load: () => import('@/features/competitions/routes/iframe'),
    texts: () => import('@/locales/nb/public.json').then((texts) => texts.default),
    layout: 'bare',
    budget: 80,
  };
  const registry = [...publicRoutes, quiz];

  it('gives a route added in one entry to the entry, the app’s route table and the budget', () => {
    expect(findPublicRoute('/quiz/iframe', registry)).toBe(quiz);
    expect(findPublicRoute('/quiz/iframe')).toBeUndefined();

    const route = routesFor('marketplace', registry).find((definition) => definition.path === '/quiz/iframe');
    expect(route?.meta).toEqual({ name: 'quiz-iframe', layout: 'bare' });
    expect(route?.load).toBe(quiz.load);
    expect(routesFor('competition', registry).map((definition) => definition.path)).toContain('/quiz/iframe');

    const rows = publicPagesOf(registry);
    expect(rows.find((row) => row.name === 'quiz-iframe')).toEqual({
      label: '/quiz/iframe',
      path: '/quiz/iframe',
      name: 'quiz-iframe',
      start: 'src/app/start-public.tsx',
      modules: ['src/features/competitions/routes/iframe.tsx', 'src/locales/nb/public.json'],
      budget: 80 * 1024,
    });
  });

  it('budgets every public page at 90 KiB or less, with its page', () => {
    const rows = publicPagesOf(publicRoutes);
    expect(rows.map((row) => row.name)).toEqual(publicRoutes.map((route) => route.name));
    for (const row of rows) {
      expect(row.budget, row.name).toBeLessThanOrEqual(90 * 1024);
      expect(row.modules[0], row.name).toMatch(/^src\/features\/.+\/routes\/.+\.tsx$/);
    }
  });

  it('leaves the signed-in join page at /bli-partner to the app: the door is for visitors only', () => {
    const join = routesFor('marketplace').filter((definition) => definition.path === PUBLIC_DOOR_PATH);
    expect(join.map((definition) => definition.meta.name)).toEqual(['onboarding-marketplace-join']);
    expect(join[0]?.meta.requiresAuth).toBeFalsy();
  });
});

describe('the budget’s sample paths', () => {
  it('fill each parameter with a value its pattern accepts, so the browser opens the page itself', () => {
    for (const row of publicPagesOf(publicRoutes)) {
      const route = publicRoutes.find((candidate) => candidate.name === row.name);
      expect(row.path, row.name).not.toContain(':');
      if (route?.match === undefined) expect(findPublicRoute(row.path)?.name, row.path).toBe(row.name);
    }
  });
});
