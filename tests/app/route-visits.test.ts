import { describe, expect, it } from 'vitest';
import { publicRoutes } from '@/app/public-routes';
import { routesFor } from '@/app/route-table';
import { notVisitedHere, routeVisits } from '../../e2e/support/route-list';

// route-checks.spec.ts runs axe and the width checks over e2e's list of visits, written out by hand:
// here every route the app has must be on it, or be listed with where else it is checked.
describe('the e2e route visits', () => {
  const names = new Set([
    ...routesFor('marketplace').map((route) => route.meta.name),
    ...routesFor('competition').map((route) => route.meta.name),
    ...publicRoutes.map((route) => route.name),
  ]);

  it('cover every route of the route table and every public page', () => {
    const visited = new Set(routeVisits.map((visit) => visit.name));
    expect([...names].filter((name) => !visited.has(name) && !(name in notVisitedHere))).toEqual([]);
  });

  it('list no route twice and none that the app has not', () => {
    const visited = new Set(routeVisits.map((visit) => visit.name));
    expect(Object.keys(notVisitedHere).filter((name) => visited.has(name) || !names.has(name))).toEqual([]);
    expect(routeVisits.map((visit) => visit.name).filter((name) => !names.has(name))).toEqual([]);
  });
});
