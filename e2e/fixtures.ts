import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { ANON_KEY, API_URL, DEMO_PASSWORD, localClient } from './support/admin';

export { API_URL, DEMO_PASSWORD };

/** Hosts the tests may talk to: the app, the platform (127.0.0.1:54321 …), `*.localhost` (e.g. fyllopp.localhost) and loopback. */
export function isLocalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // data:, blob:, about: and the like never reach the network.
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return true;
  const host = parsed.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/** Collects the requests `target` (a context or one page) makes to hosts that are not local. */
export function recordForeignRequests(target: BrowserContext | Page): string[] {
  const foreign: string[] = [];
  target.on('request', (request) => {
    if (!isLocalUrl(request.url())) foreign.push(`${request.method()} ${request.url()}`);
  });
  return foreign;
}

/** Where the app's auth client keeps the session: createClient's default key for 127.0.0.1 (src/lib/supabase.ts). */
export const SESSION_STORAGE_KEY = 'sb-127-auth-token';

/** Signs `email` in through the auth API with the real supabase-js: a new session every call. */
export async function demoSession(email: string): Promise<Session> {
  const client = localClient(ANON_KEY);
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error || !data.session)
    throw new Error(`signing in ${email} failed: ${error?.message ?? 'no session'}`);
  return data.session;
}

export interface SignInOptions {
  /**
   * A session of its own instead of the worker's shared one: for a test that signs out (which ends the
   * session on the server) or otherwise changes the session.
   */
  ownSession?: boolean;
}

export type SignInAs = (page: Page, email: string, options?: SignInOptions) => Promise<Session>;

/** A shared session is reused while it has at least this long to live, so the app never refreshes it. */
const SHARED_SESSION_MARGIN_S = 10 * 60;

interface Fixtures {
  noForeignRequests: void;
  /**
   * Signs an account in through the API (the login UI is driven by the auth specs only; the other
   * specs test what comes after it) and puts the session where the app looks for it before any page
   * script runs. One session per account and worker, reused by the worker's tests (a sign-in per test
   * made ~150 sign-ins a run); tests that sign out ask for `{ ownSession: true }`. Demo accounts are
   * read-only here: tests that change data make their own users (support/admin.ts).
   */
  signInAs: SignInAs;
}

interface WorkerFixtures {
  /** This worker's sessions by e-mail address. */
  sharedSessions: Map<string, Session>;
}

/**
 * Every test gets `noForeignRequests` automatically: nothing may leave the machine. The browser
 * resolves no host but localhost, *.localhost and 127.0.0.1 (playwright.config.ts,
 * --host-resolver-rules), so a request to any other host fails before it is sent, and this fixture
 * fails the test that made it: a stray analytics script or CDN font cannot hide behind a test that
 * passes only because the page still rendered. (Not `context.route`: intercepting every request
 * costs each page load 10–15 %.)
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
  sharedSessions: [async ({}, use) => use(new Map()), { scope: 'worker' }],
  noForeignRequests: [
    async ({ context }, use) => {
      const foreign = recordForeignRequests(context);
      await use();
      expect(foreign, 'requests to hosts other than 127.0.0.1 / localhost').toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ sharedSessions }, provide) => {
    await provide(async (page, email, { ownSession = false } = {}) => {
      const shared = sharedSessions.get(email);
      const fresh = (shared?.expires_at ?? 0) - Date.now() / 1000 > SHARED_SESSION_MARGIN_S;
      const session = !ownSession && shared && fresh ? shared : await demoSession(email);
      if (!ownSession) sharedSessions.set(email, session);
      // Only once, on the first document: the app's own sign-out must not be undone by a reload.
      await page.addInitScript(
        ({ key, value }) => {
          if (sessionStorage.getItem('e2e.session-planted')) return;
          sessionStorage.setItem('e2e.session-planted', '1');
          localStorage.setItem(key, value);
        },
        { key: SESSION_STORAGE_KEY, value: JSON.stringify(session) },
      );
      return session;
    });
  },
});

export { expect };
