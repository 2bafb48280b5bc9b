import type { Popup, Variant } from './types';

/** FNV-1a, 32 bits: spreads visitor ids evenly, in a few bytes of code. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * The visitor's variant: the one picked before while it still exists, else the visitor id hashed with
 * the popup's into 0–99 against the cumulative weights (the same visitor always lands on the same one).
 */
export function pickVariant(popup: Popup, visitor: string, remembered?: string): Variant | undefined {
  const kept = popup.variants.find((variant) => variant.id === remembered);
  if (kept) return kept;
  const bucket = hash(`${visitor}:${popup.id}`) % 100;
  let total = 0;
  for (const variant of popup.variants) {
    total += variant.weight;
    if (bucket < total) return variant;
  }
  return popup.variants[popup.variants.length - 1];
}
