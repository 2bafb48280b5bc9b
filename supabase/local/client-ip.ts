/**
 * Which address a request comes from, for per-client rate limits and the sessions' `ip` column.
 *
 * X-Forwarded-For is written by whoever sends the request, so it is believed only as far as it was
 * written by a proxy we trust. Without trusted proxies (the default) the client is the socket peer
 * and the header is ignored: rotating it must not buy an attacker fresh rate-limit buckets. With
 * trusted proxies, the header is walked from the right (each proxy appends the address it saw),
 * skipping trusted addresses; the first untrusted one is the client. Entries to its left were
 * written by the client and stay unread.
 *
 * Trusted proxies come from `PlatformConfig.trustedProxies` (LEADTORGET_TRUSTED_PROXIES): addresses
 * or CIDR ranges, IPv4 or IPv6. IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`, what a dual-stack
 * socket reports) are the IPv4 address, in the list and in requests alike.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** `::ffff:a.b.c.d` and `::ffff:0a00:0001` are the IPv4 address a.b.c.d. */
const MAPPED_DOTTED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The address in canonical form for comparison and as a rate-limit key; null when not an IP. */
export function normalizeIp(text: string): string | null {
  const address = text.trim();
  const dotted = MAPPED_DOTTED.exec(address);
  if (dotted && isIP(dotted[1] ?? '') === 4) return dotted[1] ?? null;
  const hex = MAPPED_HEX.exec(address);
  if (hex) {
    const high = parseInt(hex[1] ?? '', 16);
    const low = parseInt(hex[2] ?? '', 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const family = isIP(address);
  if (family === 4) return address;
  if (family === 6) return address.toLowerCase();
  return null;
}

interface ParsedRange {
  address: string;
  family: 'ipv4' | 'ipv6';
  prefix: number;
}

/** Parses `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, `::ffff:10.0.0.0/104`; throws on anything else. */
export function parseTrustedProxy(entry: string): ParsedRange {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const base = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  const mapped = MAPPED_DOTTED.test(base) || MAPPED_HEX.test(base);
  const address = normalizeIp(base);
  if (address === null) throw new Error(`"${entry}" is not an IP address or CIDR range`);
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText === null) return { address, family, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) throw new Error(`"${entry}": the prefix length must be a number`);
  // A mapped range counts its prefix over 128 bits, of which the IPv4 address is the last 32.
  const prefix = Number(prefixText) - (mapped ? 96 : 0);
  if (prefix < 0 || prefix > bits) {
    throw new Error(
      `"${entry}": the prefix length must be between ${mapped ? 96 : 0} and ${mapped ? 128 : bits}`,
    );
  }
  return { address, family, prefix };
}

/** Resolves a request's client address; build one per service from the configured proxies. */
export type ClientIpResolver = (req: IncomingMessage) => string;

export function clientIpResolver(trustedProxies: readonly string[]): ClientIpResolver {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const range = parseTrustedProxy(entry);
    trusted.addSubnet(range.address, range.prefix, range.family);
  }
  const isTrusted = (address: string) => {
    try {
      return trusted.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    } catch {
      // An address BlockList cannot compare (an IPv6 zone index, say) is nobody we listed.
      return false;
    }
  };
  const anyTrusted = trustedProxies.length > 0;

  return (req) => {
    const peer = normalizeIp(req.socket.remoteAddress ?? '') ?? '127.0.0.1';
    if (!anyTrusted || !isTrusted(peer)) return peer;
    let client = peer;
    for (const hop of forwardedFor(req).reverse()) {
      const address = normalizeIp(hop);
      // A trusted proxy wrote this entry, so garbage here means a misconfigured proxy: stop at the
      // last address we could vouch for rather than key limits on text the client may control.
      if (address === null) return client;
      client = address;
      if (!isTrusted(address)) return address;
    }
    // Every hop trusted (or no header): the leftmost trusted address is as close as we get.
    return client;
  };
}

/** The X-Forwarded-For entries in order, over all occurrences of the header. */
function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
