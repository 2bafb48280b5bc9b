import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { GuardEffects } from '@/app/guards/run-guards';
import { createRoutes } from '@/app/router';
import type { HostKind } from '@/lib/host';

/**
 * The app's real route table and guard chain at `url`, with the guards' data from `guardEffects`,
 * rendered into a `#root` as on the page (where the app names the route: `data-route-name`).
 */
export function renderRoutes(url: string, guardEffects: GuardEffects, hostKind: HostKind = 'marketplace') {
  const router = createMemoryRouter(createRoutes(hostKind, guardEffects), { initialEntries: [url] });
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { container: root },
  );
  return { router, root };
}
