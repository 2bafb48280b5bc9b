import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';

type JsonObject = NonNullable<Json>;
import { AppError, toAppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { DraftVariant, PopupDraft } from '../utils/popup-draft';
import { popupKeys } from './keys';

/**
 * A refused save: the error, the field it is about when the database named a check we know, and what
 * was written before it (the next save sends only the rest, so no insert is sent twice).
 */
export class PopupSaveRefusal extends Error {
  constructor(
    readonly error: AppError,
    readonly savedSoFar: PopupDraft,
    readonly field: string | null,
  ) {
    super(error.code);
    this.name = 'PopupSaveRefusal';
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A check constraint's name in PostgreSQL's message → the editor's field. */
function refusedField(error: AppError, variant?: DraftVariant): string | null {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const message = typeof cause?.message === 'string' ? cause.message : '';
  if (cause?.code !== '23514') return null;
  const at = variant ? `variants.${variant.label}` : 'variants';
  if (message.includes('consent_before_publish')) return 'consentText';
  if (message.includes('discount_code')) return `${at}.discountCode`;
  if (message.includes('weight')) return `${at}.weight`;
  if (message.includes('content')) return `${at}.heading`;
  if (message.includes('priority')) return 'priority';
  if (message.includes('triggers')) return 'triggers';
  if (message.includes('targeting')) return 'targeting';
  if (message.includes('campaigns_name')) return 'name';
  return null;
}

/** A check violation becomes `popup-invalid` (the catalogue's words); anything else keeps its code. */
function refusal(error: unknown, savedSoFar: PopupDraft, variant?: DraftVariant): PopupSaveRefusal {
  const appError = toAppError(error);
  const field = refusedField(appError, variant);
  return new PopupSaveRefusal(
    field ? new AppError('popup-invalid', { cause: appError.cause }) : appError,
    savedSoFar,
    field,
  );
}

const contentOf = (variant: DraftVariant): JsonObject => ({
  ...variant.content,
  image_alt: variant.content.image_alt?.trim() ?? '',
});

const variantColumns = (variant: DraftVariant) => ({
  label: variant.label,
  weight: variant.weight,
  content: contentOf(variant),
  image_media_id: variant.imageMediaId,
  discount_code: variant.discountCode.trim() || null,
});

/**
 * Writes what changed between `saved` and `next`: the campaign (name, design, consent texts), the
 * popup's own columns, then the variants (deletes before inserts, so a label set free can be taken
 * again). Resolves with what is saved now.
 */
export async function savePopupDraft(
  popupId: string,
  organizationId: string,
  saved: PopupDraft,
  next: PopupDraft,
): Promise<PopupDraft> {
  let done = saved;
  const campaign = {
    name: next.name.trim(),
    design: next.design as unknown as JsonObject,
    consent_text: next.consentText.trim() || null,
    marketing_consent_text: next.marketingConsentText.trim() || null,
  };
  if (
    saved.name.trim() !== campaign.name ||
    !same(saved.design, next.design) ||
    saved.consentText.trim() !== next.consentText.trim() ||
    saved.marketingConsentText.trim() !== next.marketingConsentText.trim()
  ) {
    try {
      unwrap(await supabase.from('campaigns').update(campaign).eq('id', popupId).select('id').single());
    } catch (error) {
      throw refusal(error, done);
    }
    done = {
      ...done,
      name: next.name,
      design: next.design,
      consentText: next.consentText,
      marketingConsentText: next.marketingConsentText,
    };
  }

  const own = {
    type: next.type,
    priority: next.priority,
    triggers: next.triggers as unknown as JsonObject,
    targeting: next.targeting as unknown as JsonObject,
    frequency: next.frequency as unknown as JsonObject,
  };
  if (
    saved.type !== next.type ||
    saved.priority !== next.priority ||
    !same(saved.triggers, next.triggers) ||
    !same(saved.targeting, next.targeting) ||
    !same(saved.frequency, next.frequency)
  ) {
    try {
      unwrap(await supabase.from('popups').update(own).eq('id', popupId).select('id').single());
    } catch (error) {
      throw refusal(error, done);
    }
    done = {
      ...done,
      type: next.type,
      priority: next.priority,
      triggers: next.triggers,
      targeting: next.targeting,
      frequency: next.frequency,
    };
  }

  let variants = [...done.variants];
  const removed = variants.filter((variant) => !next.variants.some((item) => item.id === variant.id));
  if (removed.length > 0) {
    try {
      unwrap(
        await supabase
          .from('popup_variants')
          .delete()
          .in(
            'id',
            removed.map((variant) => variant.id),
          ),
      );
    } catch (error) {
      throw refusal(error, done);
    }
    variants = variants.filter((variant) => !removed.includes(variant));
    done = { ...done, variants };
  }
  for (const variant of next.variants) {
    const before = variants.find((item) => item.id === variant.id);
    if (before && same(before, variant)) continue;
    try {
      if (before)
        unwrap(
          await supabase
            .from('popup_variants')
            .update(variantColumns(variant))
            .eq('id', variant.id)
            .select('id')
            .single(),
        );
      else
        unwrap(
          await supabase.from('popup_variants').insert({
            id: variant.id,
            popup_id: popupId,
            organization_id: organizationId,
            ...variantColumns(variant),
          }),
        );
    } catch (error) {
      throw refusal(error, done, variant);
    }
    variants = before
      ? variants.map((item) => (item.id === variant.id ? variant : item))
      : [...variants, variant];
    done = { ...done, variants };
  }
  // The order the editor shows.
  return { ...done, variants: next.variants };
}

/** The autosave's write; the list's figures and the editor's read (status, images) follow it. */
export function useSavePopup(popupId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saved, next }: { saved: PopupDraft; next: PopupDraft }) =>
      savePopupDraft(popupId, organizationId, saved, next),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: popupKeys.popup(popupId), exact: true }),
        queryClient.invalidateQueries({ queryKey: popupKeys.lists(organizationId) }),
      ]),
  });
}
