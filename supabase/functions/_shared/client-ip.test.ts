import assert from 'node:assert/strict';
import { clientIp, NO_TRUSTED_PROXIES, parseIp, parseTrustedProxies } from './client-ip.ts';

const withForwarded = (...values: string[]) => {
  const headers = new Headers();
  for (const value of values) headers.append('X-Forwarded-For', value);
  return new Request('http://functions.test/x', { method: 'POST', headers });
};

Deno.test('without trusted proxies the rightmost entry (the one the gateway appended) is the caller', () => {
  assert.equal(clientIp(withForwarded('198.51.100.23')), '198.51.100.23');
  // Whatever the caller puts in front changes nothing.
  for (const forged of ['1.1.1.1', '1.1.1.1, 2.2.2.2', 'unknown', '  ', 'garbage, , 10.0.0.1']) {
    assert.equal(clientIp(withForwarded(`${forged}, 198.51.100.23`)), '198.51.100.23', forged);
  }
  // Two headers are one list, in order.
  assert.equal(clientIp(withForwarded('1.1.1.1', '198.51.100.23')), '198.51.100.23');
});

Deno.test('no header, or an empty one, is unknown', () => {
  assert.equal(clientIp(new Request('http://functions.test/x')), 'unknown');
  assert.equal(clientIp(withForwarded(' , ')), 'unknown');
});

Deno.test('the address is normalised: port, brackets, case, IPv4-mapped IPv6, RFC 5952 form', () => {
  assert.equal(clientIp(withForwarded('198.51.100.23:4711')), '198.51.100.23');
  assert.equal(clientIp(withForwarded('::ffff:198.51.100.23')), '198.51.100.23');
  assert.equal(clientIp(withForwarded('[2001:DB8:0:0::1]:443')), '2001:db8::1');
  assert.equal(clientIp(withForwarded('2001:0db8:0000:0000:0001:0000:0000:0001')), '2001:db8::1:0:0:1');
  assert.equal(clientIp(withForwarded('Not-An-Address')), 'not-an-address');
});

Deno.test('a trusted proxy chain is walked from the right to the first address that is not one', () => {
  const trusted = parseTrustedProxies(' 10.0.0.0/8, 192.0.2.7 ,2001:db8:ffff::/48 ');
  // client → CDN (192.0.2.7) → load balancer (10.1.2.3) → gateway, which appends the balancer.
  assert.equal(clientIp(withForwarded('203.0.113.9, 192.0.2.7, 10.1.2.3'), trusted), '203.0.113.9');
  // Forged entries to the left of the real client are never reached.
  assert.equal(
    clientIp(withForwarded('6.6.6.6, 7.7.7.7, 203.0.113.9, 192.0.2.7, 10.1.2.3'), trusted),
    '203.0.113.9',
  );
  // A forged trusted address in front of the client does not move it either.
  assert.equal(clientIp(withForwarded('10.9.9.9, 203.0.113.9, 10.1.2.3'), trusted), '203.0.113.9');
  // A caller that reaches the gateway directly is itself the rightmost untrusted entry.
  assert.equal(clientIp(withForwarded('10.9.9.9, 203.0.113.50'), trusted), '203.0.113.50');
  // IPv6 ranges, mapped addresses and ports are matched.
  assert.equal(
    clientIp(withForwarded('2001:db8:1::5, [2001:db8:ffff:1::2]:80, ::ffff:10.0.0.1'), trusted),
    '2001:db8:1::5',
  );
  // Only trusted entries (a request from inside): the leftmost one.
  assert.equal(clientIp(withForwarded('10.0.0.2, 10.0.0.1'), trusted), '10.0.0.2');
});

Deno.test('with no trusted proxies nothing is skipped', () => {
  assert.equal(clientIp(withForwarded('203.0.113.9, 10.1.2.3'), NO_TRUSTED_PROXIES), '10.1.2.3');
  assert.equal(clientIp(withForwarded('203.0.113.9, 10.1.2.3'), parseTrustedProxies('')), '10.1.2.3');
  assert.equal(clientIp(withForwarded('203.0.113.9, 10.1.2.3'), parseTrustedProxies(undefined)), '10.1.2.3');
});

Deno.test('TRUSTED_PROXIES: CIDR edges, and a bad entry fails loudly', () => {
  const trusted = parseTrustedProxies('172.16.0.0/12,0.0.0.0/32,fe80::/10');
  assert.ok(trusted.has('172.16.0.1'));
  assert.ok(trusted.has('172.31.255.255'));
  assert.ok(!trusted.has('172.32.0.0'));
  assert.ok(!trusted.has('172.15.255.255'));
  assert.ok(trusted.has('febf::1'));
  assert.ok(!trusted.has('fec0::1'));
  assert.ok(!trusted.has('garbage'));
  assert.ok(parseTrustedProxies('0.0.0.0/0').has('8.8.8.8'));
  assert.ok(!parseTrustedProxies('0.0.0.0/0').has('2001:db8::1'), 'an IPv4 range holds no IPv6 address');
  for (const bad of ['10.0.0.0/33', '10.0.0/8', 'proxy.example', '::1/129', '10.0.0.1/8/8', '10.0.0.1/x']) {
    assert.throws(() => parseTrustedProxies(`192.0.2.1, ${bad}`), /TRUSTED_PROXIES/, bad);
  }
});

Deno.test('parseIp reads IPv4 and IPv6 text forms and refuses the rest', () => {
  assert.deepEqual([...parseIp('192.0.2.1')!], [192, 0, 2, 1]);
  assert.deepEqual([...parseIp('::ffff:192.0.2.1')!], [192, 0, 2, 1]);
  assert.equal(parseIp('::1')!.length, 16);
  assert.equal(parseIp('1::')!.length, 16);
  assert.equal(parseIp('64:ff9b::192.0.2.1')!.length, 16);
  assert.equal(parseIp('fe80::1%eth0')!.length, 16);
  for (const bad of [
    '',
    '256.0.0.1',
    '01.2.3.4',
    '1.2.3',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'g::1',
    '1.2.3.4::',
    ':::',
  ]) {
    assert.equal(parseIp(bad), null, bad);
  }
});
