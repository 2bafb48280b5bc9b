import { queryOptions } from '@tanstack/react-query';
import type { Json, Tables } from '@/lib/database.types';
import { AppError, unwrap } from '@/lib/errors';
import { MEDIA_SUMMARY_COLUMNS, type MediaSummary } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import type { Frequency, PopupType, Targeting, Trigger, VariantContent } from '@/popup-snippet/rules/types';
import { isPopupStatus, isPopupType, type PopupStatus } from './get-popups';
import { popupKeys } from './keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A variant as the editor holds it: the stored content (no image or discount flag inside it) and its own columns. */
export interface PopupVariantRow {
  id: string;
  label: string;
  weight: number;
  content: Omit<VariantContent, 'image' | 'has_discount_code'> & { image_alt?: string };
  imageMediaId: string | null;
  discountCode: string | null;
}

export interface PopupDesign {
  accent: string;
  background: string;
  text: string;
  radius: number;
}

export interface PopupEditorData {
  id: string;
  organizationId: string;
  name: string;
  status: PopupStatus;
  publishedAt: string | null;
  type: PopupType;
  priority: number;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  design: Partial<PopupDesign>;
  consentText: string | null;
  marketingConsentText: string | null;
  variants: PopupVariantRow[];
  /** The organization's sites this popup runs on. */
  siteIds: string[];
  /** The library items of the variants' images, by id. */
  media: Map<string, MediaSummary>;
}

const asObject = (json: Json | undefined): Record<string, unknown> =>
  json !== null && typeof json === 'object' && !Array.isArray(json) ? json : {};

function readVariant(row: Tables<'popup_variants'>): PopupVariantRow {
  const content = asObject(row.content);
  const text = (key: string) => (typeof content[key] === 'string' ? content[key] : '');
  return {
    id: row.id,
    label: row.label,
    weight: row.weight,
    content: {
      heading: text('heading'),
      text: text('text'),
      field: content.field === 'form' ? 'form' : 'email',
      form_id: typeof content.form_id === 'string' ? content.form_id : null,
      button: text('button'),
      success_heading: text('success_heading'),
      success_text: text('success_text'),
      image_alt: text('image_alt'),
    },
    imageMediaId: row.image_media_id,
    discountCode: row.discount_code,
  };
}

/** The editor's data: the popup, its campaign (name, texts, design, publication), variants and sites. */
export const popupQueryOptions = (popupId: string) =>
  queryOptions({
    queryKey: popupKeys.popup(popupId),
    queryFn: async (): Promise<PopupEditorData> => {
      // An address that cannot be a popup's is a missing popup, not a failed request.
      if (!UUID.test(popupId)) throw new AppError('popup-not-found');
      const [popup, campaign, variants, sites] = await Promise.all([
        supabase
          .from('popups')
          .select('id, organization_id, type, priority, triggers, targeting, frequency, popup_status')
          .eq('id', popupId)
          .maybeSingle(),
        supabase
          .from('campaigns')
          .select('name, published_at, design, consent_text, marketing_consent_text')
          .eq('id', popupId)
          .maybeSingle(),
        supabase.from('popup_variants').select('*').eq('popup_id', popupId).order('label'),
        supabase.from('popups_sites').select('site_id').eq('popup_id', popupId),
      ]);
      const popupRow = unwrap(popup);
      const campaignRow = unwrap(campaign);
      if (!popupRow || !campaignRow) throw new AppError('popup-not-found');
      const variantRows = (unwrap(variants) ?? []).map(readVariant);
      const mediaIds = [
        ...new Set(variantRows.map((row) => row.imageMediaId).filter((id): id is string => Boolean(id))),
      ];
      const media =
        mediaIds.length > 0
          ? (unwrap(
              await supabase.from('organizations_media').select(MEDIA_SUMMARY_COLUMNS).in('id', mediaIds),
            ) ?? [])
          : [];
      return {
        id: popupRow.id,
        organizationId: popupRow.organization_id,
        name: campaignRow.name,
        status: isPopupStatus(popupRow.popup_status) ? popupRow.popup_status : 'draft',
        publishedAt: campaignRow.published_at,
        type: isPopupType(popupRow.type) ? popupRow.type : 'modal',
        priority: popupRow.priority,
        triggers: (Array.isArray(popupRow.triggers) ? popupRow.triggers : []) as unknown as Trigger[],
        targeting: asObject(popupRow.targeting),
        frequency: asObject(popupRow.frequency),
        design: asObject(campaignRow.design),
        consentText: campaignRow.consent_text,
        marketingConsentText: campaignRow.marketing_consent_text,
        variants: variantRows,
        siteIds: (unwrap(sites) ?? []).map((row) => row.site_id),
        media: new Map(media.map((item) => [item.id, item])),
      };
    },
  });
