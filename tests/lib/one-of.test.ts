import { oneOf } from '@/lib/one-of';

const STATUSES = ['active', 'paused'] as const;

describe('oneOf', () => {
  it('returns a value of the list, typed as the list', () => {
    const status: 'active' | 'paused' = oneOf(STATUSES, 'paused');
    expect(status).toBe('paused');
  });

  it('throws on a value outside the list', () => {
    expect(() => oneOf(STATUSES, 'sold_out')).toThrow(
      'Unexpected value «sold_out»; expected one of active, paused',
    );
  });
});
