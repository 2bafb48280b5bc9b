/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s — what GoTrue and every authenticator app use) with
 * node:crypto, accepting one step of clock skew either way like GoTrue (pquerna/otp Skew 1).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { renderSVG } from 'uqr';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const DIGITS = 6;

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return binary.toString().padStart(DIGITS, '0');
}

export function totpAt(secretBase32: string, unixSeconds: number): string {
  return hotp(base32Decode(secretBase32), Math.floor(unixSeconds / STEP_SECONDS));
}

export function verifyTotp(secretBase32: string, code: string, unixSeconds: number): boolean {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const secret = base32Decode(secretBase32);
  const counter = Math.floor(unixSeconds / STEP_SECONDS);
  return [-1, 0, 1].some((skew) =>
    timingSafeEqual(Buffer.from(hotp(secret, counter + skew)), Buffer.from(code)),
  );
}

export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** The QR code as an SVG document; supabase-js prefixes `data:image/svg+xml;utf-8,` itself. */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: 2 });
}
