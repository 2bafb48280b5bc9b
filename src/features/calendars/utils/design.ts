import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import type { CalendarDesign } from '../types';
import { doorStyleOf, THEME_PRESETS, themeOf } from './themes';

const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? value : undefined);

/** The owner's text colour when it reads on its ground (4.5:1), else black or white. */
function textOn(ground: string, chosen: string): string {
  return (contrastRatio(chosen, ground) ?? 0) >= MIN_TEXT_CONTRAST ? chosen : readableOn(ground);
}

/**
 * The calendar's colours as CSS custom properties for the page's root. Only `#rrggbb` values are used.
 * The owner's page and door text colours apply wherever they read at 4.5:1 (the editor flags a pair
 * below that as it is picked); one that does not gives way to black or white, so no visitor meets
 * unreadable text. Text on the brand colour is black or white by contrast.
 */
export function designVariables(design: CalendarDesign | null | undefined): Record<string, string> {
  // Nothing read yet (a page loading, a participation page without its calendar): the app's own look.
  if (!design) return {};
  // A colour not chosen (or malformed) is the theme's, so a new calendar looks like one out of the box.
  const preset = THEME_PRESETS[themeOf(design?.theme)];
  const primary = colour(design?.primary_color) ?? preset.primary_color;
  const background = colour(design?.background_color) ?? preset.background_color;
  const door = colour(design?.door_color) ?? preset.door_color;
  return {
    '--cal-primary': primary,
    '--cal-on-primary': readableOn(primary),
    '--cal-bg': background,
    '--cal-text': textOn(background, colour(design?.text_color) ?? preset.text_color),
    '--cal-door': door,
    '--cal-on-door': textOn(door, colour(design?.door_text_color) ?? preset.door_text_color),
  };
}

/** The theme and door style as the data attributes the public stylesheet draws them by. */
export function designAttributes(design: CalendarDesign | null | undefined) {
  return {
    'data-calendar-theme': themeOf(design?.theme),
    'data-door-style': doorStyleOf(design?.door_style),
  };
}
