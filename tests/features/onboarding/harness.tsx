import type { Session } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { accountKeys, type Organizations } from '@/lib/account/queries';
import { i18next, initI18n, loadNamespaces } from '@/lib/i18n';
import { setSession } from '@/lib/session';

export const API = 'http://127.0.0.1:54321';
export const USER_ID = '00000000-0000-4000-8000-000000000001';
export const ORGANIZATION_ID = 'b0000000-0000-4000-8000-000000000009';
export const MARKETPLACE_ID = 'c0000000-0000-4000-8000-000000000001';

export async function setupI18n() {
  if (!i18next.isInitialized) await initI18n(undefined, 'nb');
  await loadNamespaces('onboarding');
}

export function signIn() {
  const session: Session = {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: USER_ID,
      aud: 'authenticated',
      email: 'kari@example.no',
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
  setSession(session);
}

export const intro = {
  id: MARKETPLACE_ID,
  name: 'Leadtorget',
  branding: { tagline: 'Kjøp og selg leads' },
  default_price_tickets: 1,
  default_price_credits: 100,
  default_price_ore: 9900,
  packs: [
    { id: 'p10', tickets: 10, price_ore: 100000 },
    { id: 'p25', tickets: 25, price_ore: 225000 },
    { id: 'p50', tickets: 50, price_ore: 400000 },
  ],
};

/** Where the app went: every other path renders its own path, so a test can see it. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export function renderPage(
  Page: ComponentType,
  options: { path: string; url: string; organizations?: Organizations | null },
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  if (options.organizations)
    queryClient.setQueryData(accountKeys.organizations(USER_ID), options.organizations);
  const router = createMemoryRouter(
    [
      { path: options.path, element: <Page /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [options.url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

export const ownerOrganizations = (role = 'owner'): Organizations => ({
  memberships: [{ organizationId: ORGANIZATION_ID, name: 'Fjord Rør AS', role }],
  lastSelectedId: ORGANIZATION_ID,
});
