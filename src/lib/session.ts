import type { Session } from '@supabase/auth-js';
import { useSyncExternalStore } from 'react';
import { auth } from './supabase-auth';

/**
 * The current session as a tiny external store, fed by supabase-js' auth events, so components
 * re-render on sign-in, refresh and sign-out without each subscribing on its own.
 */
let current: Session | null = null;
const listeners = new Set<() => void>();

export function setSession(session: Session | null) {
  current = session;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Reads the stored session (and one from the URL) before the app mounts. */
export async function restoreSession(): Promise<Session | null> {
  const { data } = await auth.getSession();
  setSession(data.session);
  return data.session;
}
