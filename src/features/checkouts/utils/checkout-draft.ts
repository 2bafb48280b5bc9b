import type { Json } from '@/lib/database.types';
import type { CustomField, CustomFieldType } from '../components/public/types';

/**
 * The checkout editor's draft: what the seller edits in «Oppsett», read from the campaign, the
 * checkout and its products, and written back to the same three tables (docs/checkouts.md «The
 * builder»). Pure: the screens and the save both use it.
 */

export type BusinessFields = 'off' | 'optional' | 'required';
export type PriceDisplay = 'incl' | 'excl';

export interface DraftMain {
  productId: string;
  quantityEditable: boolean;
}

export interface CheckoutDesign {
  primary_color: string;
  background_color: string;
  text_color: string;
}

export interface CheckoutDraft {
  name: string;
  /** The main products in the order the page shows them. */
  mains: DraftMain[];
  bumpId: string | null;
  bumpHeading: string;
  bumpText: string;
  businessFields: BusinessFields;
  priceDisplay: PriceDisplay;
  customFields: CustomField[];
  /** The campaign's texts: the terms (rules), the consent to them, the optional marketing consent. */
  terms: string;
  consent: string;
  marketing: string;
  /** After paying: the receipt page with the thank-you texts, or the seller's own page. */
  after: 'thanks' | 'redirect';
  thankYouHeading: string;
  thankYouText: string;
  redirectUrl: string;
  recovery: boolean;
  recoveryCouponId: string | null;
  design: CheckoutDesign;
}

/** The stored rows the draft is read from (the editor's read). */
export interface CheckoutSource {
  name: string;
  rulesText: string | null;
  consentText: string | null;
  marketingConsentText: string | null;
  remindersEnabled: boolean;
  design: Json;
  priceDisplay: string;
  businessFields: string;
  bumpHeading: string | null;
  bumpText: string | null;
  customFields: Json;
  thankYouHeading: string | null;
  thankYouText: string | null;
  redirectUrl: string | null;
  recoveryCouponId: string | null;
  products: { product_id: string; role: string; position: number; quantity_editable: boolean }[];
}

export const MAX_NAME = 120;
export const MAX_BUMP_HEADING = 120;
export const MAX_BUMP_TEXT = 500;
export const MAX_THANK_YOU_HEADING = 120;
export const MAX_THANK_YOU_TEXT = 2000;
export const MAX_TEXT = 2000;
export const MAX_FIELDS = 10;
export const MAX_FIELD_LABEL = 200;
export const MAX_OPTIONS = 20;
/** checkout_products.position runs 0–20. */
export const MAX_MAINS = 21;
export const FIELD_TYPES: readonly CustomFieldType[] = ['text', 'textarea', 'select', 'checkbox'];

/** The colours a new checkout starts from: the app's own blue on white. */
export const DEFAULT_DESIGN: CheckoutDesign = {
  primary_color: '#0b5cad',
  background_color: '#ffffff',
  text_color: '#1a1a1a',
};

/** The database's check of `checkouts.redirect_url`: https, a host, no spaces. */
const REDIRECT_URL = /^https:\/\/[^\s/$.?#][^\s]*$/;
const HEX = /^#[0-9a-f]{6}$/i;

const objectOf = (value: Json): Record<string, Json | undefined> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

function readDesign(value: Json): CheckoutDesign {
  const object = objectOf(value);
  const colour = (key: keyof CheckoutDesign) => {
    const candidate = object[key];
    return typeof candidate === 'string' && HEX.test(candidate) ? candidate : DEFAULT_DESIGN[key];
  };
  return {
    primary_color: colour('primary_color'),
    background_color: colour('background_color'),
    text_color: colour('text_color'),
  };
}

/** The stored questions, each kept only when it has the shape the public page reads. */
function readFields(value: Json): CustomField[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const field = objectOf(item);
    const type = FIELD_TYPES.find((candidate) => candidate === field.type);
    if (typeof field.id !== 'string' || typeof field.label !== 'string' || !type) return [];
    const options = Array.isArray(field.options)
      ? field.options.filter((option): option is string => typeof option === 'string')
      : [];
    return [{ id: field.id, label: field.label, type, required: field.required === true, options }];
  });
}

