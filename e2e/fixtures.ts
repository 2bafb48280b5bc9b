import { test as base, expect } from '@playwright/test';

/** Hosts the tests may talk to: the preview server, `*.localhost` (e.g. fyllopp.localhost) and loopback. */
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

/**
 * Every test gets this automatically: nothing may leave the machine. A request to any other host is
 * blocked before it is sent and fails the test, so a stray analytics script or CDN font cannot hide
 * behind a test that passes only because the page still rendered.
 */
export const test = base.extend<{ noForeignRequests: void }>({
  noForeignRequests: [
    async ({ context }, use) => {
      const foreign: string[] = [];
      context.on('request', (request) => {
        if (!isLocalUrl(request.url())) foreign.push(`${request.method()} ${request.url()}`);
      });
      await context.route(
        (url) => !isLocalUrl(url.href),
        (route) => route.abort('blockedbyclient'),
      );
      await use();
      expect(foreign, 'requests to hosts other than 127.0.0.1 / localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
