import type { Frequency, PopupType, Targeting, Trigger } from '@/popup-snippet/rules/types';
import type { PopupDesign, PopupEditorData, PopupVariantRow } from '../api/get-popup';

export const VARIANT_LABELS = ['A', 'B', 'C', 'D'] as const;
export const MAX_TRIGGERS = 10;
export const MAX_DISCOUNT_CODE = 40;
export const MAX_NAME = 120;
/** The snippet clamps the radius to this; the editor offers the same range. */
export const MAX_RADIUS = 32;
export const DEFAULT_AFTER_CLOSE_DAYS = 30;

export const DEFAULT_DESIGN: PopupDesign = {
  accent: '#0b5cad',
  background: '#ffffff',
  text: '#1a1a1a',
  radius: 12,
};

/** A variant as the editor holds it: a new one has an id made here (the insert sends it). */
export type DraftVariant = Omit<PopupVariantRow, 'discountCode'> & { discountCode: string };

/** Everything the editor changes, saved as a whole: the campaign's columns, the popup's and its variants. */
export type PopupDraft = {
  name: string;
  type: PopupType;
  priority: number;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  design: PopupDesign;
  consentText: string;
  marketingConsentText: string;
  variants: DraftVariant[];
};

export function draftOf(data: PopupEditorData): PopupDraft {
  return {
    name: data.name,
    type: data.type,
    priority: data.priority,
    triggers: data.triggers,
    targeting: data.targeting,
    frequency: data.frequency,
    design: { ...DEFAULT_DESIGN, ...data.design },
    consentText: data.consentText ?? '',
    marketingConsentText: data.marketingConsentText ?? '',
    variants: data.variants.map((variant) => ({ ...variant, discountCode: variant.discountCode ?? '' })),
  };
}

export const weightSum = (variants: readonly { weight: number }[]) =>
  variants.reduce((sum, variant) => sum + (Number.isFinite(variant.weight) ? variant.weight : 0), 0);

/** Weights as even as whole numbers allow, the first ones taking the remainder: 34/33/33. */
export function evenWeights(count: number): number[] {
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, index) => base + (index < 100 - base * count ? 1 : 0));
}

/** A copy of `from` under the first free label, with a new id; null when all four exist. */
export function copyVariant(
  variants: readonly DraftVariant[],
  from: DraftVariant,
  id: string,
): DraftVariant | null {
  const label = VARIANT_LABELS.find((candidate) => !variants.some((variant) => variant.label === candidate));
  if (!label) return null;
  return { ...from, id, label, content: { ...from.content } };
}

/** Adds a copy and spreads the weights evenly (a new arm of a test starts on equal terms). */
export function addVariant(
  variants: readonly DraftVariant[],
  from: DraftVariant,
  id: string,
): DraftVariant[] {
  const copy = copyVariant(variants, from, id);
  if (!copy) return [...variants];
  const next = [...variants, copy];
  const weights = evenWeights(next.length);
  return next.map((variant, index) => ({ ...variant, weight: weights[index] ?? 1 }));
}

/** Removes one (never the last); the remaining weights are spread evenly again. */
export function removeVariant(variants: readonly DraftVariant[], id: string): DraftVariant[] {
  if (variants.length <= 1) return [...variants];
  const next = variants.filter((variant) => variant.id !== id);
  const weights = evenWeights(next.length);
  return next.map((variant, index) => ({ ...variant, weight: weights[index] ?? 1 }));
}