const oneOf = <T extends string>(value: string, choices: readonly T[], fallback: T): T =>
  choices.find((choice) => choice === value) ?? fallback;

export function draftOf(source: CheckoutSource): CheckoutDraft {
  const mains = source.products
    .filter((row) => row.role === 'main')
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ productId: row.product_id, quantityEditable: row.quantity_editable }));
  return {
    name: source.name,
    mains,
    bumpId: source.products.find((row) => row.role === 'bump')?.product_id ?? null,
    bumpHeading: source.bumpHeading ?? '',
    bumpText: source.bumpText ?? '',
    businessFields: oneOf(source.businessFields, ['off', 'optional', 'required'], 'off'),
    priceDisplay: oneOf(source.priceDisplay, ['incl', 'excl'], 'incl'),
    customFields: readFields(source.customFields),
    terms: source.rulesText ?? '',
    consent: source.consentText ?? '',
    marketing: source.marketingConsentText ?? '',
    after: source.redirectUrl ? 'redirect' : 'thanks',
    thankYouHeading: source.thankYouHeading ?? '',
    thankYouText: source.thankYouText ?? '',
    redirectUrl: source.redirectUrl ?? '',
    recovery: source.remindersEnabled,
    recoveryCouponId: source.recoveryCouponId,
    design: readDesign(source.design),
  };
}

/** What the client refuses before sending (the database refuses the same), by field. */
export type DraftProblem =
  | { field: 'name'; code: 'required' | 'tooLong' }
  | { field: 'mains'; code: 'lastProduct' }
  | { field: 'bumpId'; code: 'bumpIsMain' }
  | { field: 'bumpHeading'; code: 'required' | 'tooLong' }
  | { field: 'bumpText'; code: 'tooLong' }
  | { field: `fields.${number}.label`; code: 'required' | 'tooLong' }
  | { field: `fields.${number}.options`; code: 'optionsMissing' }
  | { field: 'consent'; code: 'consentPublished' }
  | { field: 'redirectUrl'; code: 'redirectInvalid' }
  | { field: 'thankYouHeading' | 'thankYouText'; code: 'tooLong' };

export type DraftField = DraftProblem['field'];

/**
 * The draft's problems, each named by its field: what the database's checks would refuse, and what a
 * published checkout may not lose (its last main product, its consent text).
 */
export function draftProblems(draft: CheckoutDraft, { published }: { published: boolean }): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const name = draft.name.trim();
  if (!name) problems.push({ field: 'name', code: 'required' });
  else if (name.length > MAX_NAME) problems.push({ field: 'name', code: 'tooLong' });
  if (published && draft.mains.length === 0) problems.push({ field: 'mains', code: 'lastProduct' });
  if (draft.bumpId) {
    if (draft.mains.some((main) => main.productId === draft.bumpId))
      problems.push({ field: 'bumpId', code: 'bumpIsMain' });
    const heading = draft.bumpHeading.trim();
    if (!heading) problems.push({ field: 'bumpHeading', code: 'required' });
    else if (heading.length > MAX_BUMP_HEADING) problems.push({ field: 'bumpHeading', code: 'tooLong' });
    if (draft.bumpText.length > MAX_BUMP_TEXT) problems.push({ field: 'bumpText', code: 'tooLong' });
  }
  draft.customFields.forEach((field, index) => {
    const label = field.label.trim();
    if (!label) problems.push({ field: `fields.${index}.label`, code: 'required' });
    else if (label.length > MAX_FIELD_LABEL)
      problems.push({ field: `fields.${index}.label`, code: 'tooLong' });
    if (field.type === 'select' && (field.options ?? []).filter((option) => option.trim()).length < 2)
      problems.push({ field: `fields.${index}.options`, code: 'optionsMissing' });
  });
  if (published && !draft.consent.trim()) problems.push({ field: 'consent', code: 'consentPublished' });
  if (draft.after === 'redirect' && !REDIRECT_URL.test(draft.redirectUrl.trim()))
    problems.push({ field: 'redirectUrl', code: 'redirectInvalid' });
  if (draft.after === 'thanks') {
    if (draft.thankYouHeading.trim().length > MAX_THANK_YOU_HEADING)
      problems.push({ field: 'thankYouHeading', code: 'tooLong' });
    if (draft.thankYouText.length > MAX_THANK_YOU_TEXT)
      problems.push({ field: 'thankYouText', code: 'tooLong' });
  }
  return problems;
}

