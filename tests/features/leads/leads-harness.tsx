import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DialogHost } from '@/components/dialog-host';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { SUPABASE, USER_ID } from '../../support/session';

export const ORG = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_ORG = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const MARKETPLACE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

export type Recorded = { method: string; url: URL; body: unknown; headers: Headers };

export async function prepareLeadsI18n() {
  await initI18n(undefined, 'nb');
  await loadNamespaces('leads');
}

export async function record(list: Recorded[], request: Request) {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  list.push({
    method: request.method,
    url: new URL(request.url),
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: request.headers,
  });
}

export function single(request: Request, row: Record<string, unknown>) {
  const wantsObject = request.headers.get('Accept')?.includes('vnd.pgrst.object') ?? false;
  return HttpResponse.json(wantsObject ? row : [row]);
}

/** The signed-in user's memberships (the layout's organization switcher reads these). */
export const membershipHandlers = (role: () => 'owner' | 'admin' | 'member') => [
  http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
    HttpResponse.json([
      { organization_id: ORG, role: role(), organization: { id: ORG, name: 'Fjordbygg AS' } },
    ]),
  ),
  http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
    single(request, { last_organization_selected_id: ORG }),
  ),
];

export function leadRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 'lead-1',
    organization_id: ORG,
    source: 'form',
    status: 'new',
    name: 'Ola Nordmann',
    email: 'ola@example.no',
    phone: '+47 912 34 567',
    postal_code: '0150',
    city: 'Oslo',
    company: 'Ola AS',
    category: 'Rørlegger',
    area: 'Oslo',
    notes: null,
    consent: true,
    created_at: '2026-11-20T09:30:00Z',
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

export { SUPABASE, USER_ID };

/** Renders a screen at `entry` (query string allowed) matched by the route `pattern`. */
export function renderAt(Screen: ComponentType, pattern: string, entry = pattern) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <Suspense fallback={null}>
            <Screen />
            <DialogHost />
          </Suspense>
        ),
      },
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
