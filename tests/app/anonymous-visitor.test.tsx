import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GuardEffects } from '@/app/guards/run-guards';
import type { HostKind } from '@/lib/host';
import { initI18n } from '@/lib/i18n';
import { setupMswServer } from '../msw/server';
import { renderRoutes } from '../support/render-routes';
import { everyHost } from '../support/route-samples';
import { SUPABASE } from '../support/session';

/*
 * Every route of the product through the real router and guard chain, as an anonymous visitor: a
 * protected route sends them to /auth and remembers where they were going (query included), a
 * public one shows its screen where it is. (The browser walks a sample of these in e2e/routes.spec.ts
 * against the built app.)
 */

// Public screens may load data; what they show without it is not what this file checks.
setupMswServer(http.all(`${SUPABASE}/*`, () => HttpResponse.json({ message: 'not here' }, { status: 503 })));

beforeAll(async () => {
  await initI18n(undefined, 'nb');
});

const RETURN_TO_KEY = 'leadtorget.return-to';

const anonymous: GuardEffects = {
  loadSession: () => Promise.resolve(null),
  loadProfile: () => Promise.reject(new Error('no profile for an anonymous visitor')),
  loadOrganizations: () => Promise.reject(new Error('no organizations for an anonymous visitor')),
  loadMarketplace: () => Promise.reject(new Error('no marketplace for an anonymous visitor')),
  perform: () => Promise.resolve(),
};

function visit(hostKind: HostKind, url: string) {
  const { router, root } = renderRoutes(url, anonymous, hostKind);
  const where = () => router.state.location.pathname + router.state.location.search;
  return { root, where };
}

/** The samples every host serves, plus what the competition host serves at its root. */
const samples: [HostKind, string, string, boolean][] = [
  ['marketplace', '/', 'leads-marketplace', true],
  ['competition', '/', 'fyllopp', true],
  ['competition', '/list', 'fyllopp', true],
  ['competition', '/abc/gruppe', 'fyllopp-groups', false],
  ['competition', '/abc/gruppe/t1', 'fyllopp-group', false],
  ['competition', '/abc/preview', 'fyllopp-preview', true],
  ['competition', '/abc/edit', 'fyllopp-edit', true],
  ['competition', '/marketplace/own', 'leads-marketplace', true],
  ...(['marketplace', 'competition'] as const).flatMap((hostKind) =>
    everyHost.map(([url, name, flags]): [HostKind, string, string, boolean] => [
      hostKind,
      url,
      name,
      Boolean(flags.requiresAuth),
    ]),
  ),
];

describe('an anonymous visitor', () => {
  it.each(samples)(
    'on a %s host: %s (%s), sent to sign in: %s',
    async (hostKind, url, name, protectedRoute) => {
      const { root, where } = visit(hostKind, url);
      if (protectedRoute) {
        await waitFor(() => expect(root.dataset.routeName).toBe('auth'));
        expect(where()).toBe('/auth');
        expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe(url);
      } else {
        await waitFor(() => expect(root.dataset.routeName).toBe(name));
        expect(where()).toBe(url);
        expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
      }
    },
  );
});
