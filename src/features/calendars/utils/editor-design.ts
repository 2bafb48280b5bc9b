import type { Json } from '@/lib/database.types';
import {
  DEFAULT_DOOR_STYLE,
  DEFAULT_THEME,
  doorStyleOf,
  THEME_PRESETS,
  themeOf,
  type CalendarTheme,
  type DesignColour,
  type DoorStyle,
} from './themes';

/**
 * `calendars.design` as the editor edits it, in the keys the public pages read: the page background
 * and its text, the doors' face and their text, the brand colour of buttons, links and today's door,
 * the theme and door style, plus the library item behind the page. Unknown or malformed keys fall back
 * to the defaults, so an older row never breaks the editor.
 */
export type EditorDesign = {
  background_color: string;
  text_color: string;
  door_color: string;
  door_text_color: string;
  primary_color: string;
  theme: CalendarTheme;
  door_style: DoorStyle;
  background_media_id: string | null;
};

export type { DesignColour };

export const DEFAULT_DESIGN: EditorDesign = {
  ...THEME_PRESETS[DEFAULT_THEME],
  theme: DEFAULT_THEME,
  door_style: DEFAULT_DOOR_STYLE,
  background_media_id: null,
};

const HEX = /^#[0-9a-f]{6}$/i;

export function readDesign(value: Json): EditorDesign {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const theme = themeOf(object.theme);
  const colour = (key: DesignColour) => {
    const candidate = object[key];
    return typeof candidate === 'string' && HEX.test(candidate) ? candidate : THEME_PRESETS[theme][key];
  };
  const media = object.background_media_id;
  return {
    background_color: colour('background_color'),
    text_color: colour('text_color'),
    door_color: colour('door_color'),
    door_text_color: colour('door_text_color'),
    primary_color: colour('primary_color'),
    theme,
    door_style:
      object.door_style === undefined ? THEME_PRESETS[theme].door_style : doorStyleOf(object.door_style),
    background_media_id: typeof media === 'string' ? media : null,
  };
}

/** A theme picked: its colours and doors, the background picture kept. */
export function applyTheme(design: EditorDesign, theme: CalendarTheme): EditorDesign {
  return { ...design, ...THEME_PRESETS[theme], theme };
}
