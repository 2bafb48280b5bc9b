import type { RouteMeta } from './route-meta';

/**
 * Embeddable pages (iframes on customers' websites) need only anonymous reads, so they start
 * without the router, the auth client and the signed-in app (scripts/budget.mjs holds it to 110 KiB gzip).
 * The same definitions are part of the main route table, so in-app links reach them too. The calendars'
 * public pages, the iframe among them, have their own leaner start (src/app/public-calendar-routes.ts).
 */
export interface EmbedRouteDefinition {
  path: string;
  meta: RouteMeta & { layout: 'bare' };
  load: () => Promise<{ default: React.ComponentType }>;
}

export const embedRoutes: EmbedRouteDefinition[] = [
  {
    path: '/fyllopp/iframe',
    meta: { name: 'fyllopp-iframe', layout: 'bare' },
    load: () => import('@/features/competitions/routes/iframe'),
  },
];

export function findEmbedRoute(pathname: string): EmbedRouteDefinition | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return embedRoutes.find((route) => route.path === normalized);
}
