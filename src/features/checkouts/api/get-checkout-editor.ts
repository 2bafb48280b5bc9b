import { queryOptions } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { PublicCheckout } from '../components/public/types';
import type { CheckoutSource } from '../utils/checkout-draft';
import type { PreviewProduct } from '../utils/preview-checkout';
import { checkoutKeys } from './keys';

export interface CheckoutEditorData {
  id: string;
  organizationId: string;
  publishedAt: string | null;
  archived: boolean;
  /** The campaign's stored design (keys the editor does not know are kept on save). */
  storedDesign: Json;
  source: CheckoutSource;
}

/** The editor's checkout: the campaign's texts and design, the checkout's settings and its products. */
export const checkoutEditorQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.checkout(checkoutId), 'editor'] as const,
    queryFn: async (): Promise<CheckoutEditorData> => {
      const row = unwrap(
        await supabase
          .from('checkouts')
          .select(
            `id, organization_id, archived_at, price_display, business_fields, bump_heading, bump_text,
             custom_fields, thank_you_heading, thank_you_text, redirect_url, recovery_coupon_id,
             campaign:campaigns!checkouts_campaign_fkey(name, published_at, rules_text, consent_text,
               marketing_consent_text, reminders_enabled, design),
             products:checkout_products(product_id, role, position, quantity_editable)`,
          )
          .eq('id', checkoutId)
          .single(),
      )!;
      return {
        id: row.id,
        organizationId: row.organization_id,
        publishedAt: row.campaign.published_at,
        archived: row.archived_at !== null,
        storedDesign: row.campaign.design,
        source: {
          name: row.campaign.name,
          rulesText: row.campaign.rules_text,
          consentText: row.campaign.consent_text,
          marketingConsentText: row.campaign.marketing_consent_text,
          remindersEnabled: row.campaign.reminders_enabled,
          design: row.campaign.design,
          priceDisplay: row.price_display,
          businessFields: row.business_fields,
          bumpHeading: row.bump_heading,
          bumpText: row.bump_text,
          customFields: row.custom_fields,
          thankYouHeading: row.thank_you_heading,
          thankYouText: row.thank_you_text,
          redirectUrl: row.redirect_url,
          recoveryCouponId: row.recovery_coupon_id,
          products: row.products,
        },
      };
    },
  });

/** The organization's products the editor can choose from (archived ones too: a chosen one may be). */
export const editorProductsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.products(organizationId), 'editor'] as const,
    queryFn: async (): Promise<PreviewProduct[]> => {
      const rows =
        unwrap(
          await supabase
            .from('products')
            .select(
              'id, name, description, price_ore, vat_rate, image_media_id, stock, max_per_order, archived_at',
            )
            .eq('organization_id', organizationId)
            .order('name'),
        ) ?? [];
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        priceOre: row.price_ore,
        vatRate: row.vat_rate,
        imageMediaId: row.image_media_id,
        stock: row.stock,
        maxPerOrder: row.max_per_order,
        archived: row.archived_at !== null,
      }));
    },
  });

export interface CouponOption {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffOre: number | null;
  /** Null: every checkout of the organization. */
  checkoutId: string | null;
  expiresAt: string | null;
  archived: boolean;
}

/** The organization's coupons, for the recovery e-mail's offer. */
export const editorCouponsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.all, 'coupons', organizationId, 'editor'] as const,
    queryFn: async (): Promise<CouponOption[]> => {
      const rows =
        unwrap(
          await supabase
            .from('coupons')
            .select('id, code, percent_off, amount_off_ore, checkout_id, expires_at, archived_at')
            .eq('organization_id', organizationId)
            .order('code'),
        ) ?? [];
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        percentOff: row.percent_off,
        amountOffOre: row.amount_off_ore,
        checkoutId: row.checkout_id,
        expiresAt: row.expires_at,
        archived: row.archived_at !== null,
      }));
    },
  });

/** The public page's data of the checkout, draft or not (`checkout_preview`): the preview's ground. */
export const checkoutPreviewQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.checkout(checkoutId), 'preview'] as const,
    queryFn: async (): Promise<PublicCheckout> =>
      // The function answers the public page's shape (private.checkout_page), typed as the page reads it.
      unwrap(
        await supabase.rpc('checkout_preview', { input_checkout_id: checkoutId }),
      ) as unknown as PublicCheckout,
  });
