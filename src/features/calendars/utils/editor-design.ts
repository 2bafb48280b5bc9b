import type { Json } from '@/lib/database.types';

/**
 * `calendars.design` as the editor edits it, in the keys the public pages read: the page background
 * and its text, the doors' face, and the brand colour of buttons, links and today's door (text on
 * doors and buttons is black or white by contrast there), plus the library item behind the page.
 * Unknown or malformed keys fall back to the defaults, so an older row never breaks the editor.
 */
export type EditorDesign = {
  background_color: string;
  text_color: string;
  door_color: string;
  primary_color: string;
  background_media_id: string | null;
};

export type DesignColour = Exclude<keyof EditorDesign, 'background_media_id'>;

export const DEFAULT_DESIGN: EditorDesign = {
  background_color: '#0b3d2e',
  text_color: '#ffffff',
  door_color: '#b3202a',
  primary_color: '#f2c14e',
  background_media_id: null,
};

const HEX = /^#[0-9a-f]{6}$/i;

export function readDesign(value: Json): EditorDesign {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const colour = (key: DesignColour) => {
    const candidate = object[key];
    return typeof candidate === 'string' && HEX.test(candidate) ? candidate : DEFAULT_DESIGN[key];
  };
  const media = object.background_media_id;
  return {
    background_color: colour('background_color'),
    text_color: colour('text_color'),
    door_color: colour('door_color'),
    primary_color: colour('primary_color'),
    background_media_id: typeof media === 'string' ? media : null,
  };
}
