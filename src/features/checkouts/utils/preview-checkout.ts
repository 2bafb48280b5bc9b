import type { CheckoutProduct, PublicCheckout } from '../components/public/types';
import { checkoutPatch, type CheckoutDraft } from './checkout-draft';

/** A product of the organization with what the public page shows of it. */
export interface PreviewProduct {
  id: string;
  name: string;
  description: string;
  priceOre: number;
  vatRate: number;
  imageMediaId: string | null;
  stock: number | null;
  maxPerOrder: number;
  archived: boolean;
}

const shown = (
  product: PreviewProduct,
  role: 'main' | 'bump',
  quantityEditable: boolean,
): CheckoutProduct => ({
  id: product.id,
  role,
  name: product.name,
  description: product.description,
  price_ore: product.priceOre,
  vat_rate: product.vatRate,
  image_media_id: product.imageMediaId,
  // The preview draws no pictures: the public page signs them only once the checkout is published.
  image_path: null,
  image_alt: null,
  stock: product.stock,
  max_per_order: product.maxPerOrder,
  quantity_editable: quantityEditable,
});

/**
 * The public page's data as it will be once the draft is saved: `checkout_preview`'s answer (the
 * seller, whether codes apply) with the draft's texts, fields, design and products over it. Archived
 * products are left out, as `public_checkout` leaves them out.
 */
export function previewCheckout(
  base: PublicCheckout,
  draft: CheckoutDraft,
  products: ReadonlyMap<string, PreviewProduct>,
): PublicCheckout {
  const own = checkoutPatch(draft);
  const live = (id: string) => {
    const product = products.get(id);
    return product && !product.archived ? product : null;
  };
  const mains = draft.mains.flatMap((main) => {
    const product = live(main.productId);
    return product ? [shown(product, 'main', main.quantityEditable)] : [];
  });
  const bump = draft.bumpId ? live(draft.bumpId) : null;
  return {
    ...base,
    name: draft.name.trim() || base.name,
    price_display: draft.priceDisplay,
    business_fields: draft.businessFields,
    bump: own.bump_heading ? { heading: own.bump_heading, text: own.bump_text } : null,
    custom_fields: own.custom_fields,
    thank_you: { heading: own.thank_you_heading, text: own.thank_you_text },
    terms_text: draft.terms.trim() || null,
    consent_text: draft.consent.trim() || null,
    marketing_consent_text: draft.marketing.trim() || null,
    recovery: draft.recovery,
    design: { ...base.design, ...draft.design },
    // In public_checkout's order: the main products, then the bump.
    products: [...mains, ...(bump ? [shown(bump, 'bump', false)] : [])],
  };
}
