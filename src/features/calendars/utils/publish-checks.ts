import type { CalendarEditorData } from '../api/get-calendar';

/**
 * What publishing needs, from the editor's data: the rules the database checks (a consent text; no
 * purchase requirement together with a prize drawn by chance), and what a visitor would miss.
 */
export function publishChecks({ calendar, doors, prizes }: CalendarEditorData) {
  const filled = doors.filter(
    (door) => [door.title, door.body].some(Boolean) || door.media_id !== null || door.quiz_kind !== null,
  ).length;
  return {
    consent: Boolean(calendar.consent_text?.trim()),
    rules: Boolean(calendar.rules_text?.trim()),
    lottery: !(calendar.requires_purchase && prizes.some((prize) => prize.drawn_by_chance)),
    filled,
    total: doors.length,
  };
}
