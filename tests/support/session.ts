import type { Session } from '@supabase/auth-js';
import { setSession } from '@/lib/session';

/** The API the app talks to in unit tests (.env.test); msw answers for it. */
export const SUPABASE = 'http://127.0.0.1:54321';
/** supabase-js' storage key for the local URL (sb-<first label of the host>-auth-token). */
export const STORAGE_KEY = 'sb-127-auth-token';

export const USER_ID = '11111111-1111-4111-8111-111111111111';

export function buildSession(overrides: { email?: string; id?: string } = {}): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: overrides.id ?? USER_ID,
      aud: 'authenticated',
      email: overrides.email ?? 'kari@example.no',
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

/** Signs the test user in (the stored session supabase-js reads, and the app's session store). */
export function signIn(session: Session = buildSession()) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  setSession(session);
}
