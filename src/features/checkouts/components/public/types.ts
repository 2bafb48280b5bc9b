import type { PublicDesign } from '@/lib/public/public-design';

/** One product as `public_checkout` answers it (docs/checkouts.md «The database»). */
export interface CheckoutProduct {
  id: string;
  role: 'main' | 'bump';
  name: string;
  description: string | null;
  /** One unit incl. MVA, in øre. */
  price_ore: number;
  vat_rate: number;
  image_media_id: string | null;
  /** The image's web rendition (signed through public-media) and its text from the media library. */
  image_path: string | null;
  image_alt: string | null;
  /** Units left; null: no limit. */
  stock: number | null;
  max_per_order: number;
  quantity_editable: boolean;
}

export type CustomFieldType = 'text' | 'textarea' | 'select' | 'checkbox';

export interface CustomField {
  id: string;
  label: string;
  type: CustomFieldType;
  required?: boolean;
  options?: string[];
}

/** What `public_checkout` (and the editor's `checkout_preview`) answers. */
export interface PublicCheckout {
  id: string;
  now: string;
  name: string;
  seller: { name: string; organization_number: string | null; email: string | null };
  price_display: 'incl' | 'excl';
  business_fields: 'off' | 'optional' | 'required';
  bump: { heading: string; text: string | null } | null;
  custom_fields: CustomField[];
  thank_you: { heading: string | null; text: string | null };
  terms_text: string | null;
  consent_text: string | null;
  marketing_consent_text: string | null;
  recovery: boolean;
  design: PublicDesign | null;
  /** Whether any code could apply (the code field shows only then). */
  coupons: boolean;
  products: CheckoutProduct[];
}

/** `checkout_coupon`'s answer: one of the two discounts. */
export interface CheckoutCoupon {
  code: string;
  percent_off: number | null;
  amount_off_ore: number | null;
}
