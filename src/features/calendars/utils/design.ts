import type { CalendarDesign } from '../types';

const HEX = /^#[0-9a-f]{6}$/i;

/** Relative luminance (WCAG 2) of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever reads better on the colour (text on the organization's own colours). */
export const readableOn = (hex: string) => (luminance(hex) > 0.179 ? '#111111' : '#ffffff');

/**
 * The calendar's colours as CSS custom properties for the page's root. Only `#rrggbb` values are used;
 * text on a coloured surface is black or white by contrast, so a light brand colour stays readable.
 */
export function designVariables(design: CalendarDesign | null | undefined): Record<string, string> {
  const variables: Record<string, string> = {};
  const colour = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? value : undefined);
  const primary = colour(design?.primary_color);
  const background = colour(design?.background_color);
  const text = colour(design?.text_color);
  const door = colour(design?.door_color);
  if (primary) {
    variables['--cal-primary'] = primary;
    variables['--cal-on-primary'] = readableOn(primary);
  }
  if (background) {
    variables['--cal-bg'] = background;
    // A chosen text colour that does not read on the background gives way to black or white.
    variables['--cal-text'] =
      text && Math.abs(luminance(text) - luminance(background)) > 0.4 ? text : readableOn(background);
  } else if (text) variables['--cal-text'] = text;
  if (door) {
    variables['--cal-door'] = door;
    variables['--cal-on-door'] = readableOn(door);
  }
  return variables;
}
