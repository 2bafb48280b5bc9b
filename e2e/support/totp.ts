import { createHmac } from 'node:crypto';

/*
 * RFC 6238 TOTP as authenticator apps compute it (and GoTrue checks it): HMAC-SHA-1 over the
 * 30-second step counter, dynamic truncation (RFC 4226 §5.3), six digits. The secret is the base32
 * string GoTrue shows for manual entry (RFC 4648 alphabet, padding optional).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(input: string): Buffer {
  const clean = input.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary =
    ((digest[offset] & 0x7f) << 24) |
    (digest[offset + 1] << 16) |
    (digest[offset + 2] << 8) |
    digest[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for `secret` (base32) at `time` (ms since the epoch). */
export function totp(secret: string, time = Date.now(), step = 30, digits = 6): string {
  return hotp(base32Decode(secret), Math.floor(time / 1000 / step), digits);
}

/**
 * A code that stays valid for a while: waits out the last seconds of a step, so the code is not
 * already stale when the server checks it.
 */
export async function freshTotp(secret: string, minimumSecondsLeft = 5): Promise<string> {
  const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (secondsLeft < minimumSecondsLeft)
    await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
  return totp(secret);
}
