import type { Json } from '@/lib/database.types';

/**
 * The editor's format of `calendars.design`: colours of the public pages and the library item behind
 * them. Unknown or malformed keys fall back to the defaults, so an older row never breaks the editor.
 */
export type CalendarDesign = {
  background_color: string;
  text_color: string;
  door_color: string;
  door_text_color: string;
  accent_color: string;
  background_media_id: string | null;
};

export const DEFAULT_DESIGN: CalendarDesign = {
  background_color: '#0b3d2e',
  text_color: '#ffffff',
  door_color: '#b3202a',
  door_text_color: '#ffffff',
  accent_color: '#f2c14e',
  background_media_id: null,
};

const HEX = /^#[0-9a-f]{6}$/i;

export function readDesign(value: Json): CalendarDesign {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const colour = (key: Exclude<keyof CalendarDesign, 'background_media_id'>) => {
    const candidate = object[key];
    return typeof candidate === 'string' && HEX.test(candidate) ? candidate : DEFAULT_DESIGN[key];
  };
  const media = object.background_media_id;
  return {
    background_color: colour('background_color'),
    text_color: colour('text_color'),
    door_color: colour('door_color'),
    door_text_color: colour('door_text_color'),
    accent_color: colour('accent_color'),
    background_media_id: typeof media === 'string' ? media : null,
  };
}
