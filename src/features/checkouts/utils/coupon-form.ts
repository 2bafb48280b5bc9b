import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import { osloInstant, osloWallClock } from '@/lib/oslo-wall-clock';

/** The database's check of a code (coupons.code); codes are stored in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;
const AMOUNT_MAX_ORE = 100_000_000;

export type CouponKind = 'percent' | 'amount';

/** What the coupon dialog holds, as typed. */
export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  percent: string;
  /** Kroner as typed in Norway. */
  amount: string;
  /** A checkout's id, or '' for all of the organization's checkouts. */
  checkoutId: string;
  /** Oslo wall-clock `yyyy-mm-ddTHH:mm`, or '' for no expiry. */
  expires: string;
  /** Empty for no limit. */
  maxUses: string;
}

export type CouponFormField = 'code' | 'percent' | 'amount' | 'expires' | 'maxUses';
/** The locale keys under `coupons.errors` that explain a problem. */
export type CouponErrorKey =
  | 'codeRequired'
  | 'codeInvalid'
  | 'percentInvalid'
  | 'amountInvalid'
  | 'expiresPast'
  | 'maxUsesInvalid'
  | 'maxUsesBelowUses';

/** A problem with one field, by the key of its message. */
export type CouponFormErrors = Partial<Record<CouponFormField, CouponErrorKey>>;

export interface CouponInput {
  code: string;
  percent_off: number | null;
  amount_off_ore: number | null;
  checkout_id: string | null;
  expires_at: string | null;
  max_uses: number | null;
}

/** A stored code: what the form writes, how often it is held, and whether it is archived. */
export interface CouponFacts extends CouponInput {
  uses: number;
  archived_at: string | null;
}

/** A code as it is typed: upper case at once, as the database stores it (it ignores case). */
export const typedCode = (value: string) => value.toUpperCase();

export const emptyCouponForm = (): CouponFormValues => ({
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  checkoutId: '',
  expires: '',
  maxUses: '',
});

export const couponFormOf = (coupon: CouponFacts): CouponFormValues => ({
  code: coupon.code,
  kind: coupon.amount_off_ore === null ? 'percent' : 'amount',
  percent: coupon.percent_off === null ? '' : String(coupon.percent_off),
  amount: coupon.amount_off_ore === null ? '' : oreToKroner(coupon.amount_off_ore),
  checkoutId: coupon.checkout_id ?? '',
  expires: coupon.expires_at ? osloWallClock(coupon.expires_at) : '',
  maxUses: coupon.max_uses === null ? '' : String(coupon.max_uses),
});

const wholeNumber = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * The fields checked as the database would, and the row to write. `uses` is how often the code is
 * already held (a new limit below it is refused); an expiry that was changed must lie ahead of `now`.
 */
export function validateCouponForm(
  values: CouponFormValues,
  {
    uses = 0,
    initialExpires = '',
    now = new Date(),
  }: { uses?: number; initialExpires?: string; now?: Date } = {},
): { errors: CouponFormErrors; input: CouponInput | null } {
  const errors: CouponFormErrors = {};
  const code = values.code.trim().toUpperCase();
  if (code === '') errors.code = 'codeRequired';
  else if (!COUPON_CODE_PATTERN.test(code)) errors.code = 'codeInvalid';

  let percent: number | null = null;
  let amountOre: number | null = null;
  if (values.kind === 'percent') {
    percent = wholeNumber(values.percent);
    if (percent === null || percent < 1 || percent > 100) errors.percent = 'percentInvalid';
  } else {
    amountOre = values.amount.trim() === '' ? null : parseKronerToOre(values.amount);
    if (amountOre === null || amountOre < 1 || amountOre > AMOUNT_MAX_ORE) errors.amount = 'amountInvalid';
  }

  const expiresAt = values.expires ? osloInstant(values.expires) : null;
  if (expiresAt && values.expires !== initialExpires && expiresAt.getTime() <= now.getTime()) {
    errors.expires = 'expiresPast';
  }

  const maxUses = values.maxUses.trim() === '' ? null : wholeNumber(values.maxUses);
  if (values.maxUses.trim() !== '' && (maxUses === null || maxUses < 1)) errors.maxUses = 'maxUsesInvalid';
  else if (maxUses !== null && maxUses < uses) errors.maxUses = 'maxUsesBelowUses';

  if (Object.keys(errors).length > 0) return { errors, input: null };
  return {
    errors,
    input: {
      code,
      percent_off: percent,
      amount_off_ore: amountOre,
      checkout_id: values.checkoutId || null,
      expires_at: expiresAt ? expiresAt.toISOString() : null,
      max_uses: maxUses,
    },
  };
}

export type CouponStatus = 'active' | 'expired' | 'usedUp' | 'archived';

/** A coupon's state in words' terms: archived first, then expired, then used up. */
export function couponStatus(coupon: CouponFacts, now = new Date()): CouponStatus {
  if (coupon.archived_at) return 'archived';
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now.getTime()) return 'expired';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'usedUp';
  return 'active';
}
