/**
 * WCAG 2 contrast of `#rrggbb` colours: the design tokens' test, the editors' colour checks and the
 * public pages (text on an organization's colours) measure with the same arithmetic.
 */

const HEX = /^#([0-9a-f]{6})$/i;

/** Relative luminance (0 … 1) of a `#rrggbb` colour; null for anything else. */
export function luminance(hex: string): number | null {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** Contrast between two `#rrggbb` colours (1 … 21); null when either is not one. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = luminance(foreground);
  const b = luminance(background);
  if (a === null || b === null) return null;
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** Normal text needs 4.5:1 (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Shapes that must be seen (doors, a brand colour) need 3:1 (WCAG 1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

/** Near-black or white, whichever reads better on the colour. */
export function readableOn(hex: string): string {
  return (luminance(hex) ?? 0) > 0.179 ? '#111111' : '#ffffff';
}
