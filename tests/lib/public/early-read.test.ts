import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_READS_GLOBAL, earlyReadKey, takeStartedRead } from '@/lib/public/early-read';

const holder = window as unknown as Record<string, unknown>;

describe('takeStartedRead', () => {
  afterEach(() => {
    delete holder[EARLY_READS_GLOBAL];
  });

  it("gives the page's started read to the first taker only", () => {
    const started = Promise.resolve(new Response('{}'));
    holder[EARLY_READS_GLOBAL] = { [earlyReadKey('public_checkout', 'a')]: started };
    expect(takeStartedRead('public_checkout', 'b')).toBeUndefined();
    expect(takeStartedRead('public_checkout', 'a')).toBe(started);
    expect(takeStartedRead('public_checkout', 'a')).toBeUndefined();
  });

  it('answers nothing when the page started no read', () => {
    expect(takeStartedRead('public_checkout', 'a')).toBeUndefined();
  });
});