/** A product as the editor knows it (the organization's list). */
export interface ProductOption {
  id: string;
  name: string;
  priceOre: number;
  archived: boolean;
}

/** What publishing needs (blocking) and what it should have (gaps the publish dialog names). */
export function publishChecks(draft: CheckoutDraft, products: ReadonlyMap<string, ProductOption>) {
  const live = draft.mains.filter((main) => {
    const product = products.get(main.productId);
    return product && !product.archived;
  });
  const chosen = [...draft.mains.map((main) => main.productId), ...(draft.bumpId ? [draft.bumpId] : [])];
  return {
    /** An unarchived main product (the database's checkout-no-products). */
    product: live.length > 0,
    /** Every chosen product costs something (a 0 kr product is allowed, but rarely meant). */
    prices: chosen.length > 0 && chosen.every((id) => (products.get(id)?.priceOre ?? 0) > 0),
    /** The consent to the terms (the engine refuses to publish without it). */
    consent: draft.consent.trim().length > 0,
    /** The terms themselves: seller, prices, the right of withdrawal (angrerettloven). */
    terms: draft.terms.trim().length > 0,
  };
}

const orNull = (value: string) => value.trim() || null;

/** The campaign's columns of the draft. */
export function campaignPatch(draft: CheckoutDraft, storedDesign: Json) {
  return {
    name: draft.name.trim(),
    rules_text: orNull(draft.terms),
    consent_text: orNull(draft.consent),
    marketing_consent_text: orNull(draft.marketing),
    reminders_enabled: draft.recovery,
    // Keys the editor does not know are kept.
    design: { ...objectOf(storedDesign), ...draft.design },
  };
}

/** The checkout's own columns of the draft (the texts of the way not chosen are kept). */
export function checkoutPatch(draft: CheckoutDraft) {
  return {
    price_display: draft.priceDisplay,
    business_fields: draft.businessFields,
    bump_heading: draft.bumpId ? orNull(draft.bumpHeading) : null,
    bump_text: draft.bumpId ? orNull(draft.bumpText) : null,
    custom_fields: draft.customFields.map((field) => ({
      id: field.id,
      label: field.label.trim(),
      type: field.type,
      required: field.required === true,
      ...(field.type === 'select'
        ? { options: (field.options ?? []).map((option) => option.trim()).filter(Boolean) }
        : {}),
    })),
    thank_you_heading: orNull(draft.thankYouHeading),
    thank_you_text: orNull(draft.thankYouText),
    redirect_url: draft.after === 'redirect' ? draft.redirectUrl.trim() : null,
    recovery_coupon_id: draft.recoveryCouponId,
  };
}

export interface ProductRow {
  product_id: string;
  role: 'main' | 'bump';
  position: number;
  quantity_editable: boolean;
}

/** The checkout_products rows the draft wants: the main products by position, then the bump. */
export function productRows(draft: CheckoutDraft): ProductRow[] {
  return [
    ...draft.mains.map((main, position) => ({
      product_id: main.productId,
      role: 'main' as const,
      position,
      quantity_editable: main.quantityEditable,
    })),
    ...(draft.bumpId
      ? [{ product_id: draft.bumpId, role: 'bump' as const, position: 0, quantity_editable: false }]
      : []),
  ];
}

/** A new question's id: short, unique within the checkout, what the answers are keyed by. */
export const newFieldId = () => `f_${crypto.randomUUID().slice(0, 8)}`;

/** A coupon the recovery e-mail can offer on this checkout now: not archived, expired or for another one. */
export const offerable = (
  coupon: { archived: boolean; checkoutId: string | null; expiresAt: string | null },
  checkoutId: string,
  now: number,
) =>
  !coupon.archived &&
  (coupon.checkoutId === null || coupon.checkoutId === checkoutId) &&
  (coupon.expiresAt === null || Date.parse(coupon.expiresAt) > now);
