import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, createGateway, sendJson, type Service } from './http.ts';

type Forwarded = { forwardedFor?: string; realIp?: string };

/** A service that answers with the forwarding headers it was given. */
const echo: Service = (req: IncomingMessage, res: ServerResponse) => {
  sendJson(res, 200, { forwardedFor: req.headers['x-forwarded-for'], realIp: req.headers['x-real-ip'] });
  return Promise.resolve();
};

describe('the gateway forwards the address that connected, to every service', () => {
  const prefixes = ['/auth/v1', '/rest/v1', '/storage/v1', '/functions/v1'];
  const gateway = createGateway(Object.fromEntries(prefixes.map((prefix) => [prefix, echo])));
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(() => closeServer(gateway));

  it.each(prefixes)('%s: appended to X-Forwarded-For, and X-Real-IP replaced', async (prefix) => {
    const plain = (await (await fetch(`${base}${prefix}/x`)).json()) as Forwarded;
    expect(plain).toEqual({ forwardedFor: '127.0.0.1', realIp: '127.0.0.1' });
    const claimed = (await (
      await fetch(`${base}${prefix}/x`, {
        headers: { 'X-Forwarded-For': '203.0.113.7, 198.51.100.1', 'X-Real-IP': '203.0.113.7' },
      })
    ).json()) as Forwarded;
    expect(claimed).toEqual({ forwardedFor: '203.0.113.7, 198.51.100.1, 127.0.0.1', realIp: '127.0.0.1' });
  });
});
