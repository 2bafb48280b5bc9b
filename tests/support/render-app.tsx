import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { DialogHost } from '@/components/dialog-host';
import { initI18n, loadNamespaces, MEMBER_NAMESPACES } from '@/lib/i18n';

/**
 * Norwegian strings of the app, the member texts every signed-in route loads, and the namespaces a
 * screen needs (a missing key throws).
 */
export async function prepareI18n(...namespaces: string[]) {
  await initI18n(undefined, 'nb');
  await loadNamespaces(...MEMBER_NAMESPACES, ...namespaces);
}

type RenderAppOptions = {
  /** The route pattern the screen answers (`/leads/:leadId`). */
  path?: string;
  /** Where the test starts (a URL the pattern matches, query string allowed); default `path`. */
  entry?: string;
  /** Other routes the screen may navigate to. Anything else lands on «elsewhere». */
  routes?: RouteObject[];
};

/**
 * Renders a screen the way the app does: in a data router, with a fresh query client (no retries,
 * so a failure shows at once) and the confirm-dialog host. Returns the router and the query client
 * so a test can check where it navigated and what it cached.
 */
export function renderApp(Screen: ComponentType, options: RenderAppOptions = {}) {
  const { path = '/', entry = path, routes = [] } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <Suspense fallback={null}>
            <Screen />
            <DialogHost />
          </Suspense>
        ),
      },
      ...routes,
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
