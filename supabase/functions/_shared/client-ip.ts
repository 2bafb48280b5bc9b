/**
 * The caller's address, for per-IP rate limits: the RIGHTMOST X-Forwarded-For entry that is not one of
 * our trusted proxies (TRUSTED_PROXIES, supabase/functions/.env.example).
 *
 * X-Forwarded-For is a list the client starts: whatever it sends arrives in front, and each proxy on the
 * way APPENDS the address it received the request from. Only the entries our own proxies wrote can be
 * believed, and they are at the right end. The gateway in front of the function (the hosted one, and
 * the embedded platform's supabase/local/functions/index.ts) appends the address of whoever connected
 * to it, so with no trusted proxies (the default) the rightmost entry is the caller. With our own
 * proxies in front of the gateway (a CDN, a load balancer), their addresses are skipped from the right:
 * the first entry that is not one of them is the address the outermost trusted proxy saw.
 */

/** Addresses and CIDR ranges of the proxies in front of the function (empty: none). */
export interface TrustedProxies {
  has(address: string): boolean;
}

export const NO_TRUSTED_PROXIES: TrustedProxies = { has: () => false };

interface Range {
  bytes: Uint8Array;
  prefix: number;
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses (`10.0.0.7`, `2001:db8::1`) or CIDR ranges
 * (`10.0.0.0/8`, `2001:db8::/32`). Empty or unset: none. An entry that is neither throws, so a typo
 * fails the function's start instead of silently putting every client behind that proxy in one bucket.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const ranges: Range[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [address = '', prefixText, ...rest] = entry.split('/');
    const bytes = parseIp(address);
    const max = bytes?.length === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!bytes || rest.length > 0 || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    ranges.push({ bytes, prefix });
  }
  if (ranges.length === 0) return NO_TRUSTED_PROXIES;
  return {
    has(address) {
      const bytes = parseIp(stripPort(address));
      return bytes !== null && ranges.some((range) => inRange(bytes, range));
    },
  };
}

/**
 * The caller's address (lower-case, without a port; an IPv4-mapped IPv6 address as IPv4): the
 * rightmost X-Forwarded-For entry that is not a trusted proxy; when every entry is one, the leftmost;
 * without the header, 'unknown'.
 */
export function clientIp(request: Request, trusted: TrustedProxies = NO_TRUSTED_PROXIES): string {
  // Several X-Forwarded-For headers arrive joined with ", " in order, as one list.
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return 'unknown';
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (i === 0 || !trusted.has(entry)) return normalize(entry);
  }
  return 'unknown';
}

function normalize(entry: string): string {
  const address = stripPort(entry);
  const bytes = parseIp(address);
  if (!bytes) return address.toLowerCase();
  return bytes.length === 4 ? bytes.join('.') : formatIpv6(bytes);
}

/** RFC 5952's text form: lower-case, no leading zeros, the longest run of two or more zero groups as `::`. */
function formatIpv6(bytes: Uint8Array): string {
  const words = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = words.map((word) => word.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** `1.2.3.4:5678` → `1.2.3.4`, `[2001:db8::1]:443` → `2001:db8::1`; anything else unchanged. */
function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

function inRange(bytes: Uint8Array, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  const whole = Math.floor(range.prefix / 8);
  for (let i = 0; i < whole; i++) if (bytes[i] !== range.bytes[i]) return false;
  const bits = range.prefix % 8;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return (bytes[whole]! & mask) === (range.bytes[whole]! & mask);
}

/** 4 bytes for IPv4 (also for IPv4-mapped IPv6, `::ffff:1.2.3.4`), 16 for IPv6, else null. */
export function parseIp(text: string): Uint8Array | null {
  const v4 = parseIpv4(text);
  if (v4) return v4;
  const v6 = parseIpv6(text);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((byte) => byte === 0) && v6[10] === 0xff && v6[11] === 0xff;
  return mapped ? v6.slice(12) : v6;
}

function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

function parseIpv6(text: string): Uint8Array | null {
  const address = text.replace(/%[0-9a-z._~-]+$/i, ''); // a zone (fe80::1%eth0) is not part of it
  if (!/^[0-9a-f:.]+$/i.test(address) || address.split('::').length > 2) return null;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words: number[] = [];
  const pushGroups = (list: string[], out: number[]): boolean => {
    for (let i = 0; i < list.length; i++) {
      const group = list[i]!;
      if (group.includes('.')) {
        // An embedded IPv4 address, only as the last group.
        const v4 = parseIpv4(group);
        if (!v4 || i !== list.length - 1) return false;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(group)) return false;
        out.push(parseInt(group, 16));
      }
    }
    return true;
  };
  const rightWords: number[] = [];
  if (!pushGroups(left, words) || !pushGroups(right, rightWords)) return null;
  if (left.some((group) => group.includes('.')) && tail !== undefined) return null;
  const missing = 8 - words.length - rightWords.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  for (let i = 0; i < missing; i++) words.push(0);
  words.push(...rightWords);
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  });
  return bytes;
}
