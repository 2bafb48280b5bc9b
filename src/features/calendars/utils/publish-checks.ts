import type { CalendarEditorData } from '../api/get-calendar';
import { readDesign } from './editor-design';

/** A door with any content a visitor would see. */
const hasContent = (door: CalendarEditorData['doors'][number]) =>
  [door.title, door.body].some((text) => Boolean(text?.trim())) ||
  door.media_id !== null ||
  door.quiz_kind !== null;

/**
 * What publishing needs, from the editor's data: the rules the database checks (a consent text; no
 * purchase requirement together with a prize drawn by chance), and what a visitor would miss.
 */
export function publishChecks(data: CalendarEditorData) {
  const { calendar, doors, prizes } = data;
  return {
    consent: Boolean(calendar.consent_text?.trim()),
    rules: Boolean(calendar.rules_text?.trim()),
    lottery: !(calendar.requires_purchase && prizes.some((prize) => prize.drawn_by_chance)),
    filled: doors.filter(hasContent).length,
    total: doors.length,
  };
}

// A template's `[premiene]`-style gap; a Markdown link's `[text](url)` is not one.
const PLACEHOLDER = /\[[^\]\n]{1,80}\](?!\()/g;

export type PublishGaps = {
  /** Day numbers of the doors with nothing in them. */
  emptyDoors: number[];
  /** Unresolved placeholders by where they are: `rules`, `consent`, `marketing`, or a door's day. */
  placeholders: { where: 'rules' | 'consent' | 'marketing' | number; found: string[] }[];
  /** Prizes without a name or a description. */
  prizesWithoutText: number;
  /** Day numbers of the doors whose picture has no alt text, and whether the background lacks it. */
  doorsWithoutAltText: number[];
  backgroundWithoutAltText: boolean;
};

const found = (text: string | null | undefined) => [...new Set(text?.match(PLACEHOLDER) ?? [])];
const lacksAlt = (data: CalendarEditorData, id: string | null) =>
  id !== null && !data.media.get(id)?.alt_text?.trim();

/** What is still unfinished: «Publiser» lists it and asks for a second yes before publishing anyway. */
export function publishGaps(data: CalendarEditorData): PublishGaps {
  const { calendar, doors, prizes } = data;
  const texts = [
    { where: 'rules' as const, found: found(calendar.rules_text) },
    { where: 'consent' as const, found: found(calendar.consent_text) },
    { where: 'marketing' as const, found: found(calendar.marketing_consent_text) },
    ...doors.map((door) => ({
      where: door.day_number,
      found: found(`${door.title ?? ''}\n${door.body ?? ''}`),
    })),
  ];
  return {
    emptyDoors: doors.filter((door) => !hasContent(door)).map((door) => door.day_number),
    placeholders: texts.filter((text) => text.found.length > 0),
    prizesWithoutText: prizes.filter((prize) => !prize.name.trim() || !prize.description?.trim()).length,
    doorsWithoutAltText: doors.filter((door) => lacksAlt(data, door.media_id)).map((door) => door.day_number),
    backgroundWithoutAltText: lacksAlt(data, readDesign(calendar.design).background_media_id),
  };
}

export const hasGaps = (gaps: PublishGaps) =>
  gaps.emptyDoors.length > 0 ||
  gaps.placeholders.length > 0 ||
  gaps.prizesWithoutText > 0 ||
  gaps.doorsWithoutAltText.length > 0 ||
  gaps.backgroundWithoutAltText;
