import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { setSession } from '@/lib/session';

/**
 * One msw server for a test file: it answers the Supabase API the app calls, and a request no
 * handler expects fails the test (onUnhandledRequest: 'error'). Call at the top of the file with
 * the handlers every test there needs; a test adds its own with `server.use(...)`.
 */
export function setupMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    setSession(null);
  });
  afterAll(() => server.close());
  return server;
}
