import { describe, expect, it } from 'vitest';
import { layoutOf } from '@/app/route-meta';
import { routesFor } from '@/app/route-table';
import { loadSignInScreen, SIGN_IN_NAMESPACE, SIGN_IN_PATH } from '@/app/sign-in-head-start';

// The entry starts the sign-in screen's downloads before the route table has loaded: what it
// starts must be what the router then asks for, or the head start is wasted.
describe('the sign-in head start', () => {
  it.each(['marketplace', 'competition'] as const)(
    'downloads what the %s host routes /auth to',
    (hostKind) => {
      const definition = routesFor(hostKind).find((route) => route.path === SIGN_IN_PATH);
      expect(definition?.load).toBe(loadSignInScreen);
      expect(definition?.namespaces).toEqual([SIGN_IN_NAMESPACE]);
      // The entry downloads the public layout with it.
      expect(definition && layoutOf(definition.meta)).toBe('public');
    },
  );
});
