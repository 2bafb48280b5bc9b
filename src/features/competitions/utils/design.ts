import type { Json } from '@/lib/database.types';

/**
 * `campaigns.design` of a competition as the editor edits it: the page background and its text, the
 * brand colour of buttons and bars, and the library item behind the introduction. Unknown or malformed
 * keys fall back to the defaults, so an older row never breaks the editor; other keys are kept.
 */
export type CompetitionDesign = {
  background_color: string;
  text_color: string;
  primary_color: string;
  background_media_id: string | null;
};
export type DesignColour = 'background_color' | 'text_color' | 'primary_color';

const DEFAULTS: CompetitionDesign = {
  background_color: '#ffffff',
  text_color: '#1a1a1a',
  primary_color: '#0b6e4f',
  background_media_id: null,
};
const HEX = /^#[0-9a-f]{6}$/i;

export function readDesign(value: Json): CompetitionDesign {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const colour = (key: DesignColour) => {
    const candidate = object[key];
    return typeof candidate === 'string' && HEX.test(candidate) ? candidate : DEFAULTS[key];
  };
  const media = object.background_media_id;
  return {
    background_color: colour('background_color'),
    text_color: colour('text_color'),
    primary_color: colour('primary_color'),
    background_media_id: typeof media === 'string' ? media : null,
  };
}

/** The stored design with the edited keys replaced (keys the editor does not know are kept). */
export function writeDesign(stored: Json, design: CompetitionDesign): NonNullable<Json> {
  const object = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return { ...object, ...design };
}
