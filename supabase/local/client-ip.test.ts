import type { IncomingMessage } from 'node:http';
import { clientIpResolver, normalizeIp, parseTrustedProxy } from './client-ip.ts';

/** The two things the resolver reads from a request. */
function request(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientIpResolver', () => {
  it('without trusted proxies is the socket peer, whatever X-Forwarded-For claims', () => {
    const clientIp = clientIpResolver([]);
    expect(clientIp(request('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIp(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
    expect(clientIp(request('127.0.0.1', '198.51.100.1, 10.0.0.1'))).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const clientIp = clientIpResolver(['10.0.0.0/8']);
    expect(clientIp(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
  });

  it('behind trusted proxies takes the rightmost untrusted entry', () => {
    const clientIp = clientIpResolver(['10.0.0.0/8', '192.0.2.7']);
    expect(clientIp(request('10.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
    // What the client wrote itself (left of the entry the proxy appended) is never read.
    expect(clientIp(request('10.0.0.1', '1.1.1.1, 203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIp(request('10.0.0.1', '1.1.1.1, 203.0.113.5, 192.0.2.7, 10.9.9.9'))).toBe('203.0.113.5');
    // Several headers count as one list.
    const twoHeaders = request('10.0.0.1');
    twoHeaders.headers['x-forwarded-for'] = ['1.1.1.1', '203.0.113.5'];
    expect(clientIp(twoHeaders)).toBe('203.0.113.5');
  });

  it('falls back to the last trusted hop when the chain ends or holds garbage', () => {
    const clientIp = clientIpResolver(['10.0.0.0/8']);
    expect(clientIp(request('10.0.0.1'))).toBe('10.0.0.1');
    expect(clientIp(request('10.0.0.1', '10.0.0.2'))).toBe('10.0.0.2');
    expect(clientIp(request('10.0.0.1', '203.0.113.5, not-an-ip'))).toBe('10.0.0.1');
    expect(clientIp(request('10.0.0.1', '203.0.113.5, 1.2.3.4:80, 10.0.0.3'))).toBe('10.0.0.3');
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4, in the list and in requests', () => {
    const mappedPeer = clientIpResolver(['127.0.0.1']);
    expect(mappedPeer(request('::ffff:127.0.0.1', '::ffff:203.0.113.5'))).toBe('203.0.113.5');
    const mappedRange = clientIpResolver(['::ffff:10.0.0.0/104']);
    expect(mappedRange(request('10.1.2.3', '203.0.113.5'))).toBe('203.0.113.5');
    expect(mappedRange(request('::ffff:11.0.0.1', '203.0.113.5'))).toBe('11.0.0.1');
  });

  it('handles IPv6 proxies and clients', () => {
    const clientIp = clientIpResolver(['fd00::/8', '::1']);
    expect(clientIp(request('::1', '2001:DB8::7'))).toBe('2001:db8::7');
    expect(clientIp(request('fd12::1', '2001:db8::7, fd00::2'))).toBe('2001:db8::7');
    expect(clientIp(request('2001:db8::9', '2001:db8::7'))).toBe('2001:db8::9');
  });
});

describe('parseTrustedProxy', () => {
  it.each([
    ['10.0.0.1', { address: '10.0.0.1', family: 'ipv4', prefix: 32 }],
    ['10.0.0.0/8', { address: '10.0.0.0', family: 'ipv4', prefix: 8 }],
    ['::1', { address: '::1', family: 'ipv6', prefix: 128 }],
    ['fd00::/8', { address: 'fd00::', family: 'ipv6', prefix: 8 }],
    ['::ffff:10.0.0.0/104', { address: '10.0.0.0', family: 'ipv4', prefix: 8 }],
    ['::ffff:127.0.0.1', { address: '127.0.0.1', family: 'ipv4', prefix: 32 }],
  ])('%s', (entry, parsed) => {
    expect(parseTrustedProxy(entry)).toEqual(parsed);
  });

  it.each(['localhost', '10.0.0.256', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/x', '::ffff:10.0.0.0/95', ''])(
    'refuses %j',
    (entry) => {
      expect(() => parseTrustedProxy(entry)).toThrow();
    },
  );
});

describe('normalizeIp', () => {
  it('maps ::ffff: addresses to IPv4, lower-cases IPv6 and refuses the rest', () => {
    expect(normalizeIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIp('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(normalizeIp(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(normalizeIp('192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeIp('unknown')).toBeNull();
    expect(normalizeIp('192.0.2.1:443')).toBeNull();
  });
});
