import type { Session, User } from '@supabase/auth-js';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { setSession } from '@/lib/session';
import { renderApp } from '../../support/render-app';
import { STORAGE_KEY, SUPABASE } from '../../support/session';

/** The platform the app's client talks to in tests, and where the client keeps its session. */
export const API = SUPABASE;
export const AUTH = `${API}/auth/v1`;
export { STORAGE_KEY };
export const RETURN_TO_KEY = 'leadtorget.return-to';

export const server = setupServer();

export function setupAuthTests() {
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    await initI18n(undefined, 'nb');
    await loadNamespaces('auth');
  });
  afterEach(() => {
    server.resetHandlers();
    setSession(null);
  });
  afterAll(() => server.close());
}

function base64Url(value: object) {
  return btoa(JSON.stringify(value)).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_');
}

/** An access token auth-js can decode (it never checks the signature in the browser). */
export function fakeJwt(claims: { sub?: string; aal?: 'aal1' | 'aal2' } = {}) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({
    sub: claims.sub ?? 'user-1',
    aal: claims.aal ?? 'aal1',
    exp,
    role: 'authenticated',
    amr: [{ method: 'password', timestamp: exp - 3600 }],
  })}.c2lnbmF0dXJl`;
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    aud: 'authenticated',
    email: 'kari@example.no',
    email_confirmed_at: '2026-01-01T00:00:00Z',
    app_metadata: { provider: 'email' },
    user_metadata: {},
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const verifiedFactor = {
  id: 'factor-1',
  friendly_name: 'App',
  factor_type: 'totp' as const,
  status: 'verified' as const,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

export function tokenBody(options: { aal?: 'aal1' | 'aal2'; user?: User } = {}) {
  return {
    access_token: fakeJwt({ aal: options.aal }),
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: options.user ?? buildUser(),
  };
}

/** A stored session, as after an earlier sign-in, in the client's storage and the app's store. */
export function storeSession(options: { aal?: 'aal1' | 'aal2'; user?: User } = {}): Session {
  const session = tokenBody(options) as Session;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  setSession(session);
  return session;
}

/** GoTrue's error JSON (without the API version header auth-js reads `error_code`). */
export function authError(status: number, code: string, extra: object = {}) {
  return HttpResponse.json({ code: status, error_code: code, msg: code, ...extra }, { status });
}

export { http, HttpResponse };

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `page` at `url` (the shared renderApp) with a catch-all that shows where navigation went. */
export function renderPage(page: ComponentType, url: string, pattern: string) {
  const { router, queryClient } = renderApp(page, {
    path: pattern,
    entry: url,
    routes: [{ path: '*', Component: Landed }],
  });
  return { router, queryClient };
}

export async function landedAt() {
  return (await screen.findByTestId('landed')).textContent;
}
