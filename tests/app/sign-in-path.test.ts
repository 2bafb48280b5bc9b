import { describe, expect, it } from 'vitest';
import { layoutOf } from '@/app/route-meta';
import { routesFor } from '@/app/route-table';
import { SIGN_IN_MODULES, SIGN_IN_PATH } from '../../vite/sign-in-path';

// The build asks for the sign-in page's files from index.html before the router has loaded: they
// must be the files the router then loads, or the visitor downloads two screens.
describe('the sign-in path the build prepares', () => {
  it.each(['marketplace', 'competition'] as const)('is what the %s host routes /auth to', (hostKind) => {
    const definition = routesFor(hostKind).find((route) => route.path === SIGN_IN_PATH);
    if (!definition) throw new Error(`no ${SIGN_IN_PATH} route`);
    // The module the route imports, as the test transform writes it: import("/src/…").
    const module = /import__\(["']\/(src\/[^"']+)["']\)/.exec(definition.load.toString())?.[1];
    expect(module).toBe(SIGN_IN_MODULES.screen);
    expect(`src/app/layouts/${layoutOf(definition.meta)}-layout.tsx`).toBe(SIGN_IN_MODULES.layout);
    expect(definition.namespaces).toEqual(['auth']);
  });
});
