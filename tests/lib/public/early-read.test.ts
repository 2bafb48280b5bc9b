import { describe, expect, it, vi } from 'vitest';
import { startEarlyRead, takeEarlyRead } from '@/lib/public/early-read';

describe('early reads', () => {
  it('gives the started read to the first taker only, and starts it once', async () => {
    const read = vi.fn(() => Promise.resolve({ name: 'Rørsjekk' }));
    startEarlyRead('checkout:a', read);
    startEarlyRead('checkout:a', read);
    expect(read).toHaveBeenCalledTimes(1);
    await expect(takeEarlyRead('checkout:a')).resolves.toEqual({ name: 'Rørsjekk' });
    expect(takeEarlyRead('checkout:a')).toBeUndefined();
  });

  it('answers nothing for a key no one started', () => {
    expect(takeEarlyRead('checkout:b')).toBeUndefined();
  });

  it('keeps a failed read for its taker without an unhandled rejection', async () => {
    const failure = Object.assign(new Error('gone'), { code: 'checkout-not-found' });
    startEarlyRead('checkout:c', () => Promise.reject(failure));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyRead('checkout:c')).rejects.toBe(failure);
  });
});
