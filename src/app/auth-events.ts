import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { paths } from '@/lib/paths';
import { setSession } from '@/lib/session';
import { auth } from '@/lib/supabase-auth';

export interface AuthEventTargets {
  queryClient: QueryClient;
  navigate: (to: string) => unknown;
  revalidate: () => unknown;
}

/** What the app does on each auth event (signed in, signed out, token refreshed, user updated). Pure of supabase so it can be tested directly. */
export function handleAuthEvent(event: AuthChangeEvent, session: Session | null, targets: AuthEventTargets) {
  setSession(session);
  switch (event) {
    case 'INITIAL_SESSION':
      return;
    case 'SIGNED_OUT':
      // Nothing of the previous user may stay on screen or in memory.
      targets.queryClient.clear();
      targets.revalidate();
      return;
    case 'SIGNED_IN':
      targets.revalidate();
      return;
    case 'USER_UPDATED':
      // The guards read e-mail confirmation and metadata from the user.
      void invalidateAccountFacts(targets.queryClient);
      targets.revalidate();
      return;
    case 'TOKEN_REFRESHED':
      return;
    case 'PASSWORD_RECOVERY':
      targets.navigate(`${paths.authManagement}?mode=resetPassword`);
      return;
    case 'MFA_CHALLENGE_VERIFIED':
      // The session is aal2 now: the guards re-check. Where to go is the business of the screen that
      // asked for the code (sign-in continues to the saved target; enrolling on /profile stays there).
      targets.revalidate();
      return;
  }
}

export function subscribeToAuthEvents(targets: AuthEventTargets) {
  const { data } = auth.onAuthStateChange((event, session) => {
    // supabase-js holds a lock while it calls back; navigating re-enters it, so step out first.
    setTimeout(() => handleAuthEvent(event, session, targets), 0);
  });
  return () => data.subscription.unsubscribe();
}
