import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { HostKind } from '@/lib/host';
import { loadNamespaces, MEMBER_NAMESPACES } from '@/lib/i18n';
import { createGuardEffects } from './guards/guard-effects';
import { guardLoader } from './guards/guard-loader';
import type { GuardEffects } from './guards/run-guards';
import { PageLoading } from './page-loading';
import { Root } from './root';
import { RouteError } from './route-error';
import { layoutOf, type LayoutKind, type RouteMeta } from './route-meta';
import { routesFor, type RouteDefinition } from './route-table';

export type RouteHandle = { meta: RouteMeta };

/** The namespaces a route's module needs before it renders. */
export function namespacesOf(definition: RouteDefinition): string[] {
  return [...(definition.namespaces ?? []), ...(definition.meta.requiresAuth ? MEMBER_NAMESPACES : [])];
}

function toRouteObject(definition: RouteDefinition, hostKind: HostKind, effects: GuardEffects): RouteObject {
  return {
    path: definition.path,
    handle: { meta: definition.meta } satisfies RouteHandle,
    loader: guardLoader(definition.meta, hostKind, effects),
    lazy: async () => {
      const [module] = await Promise.all([definition.load(), loadNamespaces(...namespacesOf(definition))]);
      return { Component: module.default };
    },
  };
}

const layouts: Record<LayoutKind, Pick<RouteObject, 'lazy'>> = {
  app: { lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }) },
  public: { lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }) },
  bare: { lazy: async () => ({ Component: (await import('./layouts/bare-layout')).BareLayout }) },
};

/** The route objects for a host: one root, three layouts, every screen lazy and guarded. */
export function createRoutes(hostKind: HostKind, effects: GuardEffects): RouteObject[] {
  const definitions = routesFor(hostKind);
  const children = (Object.keys(layouts) as LayoutKind[]).map((layout): RouteObject => ({
    id: `layout-${layout}`,
    ...layouts[layout],
    ErrorBoundary: RouteError,
    children: definitions
      .filter((definition) => layoutOf(definition.meta) === layout)
      .map((definition) => toRouteObject(definition, hostKind, effects)),
  }));
  return [{ id: 'root', Component: Root, HydrateFallback: PageLoading, ErrorBoundary: RouteError, children }];
}

export function createAppRouter(hostKind: HostKind, queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(hostKind, createGuardEffects(queryClient)));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
