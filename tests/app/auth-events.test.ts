import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { handleAuthEvent, subscribeToAuthEvents, type AuthEventTargets } from '@/app/auth-events';
import { accountKeys } from '@/lib/account/api/keys';
import { getSession, setSession, useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';

// No handlers: importing the app's Supabase client must not touch the network, and nothing here may.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const RETURN_TO_KEY = 'leadtorget.return-to';

function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: 'user-1',
      aud: 'authenticated',
      email: 'kari@example.no',
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
    ...overrides,
  };
}

const LEADS_KEY = ['leads', 'list'] as const;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(accountKeys.profile('user-1'), { id: 'user-1', name: 'Kari', img: null });
  queryClient.setQueryData(LEADS_KEY, [{ id: 'lead-1' }]);
  const targets = { queryClient, navigate: vi.fn(), revalidate: vi.fn() } satisfies AuthEventTargets;
  return targets;
}

afterEach(() => {
  setSession(null);
});

describe('handleAuthEvent', () => {
  it('SIGNED_OUT clears the whole query cache and revalidates', () => {
    const targets = setup();
    setSession(buildSession());
    expect(targets.queryClient.getQueryCache().getAll()).toHaveLength(2);

    handleAuthEvent('SIGNED_OUT', null, targets);

    expect(targets.queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(targets.queryClient.getQueryData(accountKeys.profile('user-1'))).toBeUndefined();
    expect(targets.queryClient.getQueryData(LEADS_KEY)).toBeUndefined();
    expect(targets.revalidate).toHaveBeenCalledTimes(1);
    expect(targets.navigate).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('SIGNED_IN stores the session and revalidates without navigating', () => {
    const targets = setup();
    const session = buildSession();

    handleAuthEvent('SIGNED_IN', session, targets);

    expect(getSession()).toBe(session);
    expect(targets.revalidate).toHaveBeenCalledTimes(1);
    expect(targets.navigate).not.toHaveBeenCalled();
    expect(targets.queryClient.getQueryData(LEADS_KEY)).toEqual([{ id: 'lead-1' }]);
  });

  it('PASSWORD_RECOVERY sends the user to the reset-password form', () => {
    const targets = setup();

    handleAuthEvent('PASSWORD_RECOVERY', buildSession(), targets);

    expect(targets.navigate).toHaveBeenCalledTimes(1);
    expect(targets.navigate).toHaveBeenCalledWith('/auth/management?mode=resetPassword');
  });

  it('MFA_CHALLENGE_VERIFIED re-runs the guards and leaves navigation and the saved target alone', () => {
    const targets = setup();
    sessionStorage.setItem(RETURN_TO_KEY, '/leads');

    handleAuthEvent('MFA_CHALLENGE_VERIFIED', buildSession(), targets);

    expect(targets.revalidate).toHaveBeenCalledTimes(1);
    expect(targets.navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/leads');
  });

  it('USER_UPDATED invalidates the account queries only, keeps the cache and revalidates', () => {
    const targets = setup();
    const session = buildSession();

    handleAuthEvent('USER_UPDATED', session, targets);

    const cache = targets.queryClient.getQueryCache();
    expect(cache.find({ queryKey: accountKeys.profile('user-1') })?.state.isInvalidated).toBe(true);
    expect(cache.find({ queryKey: LEADS_KEY })?.state.isInvalidated).toBe(false);
    expect(targets.queryClient.getQueryData(LEADS_KEY)).toEqual([{ id: 'lead-1' }]);
    expect(targets.revalidate).toHaveBeenCalledTimes(1);
    expect(targets.navigate).not.toHaveBeenCalled();
    expect(getSession()).toBe(session);
  });

  it.each<AuthChangeEvent>(['TOKEN_REFRESHED', 'INITIAL_SESSION'])(
    '%s only updates the session: no navigation, no revalidation, cache untouched',
    (event) => {
      const targets = setup();
      sessionStorage.setItem(RETURN_TO_KEY, '/leads');
      const session = buildSession({ access_token: `after-${event}` });

      handleAuthEvent(event, session, targets);

      expect(getSession()).toBe(session);
      expect(targets.navigate).not.toHaveBeenCalled();
      expect(targets.revalidate).not.toHaveBeenCalled();
      expect(targets.queryClient.getQueryCache().getAll()).toHaveLength(2);
      expect(
        targets.queryClient.getQueryCache().find({ queryKey: accountKeys.profile('user-1') })?.state
          .isInvalidated,
      ).toBe(false);
      // The stored return path is left for whoever needs it.
      expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/leads');
    },
  );

  it('INITIAL_SESSION without a session leaves no session', () => {
    const targets = setup();
    setSession(buildSession());

    handleAuthEvent('INITIAL_SESSION', null, targets);

    expect(getSession()).toBeNull();
  });

  it('re-renders useSession on every event', () => {
    const targets = setup();
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    const session = buildSession();
    act(() => handleAuthEvent('SIGNED_IN', session, targets));
    expect(result.current).toBe(session);

    const refreshed = buildSession({ access_token: 'refreshed' });
    act(() => handleAuthEvent('TOKEN_REFRESHED', refreshed, targets));
    expect(result.current).toBe(refreshed);

    act(() => handleAuthEvent('SIGNED_OUT', null, targets));
    expect(result.current).toBeNull();
  });
});

describe('subscribeToAuthEvents', () => {
  it('handles supabase auth events outside supabase’s callback, and unsubscribes', () => {
    vi.useFakeTimers();
    try {
      let callback: Parameters<typeof supabase.auth.onAuthStateChange>[0] | undefined;
      const unsubscribe = vi.fn();
      vi.spyOn(supabase.auth, 'onAuthStateChange').mockImplementation((listener) => {
        callback = listener;
        return { data: { subscription: { id: 'sub-1', callback: vi.fn(), unsubscribe } } };
      });
      const targets = setup();

      const stop = subscribeToAuthEvents(targets);
      expect(callback).toBeDefined();

      void callback?.('PASSWORD_RECOVERY', buildSession());
      // supabase-js holds its lock while calling back; the handler must run after it returns.
      expect(targets.navigate).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(targets.navigate).toHaveBeenCalledWith('/auth/management?mode=resetPassword');

      stop();
      expect(unsubscribe).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
