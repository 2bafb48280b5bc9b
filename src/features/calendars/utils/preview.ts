import { osloDayStart } from '@/lib/format';
import type { CalendarEditorData, EditorDoor } from '../api/get-calendar';
import type { CalendarDesign, CalendarStatus, PublicCalendar, PublicDoor, PublicDoorSlot } from '../types';
import { readFormFields } from './door-form';
import { readDesign, type EditorDesign } from './editor-design';

/**
 * The editor's rows in the shapes the public read functions return, at the preview's own clock: so
 * the preview renders with the public pages' components exactly what a visitor would see then.
 */

/** An Oslo date and wall-clock time (HH:MM) as an instant. */
export function osloWallTime(dateKey: string, time: string): Date {
  const start = osloDayStart(dateKey || '1970-01-01');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(start.getTime() + (hours * 60 + minutes) * 60_000);
}

// «Åpne alle luker»: every door open from the beginning of time to its end.
const ALWAYS_FROM = '2000-01-01T00:00:00Z';
const ALWAYS_UNTIL = '2999-12-31T23:59:59Z';

function slotOf(door: EditorDoor, openAll: boolean): PublicDoorSlot {
  return {
    day_number: door.day_number,
    opens_on: door.opens_on,
    opens_at: openAll ? ALWAYS_FROM : door.opens_at,
    closes_at: openAll ? ALWAYS_UNTIL : door.closes_at,
    state: 'locked',
  };
}

function statusAt(doors: EditorDoor[], now: Date, published: boolean): CalendarStatus {
  if (!published) return 'draft';
  const time = now.getTime();
  const first = doors[0];
  const last = doors.at(-1);
  if (!first || !last || time < Date.parse(first.opens_at)) return 'scheduled';
  return time < Date.parse(last.closes_at) ? 'live' : 'ended';
}

/**
 * The calendar page's data at `now`; `design` is the one being edited (the design tab shows it before
 * it is saved), else the saved one.
 */
export function previewCalendar(
  data: CalendarEditorData,
  now: Date,
  openAll: boolean,
  design: EditorDesign = readDesign(data.calendar.design),
) {
  const { calendar, doors } = data;
  const publicDesign: CalendarDesign = { ...design };
  const view: Pick<
    PublicCalendar,
    'id' | 'name' | 'status' | 'show_past_doors' | 'rules_text' | 'doors' | 'winners'
  > = {
    id: calendar.id,
    name: calendar.name,
    status: statusAt(doors, now, Boolean(calendar.published_at)),
    show_past_doors: openAll || calendar.show_past_doors,
    rules_text: calendar.rules_text,
    doors: doors.map((door) => slotOf(door, openAll)),
    winners: [],
  };
  return { calendar: view, design: publicDesign, backgroundId: design.background_media_id };
}

export function previewDoor(
  data: CalendarEditorData,
  door: EditorDoor,
  now: Date,
  openAll: boolean,
): PublicDoor {
  const media = door.media_id ? data.media.get(door.media_id) : undefined;
  const time = now.getTime();
  const quizKind = door.quiz_kind === 'single' || door.quiz_kind === 'text' ? door.quiz_kind : null;
  return {
    day_number: door.day_number,
    opens_at: door.opens_at,
    closes_at: door.closes_at,
    open: openAll || (Date.parse(door.opens_at) <= time && time < Date.parse(door.closes_at)),
    title: door.title,
    body: door.body,
    media: media
      ? {
          type: media.type === 'video' ? 'video' : 'image',
          path: media.url,
          alt_text: media.alt_text,
          width: null,
          height: null,
        }
      : null,
    link_url: door.link_url,
    link_label: door.link_label,
    quiz_kind: quizKind,
    quiz_question: door.quiz_question,
    quiz_options: door.quiz_options,
    form_fields: readFormFields(door.form_fields),
    prizes: data.prizes
      .filter((prize) => prize.item_id === door.id)
      .map((prize) => ({ name: prize.name, description: prize.description })),
  };
}

/**
 * A moment that shows every door state: a minute after the third door opened (or the last door of a
 * shorter calendar), so doors before it are past, it is today's and the rest are still locked.
 */
export function designSampleMoment(data: CalendarEditorData): Date {
  const door = data.doors[Math.min(2, data.doors.length - 1)];
  return door ? new Date(Date.parse(door.opens_at) + 60_000) : new Date();
}
