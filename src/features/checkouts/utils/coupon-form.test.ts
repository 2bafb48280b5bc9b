import { describe, expect, it } from 'vitest';
import { couponFormOf, couponStatus, emptyCouponForm, typedCode, validateCouponForm } from './coupon-form';

const NOW = new Date('2026-11-29T12:00:00Z');
const form = (patch: Partial<ReturnType<typeof emptyCouponForm>>) => ({
  ...emptyCouponForm(),
  code: 'VELKOMMEN10',
  percent: '10',
  ...patch,
});
const coupon = {
  code: 'X1',
  percent_off: 10,
  amount_off_ore: null,
  checkout_id: null,
  expires_at: null,
  max_uses: null,
  uses: 0,
  archived_at: null,
};

describe('the coupon form', () => {
  it('keeps to the database pattern of a code', () => {
    expect(typedCode('vår-25')).toBe('VÅR-25');
    for (const code of ['AB', 'A_B-9', '9LIVES', 'X'.repeat(40)]) {
      expect(validateCouponForm(form({ code }), { now: NOW }).errors.code).toBeUndefined();
    }
    for (const code of ['A', '-AB', 'VÅR', 'TO ORD', 'X'.repeat(41)]) {
      expect(validateCouponForm(form({ code }), { now: NOW }).errors.code).toBe('codeInvalid');
    }
    expect(validateCouponForm(form({ code: '' }), { now: NOW }).errors.code).toBe('codeRequired');
  });

  it('writes a percent or an amount, never both', () => {
    expect(validateCouponForm(form({}), { now: NOW }).input).toMatchObject({
      percent_off: 10,
      amount_off_ore: null,
    });
    expect(validateCouponForm(form({ kind: 'amount', amount: '1 500' }), { now: NOW }).input).toMatchObject({
      percent_off: null,
      amount_off_ore: 150000,
    });
    expect(validateCouponForm(form({ percent: '101' }), { now: NOW }).errors.percent).toBe('percentInvalid');
    expect(validateCouponForm(form({ kind: 'amount', amount: '0' }), { now: NOW }).errors.amount).toBe(
      'amountInvalid',
    );
  });

  it('reads the expiry as Oslo time and refuses a changed one that has passed', () => {
    const winter = validateCouponForm(form({ expires: '2026-12-31T23:59' }), { now: NOW });
    expect(winter.input?.expires_at).toBe('2026-12-31T22:59:00.000Z');
    expect(validateCouponForm(form({ expires: '2026-11-29T12:59' }), { now: NOW }).errors.expires).toBe(
      'expiresPast',
    );
    // An expiry that was already there may stay as it is.
    expect(
      validateCouponForm(form({ expires: '2026-01-01T00:00' }), {
        now: NOW,
        initialExpires: '2026-01-01T00:00',
      }).errors.expires,
    ).toBeUndefined();
    expect(couponFormOf({ ...coupon, expires_at: '2027-06-30T21:59:00Z' }).expires).toBe('2027-06-30T23:59');
  });

  it('never sets a limit below the uses', () => {
    expect(validateCouponForm(form({ maxUses: '2' }), { uses: 3, now: NOW }).errors.maxUses).toBe(
      'maxUsesBelowUses',
    );
    expect(validateCouponForm(form({ maxUses: '3' }), { uses: 3, now: NOW }).input?.max_uses).toBe(3);
    expect(validateCouponForm(form({ maxUses: '0' }), { now: NOW }).errors.maxUses).toBe('maxUsesInvalid');
    expect(validateCouponForm(form({ maxUses: '' }), { now: NOW }).input?.max_uses).toBeNull();
  });

  it('names a code’s state: archived, then expired, then used up', () => {
    expect(couponStatus(coupon, NOW)).toBe('active');
    expect(couponStatus({ ...coupon, max_uses: 3, uses: 3 }, NOW)).toBe('usedUp');
    expect(couponStatus({ ...coupon, max_uses: 3, uses: 3, expires_at: '2026-11-29T11:59:00Z' }, NOW)).toBe(
      'expired',
    );
    expect(
      couponStatus({ ...coupon, archived_at: '2026-11-01T00:00:00Z', expires_at: '2020-01-01' }, NOW),
    ).toBe('archived');
  });
});
