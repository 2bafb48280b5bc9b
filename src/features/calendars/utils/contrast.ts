/** WCAG 2 contrast between two #rrggbb colours (1 … 21); null for anything else. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = luminance(foreground);
  const b = luminance(background);
  if (a === null || b === null) return null;
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** Normal text needs 4.5:1 (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Shapes that must be seen (the doors, the brand colour) need 3:1 (WCAG 1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

/** Black or white, whichever reads better on the colour: what the public pages put on doors and buttons. */
export function readableOn(hex: string): string {
  const l = luminance(hex) ?? 0;
  return l > 0.179 ? '#111111' : '#ffffff';
}
