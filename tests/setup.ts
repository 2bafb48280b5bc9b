import '@testing-library/jest-dom/vitest';
import { GoTrueClient } from '@supabase/auth-js';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// The app project shares one jsdom per worker between its files (isolate: false in vite.config.ts).
// This file runs again before each test file and starts it the way a page of its own would.

// Fresh app modules: module-level stores (session, notifications, dialogs, caches) and vi.mock
// start over instead of carrying the previous file's state.
vi.resetModules();

// A blank page at the start URL: no nodes, attributes (lang) or <title> left by the previous file.
document.head.replaceChildren();
document.body.replaceChildren();
for (const element of [document.documentElement, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
window.history.replaceState(null, '', '/');
sessionStorage.clear();
localStorage.clear();

// findBy*/waitFor give up after 1 s by default, which a busy machine can exceed; they return as
// soon as the wait is over, so an idle run is not slower.
configure({ asyncUtilTimeout: 10_000 });

// @testing-library/react sets this in hooks it registers only where it is first imported, i.e. in
// the first file of a worker; every file needs it (act() warnings, React's test scheduling).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // The file's auth client would keep its refresh timer, visibilitychange listener and
  // BroadcastChannel alive into the next files, which create their own.
  const { auth } = await import('@/lib/supabase-auth');
  await auth.initialize();
  await auth.dispose();
  // auth-js counts the clients made in the process and warns from the second on ("Multiple
  // GoTrueClient instances"); the next file's client is the only one alive, as on a page.
  Object.assign(GoTrueClient, { nextInstanceID: {} });
});

// jsdom has no layout; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;
